// rcp.approx.ftz.f64: the GPU's approximate binary64 reciprocal (SASS MUFU.RCP64H), which
// the emulated division uses as its seed. Device code issues the instruction itself; host code
// uses a bit-exact model of it, derived from an exhaustive dump of the instruction on an
// NVIDIA H200 (sm_90): see docs/rcp_approx_model.md and `fpverify mufu-dump`.
//
// What the dump showed, over all 2^32 operand high words and 2^30 random full operands:
//   - only the operand's high 32 bits are read, and the result's low 32 bits are zero;
//   - exponent field 0 (zero or subnormal) gives +-infinity; field 2047 gives +-0 for
//     infinities and 0x7fffffff00000000 for every NaN, whatever its sign or payload;
//   - otherwise the result is 2^(1023-e) times the result for 1.m, and results below 2^-1022
//     are flushed to +-0;
//   - for 1.m the 20-bit result mantissa is RD(2^41 / (2^20 + m)) - 2^20 plus a correction of 0
//     or 1 (72,677 of the 2^20 mantissas take 1); the maximum relative error is 2^-20.043.
// The corrections are a 2^20-bit table, kRcpSm90Correction (core/models/).
#pragma once

#include "core/portability.h"

namespace fpv {

inline constexpr uint64_t kRcpApproxNaN = 0x7fffffff00000000ull;
inline constexpr uint32_t kRcpCorrectionWords = (1u << 20) / 64;

// The correction bit of each mantissa for sm_90, 64 mantissas to a word (bit m % 64 of word
// m / 64). Host memory; device code that evaluates the model passes a device copy.
extern const uint64_t kRcpSm90Correction[kRcpCorrectionWords];

// The model, for any correction table: the instruction's result for `operand`.
FPV_HD FPV_INLINE uint64_t rcp_approx_model(uint64_t operand, const uint64_t* correction) {
    const uint32_t high = static_cast<uint32_t>(operand >> 32);
    const uint64_t sign = static_cast<uint64_t>(high & 0x80000000u) << 32;
    const uint32_t field = (high >> 20) & 0x7ff;
    const uint32_t m = high & 0xfffffu;
    if (field == 0) return sign | 0x7ff0000000000000ull;
    if (field == 0x7ff) return m == 0 ? sign : kRcpApproxNaN;
    uint32_t mantissa = 0;
    int result_field = 2046 - static_cast<int>(field);  // 1/1.0 = 1.0: exponent 1023 - (e - 1023)
    if (m != 0) {
        // 2^41 / (2^20 + m) lies in (2^20, 2^21) and is never within 2^-32 of an integer unless
        // it is one, so the floor of the rounded double quotient is the exact floor.
        const uint32_t rd = static_cast<uint32_t>(2199023255552.0 / static_cast<double>((1u << 20) + m));
        mantissa = rd - (1u << 20) + static_cast<uint32_t>((correction[m >> 6] >> (m & 63)) & 1);
        result_field -= 1;  // 1/1.m lies in (1/2, 1)
    }
    if (result_field <= 0) return sign;  // below 2^-1022: flushed
    return sign | (static_cast<uint64_t>(result_field) << 52) | (static_cast<uint64_t>(mantissa) << 32);
}

FPV_HD FPV_INLINE uint64_t rcp_approx_ftz_f64_model(uint64_t operand) {
#if defined(__CUDA_ARCH__)
    double r;
    asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(double_of(operand)));
    return bits_of(r);
#else
    return rcp_approx_model(operand, kRcpSm90Correction);
#endif
}

FPV_HD FPV_INLINE double rcp_approx_ftz_f64(double a) {
    return double_of(rcp_approx_ftz_f64_model(bits_of(a)));
}

}  // namespace fpv
