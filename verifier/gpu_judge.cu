// The fast float-float reference on the GPU: each thread judges one result exactly in integer
// arithmetic (reference/ff_verdict.h), so the host's cores only tally the verdicts and have MPFR
// recompute a sample. Compiled with fpverify's default nvcc flags (IEEE binary32, no FTZ), apart
// from the impls it judges, whatever flags built those.
#include "reference/ff_verdict.h"
#include "verifier/gpu_kernels.cuh"

namespace fpv::gpu {
namespace {

__global__ void judge_float_float(FloatFloatClaim claim, const Operands* inputs, const uint64_t* results,
                                  uint64_t count, CompactVerdict* verdicts) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        verdicts[i] = judge_float_float_exactly(claim, inputs[i], results[i]);
    }
}

}  // namespace

void launch_judge_float_float(const FloatFloatClaim& claim, const LaunchArgs& a, CompactVerdict* verdicts) {
    judge_float_float<<<a.grid, a.block, 0, a.stream>>>(claim, a.inputs, a.results, a.count, verdicts);
}

}  // namespace fpv::gpu
