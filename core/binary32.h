// Building binary32 values from their parts, for the float-float generators.
#pragma once

#include "core/portability.h"

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

}  // namespace fpv::b32
