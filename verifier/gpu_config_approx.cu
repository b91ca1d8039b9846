// Impls whose meaning depends on nvcc's flags, compiled here with -prec-div=false -prec-sqrt=false -ftz=false
// (the Makefile gives this file those flags).
#include "kernels/cuda_functions.cuh"
#include "verifier/gpu_kernels.cuh"

namespace fpv::gpu {

FPV_CUDA_APPROX_IMPLS(FPV_GPU_FUNCTOR)

bool launch_config_approx(std::string_view impl, const GeneratorSpec& g, const LaunchArgs& a) {
    FPV_CUDA_APPROX_IMPLS(FPV_GPU_DISPATCH)
    return false;
}

}  // namespace fpv::gpu
