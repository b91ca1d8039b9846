// The native fma baselines: the host FPU and the GPU's __fma_r{n,z,u,d}.
#pragma once

#include <cmath>

#include "ops/binary64/rounded_natives.h"

namespace fpv::fma64 {

struct FusedMultiplyAdd {
    static constexpr std::string_view domain = "all binary64 operands";
    static constexpr std::string_view noun = "fused multiply-add, std::fma";
    static constexpr std::string_view intrinsic = "__fma";
    static double host(double a, double b, double c) { return std::fma(a, b, c); }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double a, double b, double c) { return FPV_CUDA_ROUNDED(R, __fma, a, b, c); }
#endif
};

}  // namespace fpv::fma64
