// The ceiling that a verified GPU campaign is read against (`bench --backend gpu`): a kernel
// that generates the class's inputs as the campaign's kernel does, runs the impl, and compares
// each result bit for bit with CUDA's own correctly rounded instruction for the op in the impl's
// rounding mode. Nothing is judged, handed over, copied or stored: what a campaign does beyond
// this is the verification's own cost.
#include <algorithm>
#include <type_traits>

#include "ops/dispatch.h"
#include "ops/ops.h"
#include "verifier/gpu/backend.h"
#include "verifier/gpu/cuda_check.cuh"

namespace fpv {
namespace {

template <class Impl>
concept RoundingInstruction = requires { Impl::kRoundingInstruction; };

// The op's native that is one correctly rounded instruction in rounding R; void where none is.
template <Rounding R, class List>
struct InstructionIn {
    using type = void;
};
template <Rounding R, class T, class... Rest>
struct InstructionIn<R, TypeList<T, Rest...>> {
    using type = std::conditional_t<RoundingInstruction<T> && T::spec.rounding == R, T,
                                    typename InstructionIn<R, TypeList<Rest...>>::type>;
};

// The inputs of the class at `class_index`: one kernel per impl serves every class of its op
// (a uniform branch per input), which keeps nvcc's work to one copy of the impl.
template <class... Classes>
__device__ FPV_INLINE Operands generate_in(TypeList<Classes...>, int class_index, const ClassParams& p,
                                           uint64_t index) {
    Operands in;
    int at = 0;
    ((at++ == class_index ? (void)(in = Classes::generate(p, index)) : (void)0), ...);
    return in;
}

// Every result is also folded by xor, and the fold written out only where it equals `keep_if`, an
// arbitrary value from the host: the compiler must compute each result even where the impl is
// the instruction itself, whose comparison with itself it would otherwise drop with the impl.
template <class Op, class Impl, class Instruction>
__global__ void against_instruction(int class_index, ClassParams params, uint64_t begin, uint64_t count,
                                    uint64_t keep_if, unsigned long long* differing, uint64_t* fold_out) {
    unsigned long long differ = 0;
    uint64_t fold = 0;
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        const Operands in = generate_in(typename Op::classes{}, class_index, params, begin + i);
        const uint64_t result = run_impl<Op, Impl>(in);
        differ += result != run_impl<Op, Instruction>(in);
        fold ^= result;
    }
    if (fold == keep_if) *fold_out = fold;
    for (int offset = 16; offset > 0; offset /= 2) differ += __shfl_down_sync(0xffffffffu, differ, offset);
    if ((threadIdx.x & 31u) == 0 && differ != 0) atomicAdd(differing, differ);
}

}  // namespace

InstructionCeiling gpu_instruction_ceiling(const ImplInfo& impl, const InputSet& inputs, int device,
                                           double seconds) {
    InstructionCeiling c;
    if (inputs.is_vector_file()) {
        c.why_not = "a vector file's operands are not generated on the GPU";
        return c;
    }
    FPV_CUDA(cudaSetDevice(device));
    cudaDeviceProp prop;
    FPV_CUDA(cudaGetDeviceProperties(&prop, device));
    unsigned long long* differing = nullptr;
    uint64_t* fold = nullptr;
    FPV_CUDA(cudaMalloc(&differing, sizeof(unsigned long long)));
    FPV_CUDA(cudaMalloc(&fold, sizeof(uint64_t)));
    cudaEvent_t start, stop;
    FPV_CUDA(cudaEventCreate(&start));
    FPV_CUDA(cudaEventCreate(&stop));
    bool found = false;
    with_op(impl.op, [&](auto op_tag) {
        using Op = typename decltype(op_tag)::type;
        for_each_type(concat_t<typename Op::impls, typename Op::natives>{}, [&](auto impl_type) {
            using Impl = typename decltype(impl_type)::type;
            if constexpr (Impl::where != Where::host && Impl::nvcc == NvccConfig::standard) {
                using Instruction = typename InstructionIn<Impl::spec.rounding, typename Op::natives>::type;
                if constexpr (!std::is_void_v<Instruction>) {
                    if (found || impl.plugin || impl.variant() != Impl::spec.variant) return;
                    found = true;
                    c.instruction = std::string(Op::name) + "." + std::string(Instruction::spec.variant);
                    const unsigned block = 256, grid = static_cast<unsigned>(prop.multiProcessorCount) * 16;
                    const auto timed = [&](uint64_t begin, uint64_t count) {
                        FPV_CUDA(cudaMemset(differing, 0, sizeof(unsigned long long)));
                        FPV_CUDA(cudaEventRecord(start));
                        against_instruction<Op, Impl, Instruction><<<grid, block>>>(
                            static_cast<int>(inputs.class_index), inputs.params(), begin, count, begin + count + 1, differing,
                            fold);
                        FPV_CUDA(cudaGetLastError());
                        FPV_CUDA(cudaEventRecord(stop));
                        FPV_CUDA(cudaEventSynchronize(stop));
                        float ms = 0;
                        FPV_CUDA(cudaEventElapsedTime(&ms, start, stop));
                        return ms / 1e3;
                    };
                    // A launch that loads the module and warms the clocks, one that sizes the
                    // timed ones to `seconds` / 3 each, then the fastest of three launches over
                    // distinct inputs (the class's first ones, as a campaign's). A class of a few
                    // thousand inputs measures little more than a launch.
                    const uint64_t probe = std::min<uint64_t>(inputs.size, uint64_t{1} << 30);
                    timed(0, std::min<uint64_t>(probe, uint64_t{1} << 24));
                    const double probe_seconds = std::max(timed(0, probe), 1e-6);
                    const uint64_t most = std::max<uint64_t>(1, inputs.size / 3 > 0 ? inputs.size / 3 : inputs.size);
                    const double wanted = static_cast<double>(probe) / probe_seconds * seconds / 3;
                    const uint64_t count = wanted >= static_cast<double>(most) ? most
                                                                               : std::max<uint64_t>(1, static_cast<uint64_t>(wanted));
                    c.seconds = 1e30;
                    for (int run = 0; run < 3; ++run) {
                        const uint64_t begin = inputs.size / 3 > 0 ? count * static_cast<uint64_t>(run) : 0;
                        const double s = timed(begin, count);
                        unsigned long long differ = 0;
                        FPV_CUDA(cudaMemcpy(&differ, differing, sizeof differ, cudaMemcpyDeviceToHost));
                        c.differing += differ;
                        c.compared += count;
                        c.seconds = std::min(c.seconds, s);
                    }
                    c.inputs = count;
                }
            }
        });
    });
    if (!found) {
        c.why_not = impl.plugin ? "a plug-in impl's kernels are built apart"
                                : "CUDA has no correctly rounded instruction for this impl's op and rounding mode, or the "
                                  "impl is built with other nvcc flags";
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(differing);
    cudaFree(fold);
    return c;
}

}  // namespace fpv
