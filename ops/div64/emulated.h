// Integer-based emulation of IEEE-754 binary64 division, as published in the forum post behind
// ../shared/seeds/002 (see docs/div64_emulation.md for a walk through the algorithm).
//
// Both published variants are reproduced faithfully, defects included: fpverify exists to
// measure them. A third, the one-Halley variant with its seed's bias corrected, is proven
// correctly rounded (docs/div64_proof.md). The shape of the computation:
//   1. specials (NaN, infinity, zero operands) are settled up front;
//   2. subnormal operands are normalised, the exponent difference is formed in 32-bit
//      unsigned arithmetic (so it may wrap);
//   3. a 20-bit reciprocal seed comes from rcp.approx.ftz.f64, biased down by 2^-20 so that it
//      should underestimate 1/y, and is refined in 64-bit fixed point, either by one Halley
//      step (the published default) or by two Newton-Raphson steps;
//   4. the quotient x * (1/y) is truncated to 53 bits and rounded by comparing the remainders of
//      the truncated and the incremented quotient; the normal path assumes ties cannot occur,
//      the subnormal path breaks ties to even.
#pragma once

#include "core/portability.h"
#include "core/rcp_approx.h"

namespace fpv::div64 {

enum class Refinement { halley_once, newton_raphson_twice };

// Planted bugs, for fpverify's mutation score (ops/div64/mutants.h): each is a small change of the
// kind real division code gets wrong. The shipped impls use `none`.
enum class Mutation {
    none,
    subnormal_ties_away,   // the subnormal path breaks ties away from zero, not to even
    overflow_off_by_one,   // quotients of the binade past the largest finite number kept finite
    underflow_off_by_one,  // the flush-to-zero threshold one binade too high: (2^-1075, 2^-1074) gives 0
    inf_over_inf,          // inf/inf forgotten: it falls through to x/inf = 0
    zero_sign_lost,        // 0/y and x/inf return +0 whatever the signs
    nan_divisor_dropped,   // x/NaN returns x
    zero_divisor_nan,      // x/0 returns NaN instead of an infinity
    rounding_by_next_bit,  // rounds by the next bit of the approximate quotient, no remainder check
    rounding_bias,         // the remainder comparison biased by 2^16: wrong within 2^-39 ulp above midpoints
};

namespace emulation_detail {

inline constexpr uint64_t kSign = 0x8000000000000000ull;
inline constexpr uint64_t kExponent = 0x7ff0000000000000ull;
inline constexpr uint64_t kMantissa = 0x000fffffffffffffull;
inline constexpr uint64_t kHiddenBit = 0x0010000000000000ull;
inline constexpr uint64_t kInfinity = 0x7ff0000000000000ull;
inline constexpr uint64_t kQuietBit = 0x0008000000000000ull;
inline constexpr uint64_t kDefaultNaN = 0xfff8000000000000ull;
inline constexpr uint32_t kMaxExponent = 0x7ff;
inline constexpr uint32_t kBias = 1023;

// NaN operands propagate (quietened, x first); 0/0 and inf/inf give the default NaN.
template <Mutation M = Mutation::none>
FPV_HD FPV_INLINE uint64_t special_quotient(uint64_t x, uint64_t y, uint64_t sign) {
    const uint64_t abs_x = x & ~kSign;
    const uint64_t abs_y = y & ~kSign;
    const bool x_zero = abs_x == 0, y_zero = abs_y == 0;
    const bool x_inf = abs_x == kInfinity, y_inf = abs_y == kInfinity;
    if (abs_x > kInfinity) return x | kQuietBit;
    if (abs_y > kInfinity) return M == Mutation::nan_divisor_dropped ? x : y | kQuietBit;
    if ((x_zero && y_zero) || (x_inf && y_inf && M != Mutation::inf_over_inf)) return kDefaultNaN;
    if (x_zero || y_inf) return M == Mutation::zero_sign_lost ? 0 : sign;
    if (M == Mutation::zero_divisor_nan && y_zero) return kDefaultNaN;
    return sign | kInfinity;  // y zero or x infinite
}

// The published bias: 2^42, meant as 2^-20 of the reciprocal, but the reciprocal's scale is 2^63
// (1/1.0), so it is 2^-21 of 1/1.0: for the upper part of a fifth of the seed cells the biased seed
// still overestimates 1/y, and the Halley step's residual wraps (docs/div64_proof.md).
inline constexpr uint64_t kPublishedSeedBias = uint64_t{0x400} << 32;
// 1.25 * 2^-20 of 2^63: the least bias that keeps every seed at or below 1/y is 1.0355 * 2^-20
// (so 2^43 is not enough), and above about 1.52 * 2^-20 one Halley step no longer brings the
// seed's error below what the q / q+1 rounding needs. docs/div64_proof.md proves this choice.
inline constexpr uint64_t kCorrectedSeedBias = uint64_t{0xa00} << 32;

// 2^63 / y as an underestimating fixed-point reciprocal of the significand 1.my, seeded by the
// hardware approximation of 1/(1.my * 2^-3) and biased down by kSeedBias.
template <uint64_t kSeedBias = kPublishedSeedBias>
FPV_HD FPV_INLINE uint64_t reciprocal_seed(uint64_t my) {
    const double scaled = double_of((uint64_t{0x3fc} << 52) | my);
    return (bits_of(rcp_approx_ftz_f64(scaled)) << 10) - kSeedBias;
}

template <Refinement kRefinement>
FPV_HD FPV_INLINE uint64_t refine_reciprocal(uint64_t r, uint64_t y_scaled) {
    if constexpr (kRefinement == Refinement::newton_raphson_twice) {
        for (int step = 0; step < 2; ++step) {  // r <- r * (2 - y * r)
            const uint64_t two_minus_yr = 0 - umul64hi(y_scaled, r << 1);
            r = umul64hi(two_minus_yr, r << 1);
        }
        return r;
    } else {  // e = 1 - y * r;  r <- r + r * (e + e^2)
        uint64_t e = kSign - umul64hi(y_scaled, r << 1);
        e = umul64hi(e, e << 1) + e;
        return umul64hi(e, r << 1) + r;
    }
}

// Chooses between q and q + 1 by the smaller remainder |x - y*q|. Both remainders are formed
// modulo 2^64 and compared as signed values, as the published code does.
// Planted bugs: `ties_away` increments on every tie; `bias` favours q over q + 1 by that many
// units of the remainder (y_twice units make one ulp of the quotient).
FPV_HD FPV_INLINE bool increment_wins(uint64_t x_aligned, uint64_t y_twice, uint64_t q,
                                      bool break_ties_to_even, bool ties_away = false, int64_t bias = 0) {
    const int64_t rem_raw = static_cast<int64_t>(x_aligned - y_twice * q);
    const int64_t rem_inc = static_cast<int64_t>(static_cast<uint64_t>(rem_raw) - y_twice);
    const int64_t dist_raw = wrapping_abs64(rem_raw), dist_inc = wrapping_abs64(rem_inc);
    const bool tie_to_odd = break_ties_to_even && dist_inc == dist_raw && ((q & 1) != 0 || ties_away);
    return (dist_inc + bias < dist_raw) | tie_to_odd;
}

}  // namespace emulation_detail

template <Refinement kRefinement, Mutation M = Mutation::none,
          uint64_t kSeedBias = emulation_detail::kPublishedSeedBias>
FPV_HD FPV_INLINE uint64_t emulated_divide(uint64_t x, uint64_t y) {
    using namespace emulation_detail;
    uint32_t expo_x = static_cast<uint32_t>((x & kExponent) >> 52);
    uint32_t expo_y = static_cast<uint32_t>((y & kExponent) >> 52);
    const uint64_t sign = (x ^ y) & kSign;
    if (expo_x == kMaxExponent || expo_y == kMaxExponent || (x & ~kSign) == 0 ||
        (y & ~kSign) == 0) {
        return special_quotient<M>(x, y, sign);
    }
    if (expo_x == 0) {  // subnormal: move the leading one to the hidden-bit position
        const uint32_t shift = static_cast<uint32_t>(clz64(x & ~kSign)) - 11;
        x <<= shift;
        expo_x -= shift - 1;
    }
    if (expo_y == 0) {
        const uint32_t shift = static_cast<uint32_t>(clz64(y & ~kSign)) - 11;
        y <<= shift;
        expo_y -= shift - 1;
    }
    uint32_t expo_r = expo_x - expo_y + kBias;
    const uint64_t my = y & kMantissa;
    uint64_t r = reciprocal_seed<kSeedBias>(my);
    const uint64_t sx = (x & kMantissa) | kHiddenBit;
    const uint64_t sy = my | kHiddenBit;
    r = refine_reciprocal<kRefinement>(r, sy << 11);

    // Truncated 53-bit quotient from the 128-bit product sx * 2r, normalised to [2^52, 2^53).
    const uint64_t low = sx * (r << 1);
    uint64_t q = umul64hi(sx, r << 1);
    const uint32_t norm_shift = (q & kHiddenBit) == 0 ? 1 : 0;
    expo_r -= norm_shift;
    q = (q << norm_shift) | ((low >> 1) >> (63 - norm_shift));

    const uint32_t normal_limit = M == Mutation::overflow_off_by_one ? kMaxExponent + 1 : kMaxExponent;
    if (expo_r > 0 && expo_r < normal_limit) {
        const bool inc = M == Mutation::rounding_by_next_bit
                             ? ((low >> (63 - norm_shift)) & 1) != 0
                             : increment_wins(sx << (53 + norm_shift), sy << 1, q, false, false,
                                              M == Mutation::rounding_bias ? int64_t{1} << 16 : 0);
        return sign | (((static_cast<uint64_t>(expo_r) - 1) << 52) + q + (inc ? 1 : 0));
    }
    if (static_cast<int32_t>(expo_r) >= static_cast<int32_t>(kMaxExponent)) {
        return sign | kInfinity;
    }
    const int denorm_shift = 1 - static_cast<int32_t>(expo_r);
    // Below half the least subnormal: zero (the planted bug also flushes [2^-1075, 2^-1074)).
    if (denorm_shift > (M == Mutation::underflow_off_by_one ? 52 : 53)) return sign;
    q >>= denorm_shift;
    const bool inc = increment_wins(sx << (53 + norm_shift - denorm_shift), sy << 1, q, true,
                                    M == Mutation::subnormal_ties_away);
    return sign | (q + (inc ? 1 : 0));
}

}  // namespace fpv::div64
