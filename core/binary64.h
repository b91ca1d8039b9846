// Building binary64 values from their parts, for the generators (host and device alike).
#pragma once

#include "core/portability.h"

namespace fpv::b64 {

inline constexpr uint64_t kSign = 0x8000000000000000ull;
inline constexpr uint64_t kExponentMask = 0x7ff0000000000000ull;
inline constexpr uint64_t kMantissaMask = 0x000fffffffffffffull;
inline constexpr uint64_t kInfinity = 0x7ff0000000000000ull;
inline constexpr uint64_t kMaxFinite = 0x7fefffffffffffffull;
inline constexpr uint64_t kMinNormal = 0x0010000000000000ull;
inline constexpr int kMinExponent = -1022;  // of normal numbers
inline constexpr int kMaxExponent = 1023;

FPV_HD FPV_INLINE uint64_t assemble(bool negative, uint32_t exponent_field, uint64_t mantissa) {
    return (negative ? kSign : 0) | (uint64_t{exponent_field} << 52) | (mantissa & kMantissaMask);
}

FPV_HD FPV_INLINE uint32_t exponent_field(uint64_t bits) {
    return static_cast<uint32_t>((bits & kExponentMask) >> 52);
}

FPV_HD FPV_INLINE bool is_nan(uint64_t bits) { return (bits & ~kSign) > kInfinity; }
FPV_HD FPV_INLINE bool is_inf(uint64_t bits) { return (bits & ~kSign) == kInfinity; }
FPV_HD FPV_INLINE bool is_zero(uint64_t bits) { return (bits & ~kSign) == 0; }
FPV_HD FPV_INLINE bool is_subnormal(uint64_t bits) {
    return exponent_field(bits) == 0 && !is_zero(bits);
}

// The value significand * 2^exp2, which the caller guarantees to be representable exactly
// (significand < 2^53, and the result neither overflows nor loses bits to underflow).
FPV_HD FPV_INLINE uint64_t from_scaled_integer(uint64_t significand, int exp2, bool negative) {
    if (significand == 0) return negative ? kSign : 0;
    const int top = 63 - clz64(significand);
    const int exponent = top + exp2;
    if (exponent >= kMinExponent) {
        return assemble(negative, static_cast<uint32_t>(exponent + 1023),
                        significand << (52 - top));
    }
    return (negative ? kSign : 0) | (significand << (exp2 + 1074));
}

// The integer significand (with the hidden bit for normal numbers) and the exponent of its
// least significant bit, for finite nonzero values: value = significand * 2^lsb_exponent.
struct Decomposed {
    uint64_t significand;
    int lsb_exponent;
};

FPV_HD FPV_INLINE Decomposed decompose(uint64_t bits) {
    const uint32_t field = exponent_field(bits);
    const uint64_t mantissa = bits & kMantissaMask;
    if (field == 0) return {mantissa, -1074};
    return {mantissa | (uint64_t{1} << 52), static_cast<int>(field) - 1075};
}

}  // namespace fpv::b64
