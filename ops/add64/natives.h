// The native add baselines: the host FPU and the GPU's __dadd_r{n,z,u,d}.
#pragma once

#include "ops/binary64/rounded_natives.h"

namespace fpv::add64 {

struct Sum {
    static constexpr std::string_view domain = "all binary64 operands";
    // GCC may compute b op a: which NaN operand comes back depends on its register allocation.
    static constexpr NanRule host_nans = NanRule::operand;
    static constexpr std::array<std::string_view, 4> host_summary = {
        "the host FPU's addition (baseline)",
        "the host FPU's addition under FE_TOWARDZERO (baseline)",
        "the host FPU's addition under FE_UPWARD (baseline)",
        "the host FPU's addition under FE_DOWNWARD (baseline)"};
    static constexpr std::array<std::string_view, 4> cuda_summary = {
        "the GPU's own __dadd_rn (baseline)",
        "the GPU's own __dadd_rz (baseline)",
        "the GPU's own __dadd_ru (baseline)",
        "the GPU's own __dadd_rd (baseline)"};
    static double host(double a, double b) { return a + b; }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double a, double b) { return FPV_CUDA_ROUNDED(R, __dadd, a, b); }
#endif
};

}  // namespace fpv::add64
