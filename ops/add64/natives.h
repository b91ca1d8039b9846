// The native add baselines: the host FPU and the GPU's __dadd_r{n,z,u,d}.
#pragma once

#include "ops/binary64/rounded_natives.h"

namespace fpv::add64 {

struct Sum {
    static constexpr std::string_view domain = "all binary64 operands";
    // GCC may compute b op a: which NaN operand comes back depends on its register allocation.
    static constexpr NanRule host_nans = NanRule::operand;
    static constexpr std::string_view noun = "addition";
    static constexpr std::string_view intrinsic = "__dadd";
    static double host(double a, double b) { return a + b; }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double a, double b) { return FPV_CUDA_ROUNDED(R, __dadd, a, b); }
#endif
};

}  // namespace fpv::add64
