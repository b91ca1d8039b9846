// The native reciprocals: the host's division 1/x and the GPU's __drcp_r{n,z,u,d}.
#pragma once

#include "ops/binary64/rounded_natives.h"

namespace fpv::rcp64 {

struct Reciprocal {
    static constexpr std::string_view domain = "all binary64 operands";
    static constexpr std::string_view noun = "division 1/x";
    static constexpr std::string_view intrinsic = "__drcp";
    static double host(double x) { return 1.0 / x; }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double x) { return FPV_CUDA_ROUNDED(R, __drcp, x); }
#endif
};

}  // namespace fpv::rcp64
