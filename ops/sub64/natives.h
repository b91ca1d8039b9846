// The native sub baselines: the host FPU and the GPU's __dsub_r{n,z,u,d}.
#pragma once

#include "ops/binary64/rounded_natives.h"

namespace fpv::sub64 {

struct Difference {
    static constexpr std::string_view domain = "all binary64 operands";
    static constexpr std::string_view noun = "subtraction";
    static constexpr std::string_view intrinsic = "__dsub";
    static double host(double a, double b) { return a - b; }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double a, double b) { return FPV_CUDA_ROUNDED(R, __dsub, a, b); }
#endif
};

}  // namespace fpv::sub64
