// The GPU side of a campaign: each thread generates its inputs from (class key, index), runs
// the implementation, and writes inputs and result for the host to judge. One kernel per
// (impl, class), generated from the impl list.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <string_view>

#include "corpus/generators.h"
#include "kernels/device_impls.cuh"
#include "kernels/impl_list.h"

namespace fpv::gpu {

// A named functor per impl, so that kernels can be instantiated for it.
#define FPV_GPU_FUNCTOR(op, variant, fn, ...)                                                 \
    struct Impl_##op##_##variant {                                                            \
        static constexpr const char* name = #op "." #variant;                                 \
        __device__ __forceinline__ uint64_t operator()(uint64_t a, uint64_t b) const {        \
            return fn(a, b);                                                                  \
        }                                                                                     \
    };
FPV_PORTABLE_IMPLS(FPV_GPU_FUNCTOR)
FPV_DEVICE_ONLY_IMPLS(FPV_GPU_FUNCTOR)
#undef FPV_GPU_FUNCTOR

template <class Impl, class Generator>
__global__ void evaluate(Impl impl, Generator generator, uint64_t begin, uint64_t count,
                         Operands* inputs, uint64_t* results) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride) {
        const Operands in = generator(begin + i);
        inputs[i] = in;
        results[i] = impl(in.a, in.b);
    }
}

struct LaunchArgs {
    unsigned grid = 0, block = 256;
    cudaStream_t stream = nullptr;
    uint64_t begin = 0, count = 0;
    Operands* inputs = nullptr;
    uint64_t* results = nullptr;
};

template <class Impl, OpId kOp>
void launch_impl(const GeneratorSpec& g, const LaunchArgs& a) {
    with_generator<kOp>(g, [&](auto generator) {
        evaluate<<<a.grid, a.block, 0, a.stream>>>(Impl{}, generator, a.begin, a.count, a.inputs,
                                                    a.results);
    });
}

// Launches the evaluation kernel of `impl` for the unit's generator. Throws for an impl
// without one.
inline void launch_evaluate(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a) {
#define FPV_GPU_DISPATCH(op, variant, ...) \
    if (impl == Impl_##op##_##variant::name) return launch_impl<Impl_##op##_##variant, OpId::op>(g, a);
    FPV_PORTABLE_IMPLS(FPV_GPU_DISPATCH)
    FPV_DEVICE_ONLY_IMPLS(FPV_GPU_DISPATCH)
#undef FPV_GPU_DISPATCH
    throw std::logic_error("no GPU kernel for " + std::string(impl));
}

}  // namespace fpv::gpu
