// Building binary32 values from their parts, for the float-float generators.
#pragma once

#include "core/portability.h"
#include "core/rn_arith.h"

namespace fpv::b32 {

inline constexpr uint32_t kSign = 0x80000000u;
inline constexpr uint32_t kMantissaMask = 0x007fffffu;
inline constexpr uint32_t kInfinity = 0x7f800000u;

FPV_HD FPV_INLINE float assemble(bool negative, uint32_t exponent_field, uint32_t mantissa) {
    return float_of((negative ? kSign : 0u) | (exponent_field << 23) | (mantissa & kMantissaMask));
}

FPV_HD FPV_INLINE int exponent_field(float f) { return static_cast<int>((bits_of(f) >> 23) & 0xff); }

// floor(log2 |f|) for normal f.
FPV_HD FPV_INLINE int exponent(float f) { return exponent_field(f) - 127; }

FPV_HD FPV_INLINE bool is_finite(float f) { return (bits_of(f) & kInfinity) != kInfinity; }

// 2^e for e in [-149, 127].
FPV_HD FPV_INLINE float power_of_two(int e) {
    if (e >= -126) return float_of(static_cast<uint32_t>(e + 127) << 23);
    return float_of(1u << (e + 149));
}

// The unit in the last place of a normal f: 2^(exponent - 23).
FPV_HD FPV_INLINE float ulp(float f) { return power_of_two(exponent(f) - 23); }

FPV_HD FPV_INLINE float negate(float f) { return float_of(bits_of(f) ^ kSign); }

// The k-th neighbour of a finite nonzero f away from zero (k may be negative); the caller keeps
// the result finite and of the same sign.
FPV_HD FPV_INLINE float step(float f, int k) {
    return float_of(static_cast<uint32_t>(static_cast<int64_t>(bits_of(f)) + k));
}

FPV_HD FPV_INLINE bool is_zero(float f) { return (bits_of(f) & ~kSign) == 0; }

// Binary32 arithmetic rounded to nearest, subnormals included, that a kernel built with
// -ftz=true computes as the host does: that flag flushes the subnormal operands and results of
// float arithmetic and comparisons, and a generator must give the GPU the host's inputs in every
// build. Computed in integers and binary64, which no build flushes.

// The binary64 of the same value as a finite f, built from its bits.
FPV_HD FPV_INLINE double widen(float f) {
    const uint32_t bits = bits_of(f);
    const uint64_t sign = static_cast<uint64_t>(bits & kSign) << 32;
    const uint32_t field = (bits >> 23) & 0xffu, m = bits & kMantissaMask;
    if (field != 0) return double_of(sign | uint64_t{field - 127 + 1023} << 52 | uint64_t{m} << 29);
    if (m == 0) return double_of(sign);
    const int top = 63 - clz64(m);  // m 2^-149 = 2^(top - 149) (m / 2^top)
    const uint64_t fraction = (uint64_t{m} << (52 - top)) & ((uint64_t{1} << 52) - 1);
    return double_of(sign | static_cast<uint64_t>(top - 149 + 1023) << 52 | fraction);
}

// floor(log2 |f|) of a finite nonzero f, subnormal or not.
FPV_HD FPV_INLINE int exponent_of_value(float f) {
    return static_cast<int>((bits_of(widen(f)) >> 52) & 0x7ffu) - 1023;
}

// v rounded to nearest (ties to even) in binary32, for a finite binary64 v: a subnormal where
// it lies below 2^-126, infinity past the largest finite number.
FPV_HD FPV_INLINE float narrow_rn(double v) {
    const uint64_t bits = bits_of(v);
    const uint32_t sign = static_cast<uint32_t>(bits >> 32) & kSign;
    const int field = static_cast<int>((bits >> 52) & 0x7ffu);
    if (field == 0) return float_of(sign);  // zero, or a binary64 subnormal, far below 2^-150
    const int e = field - 1023;
    if (e > 127) return float_of(sign | kInfinity);
    // Below 2^-126 the last place is 2^-149 whatever the exponent; below 2^-150 nothing is kept.
    const int shift = 29 + (e < -126 ? -126 - e : 0);
    if (shift > 53) return float_of(sign);
    const uint64_t significand = (bits & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
    uint64_t kept = significand >> shift;
    const uint64_t rest = significand & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
    if (rest > half || (rest == half && (kept & 1) != 0)) ++kept;
    if (e < -126) return float_of(sign | static_cast<uint32_t>(kept));  // rounding up may reach 2^-126
    // A carry out of the significand moves into the exponent field, up to infinity's.
    return float_of(sign | static_cast<uint32_t>((static_cast<uint64_t>(e + 127) << 23) + kept - (uint64_t{1} << 23)));
}

// RN(a + b) for finite a, b.
FPV_HD FPV_INLINE float add_rn(float a, float b) {
    if (is_zero(a) && is_zero(b)) return float_of(bits_of(a) & bits_of(b));  // -0 only from -0 + -0
    if (is_zero(b)) return a;
    if (is_zero(a)) return b;
    // Within 28 binades of each other the sum fits in binary64's 53 bits and is exact there;
    // farther apart the smaller lies below a 32nd of the larger's last place and never moves it.
    const int ea = exponent_of_value(a), eb = exponent_of_value(b);
    if (ea - eb > 28) return a;
    if (eb - ea > 28) return b;
    return narrow_rn(rn::add(widen(a), widen(b)));
}

// RN(a * b) for finite a, b: the product of two 24-bit significands is exact in binary64.
FPV_HD FPV_INLINE float mul_rn(float a, float b) { return narrow_rn(rn::mul(widen(a), widen(b))); }

}  // namespace fpv::b32
