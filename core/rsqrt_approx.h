// rsqrt.approx.ftz.f64: the GPU's approximate binary64 reciprocal square root (SASS
// MUFU.RSQ64H), which seeds the emulated square roots. Device code issues the instruction itself;
// host code uses a bit-exact model of it, derived from an exhaustive dump of the instruction on
// an NVIDIA H100 (sm_90): see docs/rsqrt_approx_model.md and `fpverify mufu-dump`.
//
// What the dump showed, over all 2^32 operand high words and 2^30 random full operands:
//   - only the operand's high 32 bits are read, and the result's low 32 bits are zero;
//   - exponent field 0 (zero or subnormal) gives an infinity of the operand's sign; +infinity
//     gives +0; every other operand with the sign bit set (negative numbers, -infinity) and every
//     NaN gives 0x7fffffff00000000;
//   - otherwise the result for 2^(2k) * x', x' in [1/2, 2), is 2^-k times the result for x';
//   - for x' the 20-bit result mantissa is the nearest to 1/sqrt(x') at 20 bits, or the number
//     below it: a correction bit per mantissa and exponent parity (2 * 2^20 bits).
#pragma once

#include <cmath>

#include "core/portability.h"

namespace fpv {

inline constexpr uint64_t kRsqrtApproxNaN = 0x7fffffff00000000ull;
// Bit (parity * 2^20 + m) % 64 of word (parity * 2^20 + m) / 64; parity 0 reads [1, 2),
// parity 1 reads [1/2, 1).
inline constexpr uint32_t kRsqrtCorrectionWords = (2u << 20) / 64;

extern const uint64_t kRsqrtSm90Correction[kRsqrtCorrectionWords];

// floor(sqrt(n)) for n < 2^53, exactly: the double square root is within one of it.
FPV_HD FPV_INLINE uint64_t isqrt_small(uint64_t n) {
    uint64_t r = static_cast<uint64_t>(::sqrt(static_cast<double>(n)));
    while (r * r > n) --r;
    while ((r + 1) * (r + 1) <= n) ++r;
    return r;
}

// The significand 2^20 + mantissa nearest to 2^s / sqrt(x') where x' = 1.m (parity 0, s = 21) or
// 1.m / 2 (parity 1, s = 20); m > 0 for parity 0. Round to nearest as floor((F + 1) / 2) with
// F = floor(2^(s+1) / sqrt(x')), which is isqrt(floor(2^(2s+2) / x')): a square root of an
// integer's floor floors to the same integer.
FPV_HD FPV_INLINE uint32_t rsqrt_nearest_significand(uint32_t parity, uint32_t m) {
    const uint64_t den = (uint64_t{1} << 20) + m;
    // parity 0: 2^64 / den (den is no power of two, so UINT64_MAX / den floors the same);
    // parity 1: 2^63 / den.
    const uint64_t n = parity == 0 ? ~uint64_t{0} / den : (uint64_t{1} << 63) / den;
    return static_cast<uint32_t>((isqrt_small(n) + 1) >> 1);
}

FPV_HD FPV_INLINE uint64_t rsqrt_approx_model(uint64_t operand, const uint64_t* correction) {
    const uint32_t high = static_cast<uint32_t>(operand >> 32);
    const uint64_t sign = static_cast<uint64_t>(high & 0x80000000u) << 32;
    const uint32_t field = (high >> 20) & 0x7ff;
    const uint32_t m = high & 0xfffffu;
    if (field == 0) return sign | 0x7ff0000000000000ull;
    if (sign != 0) return kRsqrtApproxNaN;
    if (field == 0x7ff) return m == 0 ? 0 : kRsqrtApproxNaN;
    // x = 2^e * 1.m = 2^(2k) * x' with x' = 1.m (e even) or 1.m / 2 (e odd).
    const int e = static_cast<int>(field) - 1023;
    const uint32_t parity = static_cast<uint32_t>(e) & 1;
    const int k = (e + static_cast<int>(parity)) / 2;
    if (parity == 0 && m == 0) return static_cast<uint64_t>(1023 - k) << 52;  // exactly 2^-k
    const uint32_t index = (parity << 20) | m;
    const uint32_t significand =
        rsqrt_nearest_significand(parity, m) - static_cast<uint32_t>((correction[index >> 6] >> (index & 63)) & 1);
    // 1/sqrt(x') lies in (2^-1/2, 1) for parity 0 and in (1, 2^1/2] for parity 1.
    const int result_field = (parity == 0 ? 1022 : 1023) - k;
    return (static_cast<uint64_t>(result_field) << 52) |
           (static_cast<uint64_t>(significand - (1u << 20)) << 32);
}

FPV_HD FPV_INLINE uint64_t rsqrt_approx_ftz_f64_model(uint64_t operand) {
#if defined(__CUDA_ARCH__)
    double r;
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(double_of(operand)));
    return bits_of(r);
#else
    return rsqrt_approx_model(operand, kRsqrtSm90Correction);
#endif
}

FPV_HD FPV_INLINE double rsqrt_approx_ftz_f64(double a) { return double_of(rsqrt_approx_ftz_f64_model(bits_of(a))); }

}  // namespace fpv
