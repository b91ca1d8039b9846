// The native sub baselines: the host FPU and the GPU's __dsub_r{n,z,u,d}.
#pragma once

#include "ops/binary64/rounded_natives.h"

namespace fpv::sub64 {

struct Difference {
    static constexpr std::string_view domain = "all binary64 operands";
    static constexpr std::array<std::string_view, 4> host_summary = {
        "the host FPU's subtraction (baseline)",
        "the host FPU's subtraction under FE_TOWARDZERO (baseline)",
        "the host FPU's subtraction under FE_UPWARD (baseline)",
        "the host FPU's subtraction under FE_DOWNWARD (baseline)"};
    static constexpr std::array<std::string_view, 4> cuda_summary = {
        "the GPU's own __dsub_rn (baseline)",
        "the GPU's own __dsub_rz (baseline)",
        "the GPU's own __dsub_ru (baseline)",
        "the GPU's own __dsub_rd (baseline)"};
    static double host(double a, double b) { return a - b; }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double a, double b) { return FPV_CUDA_ROUNDED(R, __dsub, a, b); }
#endif
};

}  // namespace fpv::sub64
