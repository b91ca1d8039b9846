// The GPU side of a campaign: each thread generates its inputs from (class key, index), runs
// the implementation, and writes inputs and result for the host to judge. Exhaustive sweeps,
// whose input is the index itself, write results only (inputs == nullptr): a third of the
// traffic over the bus. One kernel per
// (impl, class), generated from the impl list.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <string_view>

#include "corpus/generators.h"
#include "kernels/device_impls.cuh"
#include "kernels/impl_list.h"
#include "reference/ff_verdict.h"

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

template <class Impl, class Generator>
__global__ void evaluate(Impl impl, Generator generator, uint64_t begin, uint64_t count,
                         Operands* inputs, uint64_t* results) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride) {
        const Operands in = generator(begin + i);
        if (inputs != nullptr) inputs[i] = in;
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

#define FPV_GPU_DISPATCH(op, variant, ...) \
    if (impl == Impl_##op##_##variant::name) return launch_impl<Impl_##op##_##variant, OpId::op>(g, a), true;

// The impls compiled with other nvcc flags, each list in a translation unit of its own
// (verifier/gpu_config_*.cu): true when `impl` was one of them and its kernel was launched.
bool launch_config_ieee(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a);
bool launch_config_approx(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a);
bool launch_config_ieee_ftz(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a);
bool launch_config_approx_ftz(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a);
// Plug-in impls (verifier/gpu_plugins.cu).
bool launch_plugin(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a);

inline bool launch_main(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a) {
    FPV_PORTABLE_IMPLS(FPV_GPU_DISPATCH)
    FPV_DEVICE_ONLY_IMPLS(FPV_GPU_DISPATCH)
    return false;
}

// Judges the float-float results a.results[0, a.count) of inputs a.inputs with the fast
// reference into verdicts[] (verifier/gpu_judge.cu).
void launch_judge_float_float(const FloatFloatClaim& claim, const LaunchArgs& a, CompactVerdict* verdicts);

// Launches the evaluation kernel of `impl` for the unit's generator. Throws for an impl
// without one.
inline void launch_evaluate(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a) {
    if (launch_main(impl, g, a) || launch_config_ieee(impl, g, a) || launch_config_approx(impl, g, a) ||
        launch_config_ieee_ftz(impl, g, a) || launch_config_approx_ftz(impl, g, a) || launch_plugin(impl, g, a)) {
        return;
    }
    throw std::logic_error("no GPU kernel for " + std::string(impl));
}

}  // namespace fpv::gpu
