// rcp.approx.ftz.f64: the GPU's approximate binary64 reciprocal (SASS MUFU.RCP64H), which
// the emulated division uses as its seed. Device code issues the instruction itself; host code
// uses a model of it.
//
// The model below is an approximation that honours the instruction's documented contract:
//   - only the high 32 bits of the operand are read;
//   - the result's low 32 bits are zero, so its mantissa has 20 bits;
//   - subnormal operands read as zero of the same sign (reciprocal: infinity), and results that
//     would be subnormal are flushed to zero of the same sign;
//   - 1/+-0 = +-inf, 1/+-inf = +-0, NaN in gives NaN out.
// Its value is 1/h (h: the operand with its low word cleared) rounded to nearest at 20 bits, so
// its relative error is at most about 2^-20 + 2^-21. It is NOT bit-exact with the hardware.
#pragma once

#include "kernels/portability.h"

namespace fpv {

inline constexpr uint64_t kRcpApproxCanonicalNaN = 0x7fffffff00000000ull;

FPV_HD FPV_INLINE uint64_t rcp_approx_ftz_f64_model(uint64_t operand) {
    const uint64_t high = operand & 0xffffffff00000000ull;
    const uint64_t sign = high & 0x8000000000000000ull;
    const uint64_t magnitude = high & 0x7fffffff00000000ull;
    const uint64_t exponent_field = magnitude >> 52;
    if (exponent_field == 0x7ff) {
        if (magnitude != 0x7ff0000000000000ull) return kRcpApproxCanonicalNaN;
        return sign;  // 1/inf = 0
    }
    if (exponent_field == 0) return sign | 0x7ff0000000000000ull;  // zero or flushed subnormal
    const uint64_t reciprocal = bits_of(1.0 / double_of(high));
    if (((reciprocal >> 52) & 0x7ff) == 0) return sign;  // subnormal result flushed
    // Round to nearest at 20 mantissa bits; a carry into the exponent is the correct result.
    return (reciprocal + 0x80000000ull) & 0xffffffff00000000ull;
}

FPV_HD FPV_INLINE double rcp_approx_ftz_f64(double a) {
#if defined(__CUDA_ARCH__)
    double r;
    asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(a));
    return r;
#else
    return double_of(rcp_approx_ftz_f64_model(bits_of(a)));
#endif
}

}  // namespace fpv
