// Kernels for plug-in impls (make EXTRA_IMPLS=/path/header.h): the user's header, read after
// kernels/cuda_compat.h, compiled with fpverify's default nvcc flags. Without a plug-in there is
// nothing to launch.
#include "verifier/gpu_kernels.cuh"

#if defined(FPV_EXTRA_IMPLS_HEADER)
#include "kernels/cuda_compat.h"
#include FPV_EXTRA_IMPLS_HEADER

namespace fpv::gpu {

// Only impls registered with `gpu` or `cpu_gpu` get a kernel.
#define FPV_PLUGIN_ON_GPU_cpu(...)
#define FPV_PLUGIN_ON_GPU_gpu(macro, ...) macro(__VA_ARGS__)
#define FPV_PLUGIN_ON_GPU_cpu_gpu(macro, ...) macro(__VA_ARGS__)
#define FPV_PLUGIN_FUNCTOR(op, variant, fn, where, ...) FPV_PLUGIN_ON_GPU_##where(FPV_GPU_FUNCTOR, op, variant, fn)
#define FPV_PLUGIN_DISPATCH(op, variant, fn, where, ...) FPV_PLUGIN_ON_GPU_##where(FPV_GPU_DISPATCH, op, variant, fn)

FPV_PLUGIN_IMPLS(FPV_PLUGIN_FUNCTOR)

bool launch_plugin(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a) {
    FPV_PLUGIN_IMPLS(FPV_PLUGIN_DISPATCH)
    return false;
}

}  // namespace fpv::gpu

#else

namespace fpv::gpu {

bool launch_plugin(std::string_view, const GeneratorSpec&, const LaunchArgs&) { return false; }

}  // namespace fpv::gpu

#endif
