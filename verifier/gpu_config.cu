// The kernels of the impls built with one set of nvcc flags. What the same source computes
// depends on -prec-div, -prec-sqrt and -ftz, so the Makefile compiles this file once per set,
// naming it in FPV_NVCC_CONFIG (standard, ieee, approx, ieee_ftz, approx_ftz) and giving it its
// flags; each object instantiates the kernels of the impls that name that set.
#include "verifier/gpu_kernels.cuh"

#if !defined(FPV_NVCC_CONFIG)
#error "compile with -DFPV_NVCC_CONFIG=standard (or ieee, approx, ieee_ftz, approx_ftz)"
#endif

#define FPV_CONFIG_FUNCTION(config) FPV_CONFIG_FUNCTION_OF(config)
#define FPV_CONFIG_FUNCTION_OF(config) launch_config_##config

namespace fpv::gpu {

bool FPV_CONFIG_FUNCTION(FPV_NVCC_CONFIG)(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params,
                                          const LaunchArgs& a) {
    return launch_in_config<NvccConfig::FPV_NVCC_CONFIG>(impl, inputs, params, a);
}

}  // namespace fpv::gpu
