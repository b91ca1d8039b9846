// Exact integer arithmetic for the generators of the product and sum classes: 106-bit products
// as unsigned __int128, quotients, and the rounding of a wide integer significand to binary64,
// on the host and the GPU alike (no floating-point arithmetic). Inverses modulo 2^64 are
// nt::inverse_mod_2_64 (corpus/number_theory.h).
#pragma once

#include "core/binary64.h"

namespace fpv::xint {

using u128 = unsigned __int128;

FPV_HD FPV_INLINE u128 product(uint64_t a, uint64_t b) { return static_cast<u128>(a) * b; }

// Number of significant bits (0 for 0).
FPV_HD FPV_INLINE int bit_length(u128 v) {
    const uint64_t high = static_cast<uint64_t>(v >> 64);
    if (high != 0) return 128 - clz64(high);
    return 64 - clz64(static_cast<uint64_t>(v));
}

// How a magnitude is rounded: the signed modes are these, chosen by the sign.
enum class Rounding : uint8_t { nearest_even, toward_zero, away_from_zero };

// The binary64 nearest to m * 2^exp2 in the given direction, with the given sign: subnormals
// rounded at 2^-1074, magnitudes beyond the largest finite become infinity (the largest finite
// when rounding toward zero), m = 0 a zero of that sign.
FPV_HD FPV_INLINE uint64_t to_binary64(u128 m, int exp2, bool negative, Rounding rounding) {
    const uint64_t sign = negative ? b64::kSign : 0;
    if (m == 0) return sign;
    const int top = bit_length(m) - 1 + exp2;
    int lsb = (top < b64::kMinExponent ? b64::kMinExponent : top) - 52;
    const int drop = lsb - exp2;
    uint64_t kept;
    bool up = false;
    if (drop <= 0) {
        kept = static_cast<uint64_t>(m) << -drop;  // exact: fewer than 53 bits from top to lsb
    } else {
        // Compare the dropped part with half a unit of the kept one.
        int versus_half;
        bool inexact = true;
        if (drop > 128) {
            kept = 0;
            versus_half = -1;  // m < 2^128 <= half
        } else if (drop == 128) {
            kept = 0;
            const u128 half = static_cast<u128>(1) << 127;
            versus_half = m > half ? 1 : m == half ? 0 : -1;
        } else {
            const u128 half = static_cast<u128>(1) << (drop - 1);
            const u128 rest = m & ((half << 1) - 1);
            kept = static_cast<uint64_t>(m >> drop);
            versus_half = rest > half ? 1 : rest == half ? 0 : -1;
            inexact = rest != 0;
        }
        switch (rounding) {
            case Rounding::nearest_even: up = versus_half > 0 || (versus_half == 0 && (kept & 1) != 0); break;
            case Rounding::away_from_zero: up = inexact; break;
            case Rounding::toward_zero: break;
        }
    }
    kept += up ? 1 : 0;
    if (kept == (uint64_t{1} << 53)) {
        kept >>= 1;
        ++lsb;
    }
    if (lsb + 52 > b64::kMaxExponent)
        return sign | (rounding == Rounding::toward_zero ? b64::kMaxFinite : b64::kInfinity);
    return b64::from_scaled_integer(kept, lsb, negative);
}

// A finite nonzero binary64 moved by k units in the last place of its magnitude, sign kept; the
// caller keeps the magnitude from reaching zero or infinity.
FPV_HD FPV_INLINE uint64_t step_magnitude(uint64_t bits, int64_t k) { return bits + static_cast<uint64_t>(k); }

// The binary64 nearest to t / b, t = t_significand * 2^t_exp2 (t_significand > 0), b finite
// nonzero, with its sign given; `exact` says whether t / b was representable.
struct Quotient {
    uint64_t bits;
    bool exact;
};

FPV_HD FPV_INLINE Quotient rounded_quotient(uint64_t t_significand, int t_exp2, uint64_t b, bool negative) {
    const b64::Decomposed d = b64::decompose(b & ~b64::kSign);
    // Normalising t to 64 bits gives a quotient of at least 75 bits: rounding it drops at least
    // two bits, so the remainder can be folded into its lowest bit as a sticky bit.
    const int z = clz64(t_significand);
    const u128 numerator = static_cast<u128>(t_significand << z) << 64;
    const u128 q = numerator / d.significand;
    const bool remainder = q * d.significand != numerator;
    const int exp2 = t_exp2 - z - 64 - d.lsb_exponent;
    const uint64_t bits = to_binary64(q | (remainder ? 1u : 0u), exp2, negative, Rounding::nearest_even);
    const uint64_t truncated = to_binary64(q, exp2, negative, Rounding::toward_zero);
    const uint64_t away = to_binary64(q, exp2, negative, Rounding::away_from_zero);
    return {bits, !remainder && truncated == away};
}

}  // namespace fpv::xint
