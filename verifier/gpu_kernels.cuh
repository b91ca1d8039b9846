// The GPU side of a campaign: each thread generates its inputs from (class key, index), runs
// the implementation, and writes inputs and result for the host to judge. One kernel per
// (impl, class), generated from the impl list.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <string_view>

#include "corpus/div64_classes.h"
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

template <class Impl, div64::InputClass C>
__global__ void evaluate(Impl impl, uint64_t key, uint64_t begin, uint64_t count,
                         const Operands* vectors, Operands* inputs, uint64_t* results) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride) {
        const Operands in = div64::generate_in<C>(key, begin + i, vectors);
        inputs[i] = in;
        results[i] = impl(in.a, in.b);
    }
}

struct LaunchArgs {
    unsigned grid = 0, block = 256;
    cudaStream_t stream = nullptr;
    uint64_t key = 0, begin = 0, count = 0;
    const Operands* vectors = nullptr;
    Operands* inputs = nullptr;
    uint64_t* results = nullptr;
};

template <class Impl, div64::InputClass C>
void launch_one(const LaunchArgs& a) {
    evaluate<Impl, C><<<a.grid, a.block, 0, a.stream>>>(Impl{}, a.key, a.begin, a.count, a.vectors,
                                                         a.inputs, a.results);
}

template <class Impl>
void launch_for_class(div64::InputClass c, const LaunchArgs& a) {
    using C = div64::InputClass;
    switch (c) {
        case C::specials: return launch_one<Impl, C::specials>(a);
        case C::subnormal: return launch_one<Impl, C::subnormal>(a);
        case C::underflow: return launch_one<Impl, C::underflow>(a);
        case C::overflow: return launch_one<Impl, C::overflow>(a);
        case C::ties: return launch_one<Impl, C::ties>(a);
        case C::midpoint: return launch_one<Impl, C::midpoint>(a);
        case C::random: return launch_one<Impl, C::random>(a);
        case C::normal: return launch_one<Impl, C::normal>(a);
        case C::patterns: return launch_one<Impl, C::patterns>(a);
        case C::vectors: return launch_one<Impl, C::vectors>(a);
    }
}

// Launches the evaluation kernel of `impl` for class `c`. Throws for an impl without one.
inline void launch_evaluate(std::string_view impl, div64::InputClass c, const LaunchArgs& a) {
#define FPV_GPU_DISPATCH(op, variant, ...) \
    if (impl == Impl_##op##_##variant::name) return launch_for_class<Impl_##op##_##variant>(c, a);
    FPV_PORTABLE_IMPLS(FPV_GPU_DISPATCH)
    FPV_DEVICE_ONLY_IMPLS(FPV_GPU_DISPATCH)
#undef FPV_GPU_DISPATCH
    throw std::logic_error("no GPU kernel for " + std::string(impl));
}

}  // namespace fpv::gpu
