// The fast float-float reference on the GPU: each thread judges one result exactly in integer
// arithmetic (reference/ff_verdict.h), so the host's cores only tally the verdicts and have MPFR
// recompute a sample. Compiled with fpverify's default nvcc flags (IEEE binary32, no FTZ), apart
// from the impls it judges, whatever flags built those.
#include "reference/ff_judge.h"
#include "verifier/gpu/kernels.cuh"

namespace fpv::gpu {
namespace {

template <class Op>
__global__ void judge_float_float(FloatFloatClaim claim, const Operands* inputs, const uint64_t* results,
                                  uint64_t count, CompactVerdict* verdicts) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        verdicts[i] = judge_float_float_exactly<Op>(claim, inputs[i], results[i]);
    }
}

}  // namespace

void launch_judge_float_float(const ImplInfo& impl, const LaunchArgs& a, CompactVerdict* verdicts) {
    with_op(impl.op, [&](auto op_tag) {
        using Op = typename decltype(op_tag)::type;
        if constexpr (Op::metric == Metric::relative_u2) {
            judge_float_float<Op><<<a.grid, a.block, 0, a.stream>>>(claim_of(impl.spec), a.k.inputs, a.k.results,
                                                                    a.k.count, verdicts);
        } else {
            throw std::logic_error("the GPU judges float-float ops only: " + impl.name);
        }
    });
}

}  // namespace fpv::gpu
