// The kernels of the impls built with one set of nvcc flags. What the same source computes
// depends on -prec-div, -prec-sqrt and -ftz, so the Makefile compiles this file once per set,
// naming it in FPV_NVCC_CONFIG (standard, ieee, approx, ieee_ftz, approx_ftz, fast_math) and giving it its
// flags. A set with many impls is compiled in FPV_CONFIG_PARTS parts, which build in parallel:
// this object instantiates the kernels of part FPV_CONFIG_PART of the impls that name the set,
// and registers its launcher (verifier/gpu/launch.cu).
#include "verifier/gpu/kernels.cuh"

#if !defined(FPV_NVCC_CONFIG) || !defined(FPV_CONFIG_PART) || !defined(FPV_CONFIG_PARTS)
#error "compile with -DFPV_NVCC_CONFIG=standard (or ieee, approx, ieee_ftz, approx_ftz, fast_math), -DFPV_CONFIG_PART=k and -DFPV_CONFIG_PARTS=n"
#endif

namespace fpv::gpu {
namespace {

bool launch_part(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
    return launch_in_config<NvccConfig::FPV_NVCC_CONFIG, FPV_CONFIG_PART, FPV_CONFIG_PARTS>(impl, inputs, params, a);
}

[[maybe_unused]] const bool registered = register_kernels(launch_part);

}  // namespace
}  // namespace fpv::gpu
