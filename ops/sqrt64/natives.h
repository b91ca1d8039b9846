// The native square roots: the host's sqrtsd and the GPU's __dsqrt_r{n,z,u,d}.
#pragma once

#include <cmath>

#include "ops/binary64/rounded_natives.h"

namespace fpv::sqrt64 {

struct SquareRoot {
    static constexpr std::string_view domain = "all binary64 operands";
    // Only the round-to-nearest baseline names std::sqrt: the words do not fit the common sentence.
    static constexpr std::array<std::string_view, 4> host_summary = {
        "the host FPU's square root, std::sqrt (baseline)", "the host FPU's square root under FE_TOWARDZERO (baseline)",
        "the host FPU's square root under FE_UPWARD (baseline)", "the host FPU's square root under FE_DOWNWARD (baseline)"};
    static constexpr std::string_view intrinsic = "__dsqrt";
    static double host(double x) { return std::sqrt(x); }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double x) { return FPV_CUDA_ROUNDED(R, __dsqrt, x); }
#endif
};

}  // namespace fpv::sqrt64
