// The native reciprocals: the host's division 1/x and the GPU's __drcp_r{n,z,u,d}.
#pragma once

#include "ops/binary64/rounded_natives.h"

namespace fpv::rcp64 {

struct Reciprocal {
    static constexpr std::string_view domain = "all binary64 operands";
    static constexpr std::array<std::string_view, 4> host_summary = {
        "the host FPU's division 1/x (baseline)", "the host FPU's division 1/x under FE_TOWARDZERO (baseline)",
        "the host FPU's division 1/x under FE_UPWARD (baseline)", "the host FPU's division 1/x under FE_DOWNWARD (baseline)"};
    static constexpr std::array<std::string_view, 4> cuda_summary = {
        "the GPU's own __drcp_rn (baseline)", "the GPU's own __drcp_rz (baseline)", "the GPU's own __drcp_ru (baseline)",
        "the GPU's own __drcp_rd (baseline)"};
    static double host(double x) { return 1.0 / x; }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double x) { return FPV_CUDA_ROUNDED(R, __drcp, x); }
#endif
};

}  // namespace fpv::rcp64
