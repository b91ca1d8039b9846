// Binary64 addition in integers only (ops/binary64/int_emulation.h), correctly rounded in the
// rounding mode R; subtraction (ops/sub64/emulated.h) is this with the second operand negated.
//
// The larger magnitude comes first; the smaller one's significand, ten bits up like the larger
// one's, is aligned to it with a sticky bit. That is rounding to odd, and the larger one's ten
// zero low bits keep the sum or difference rounded to odd as well: round_and_pack then rounds
// it once more, as if from the exact value. A difference may lose leading bits (cancellation);
// it is normalised back, but never below the subnormal exponent, where the exact difference of
// two binary64 numbers always fits.
#pragma once

#include "ops/binary64/int_emulation.h"

namespace fpv::add64 {

// Planted bugs for fpverify's mutation score (ops/add64/mutants.h, ops/sub64/mutants.h): each a
// small change of the kind real addition code gets wrong. The shipped impls use `none`.
enum class SumMutation {
    none,
    sticky_dropped,            // the aligned smaller operand is truncated, its shifted-out bits lost
    rd_zero_sign,              // x + (-x) is +0 toward -infinity too
    rz_overflow_to_infinity,   // overflow toward zero gives an infinity, not the largest finite
    one_guard_bit,             // alignment keeps one guard bit and the sticky, no round bit
    normalize_short_of_subnormal,  // normalisation after cancellation stops one binade early
    direction_from_first_sign,     // directed rounding reads x's sign, not the result's
};

namespace sum_detail {

using namespace int_emulation;

// Sums with an infinite or NaN operand: the first NaN, quieted; inf - inf invalid.
FPV_HD FPV_INLINE uint64_t special_sum(uint64_t x, uint64_t y) {
    if (is_nan(x)) return quieted(x);
    if (is_nan(y)) return quieted(y);
    const bool x_inf = (x & ~kSign) == kInfinity, y_inf = (y & ~kSign) == kInfinity;
    if (x_inf && y_inf && x != y) return kDefaultNan;
    return x_inf ? x : y;
}

// Rounding toward the opposite infinity, for the mutant that takes the wrong sign's direction.
template <Rounding R>
inline constexpr Rounding kMirrored = R == Rounding::ru ? Rounding::rd : R == Rounding::rd ? Rounding::ru : R;

}  // namespace sum_detail

template <Rounding R, SumMutation M = SumMutation::none>
FPV_HD FPV_INLINE uint64_t emulated_add(uint64_t x, uint64_t y) {
    using namespace int_emulation;
    using namespace sum_detail;
    const uint64_t abs_x = x & ~kSign, abs_y = y & ~kSign;
    if (abs_x >= kInfinity || abs_y >= kInfinity) return special_sum(x, y);
    if (abs_y == 0) return abs_x == 0 && x != y ? cancelled_zero<R>() : x;  // x + 0 is x exactly
    if (abs_x == 0) return y;

    const bool x_larger = abs_x >= abs_y;
    const uint64_t sign = (x_larger ? x : y) & kSign;
    const Unpacked large = unpack_magnitude(x_larger ? abs_x : abs_y);
    const Unpacked small = unpack_magnitude(x_larger ? abs_y : abs_x);
    const int gap = large.exp - small.exp;
    const uint64_t large_sig = large.sig << kRoundBits;
    uint64_t small_sig = small.sig << kRoundBits;
    if constexpr (M == SumMutation::sticky_dropped) {
        small_sig = gap >= 64 ? 0 : small_sig >> gap;
    } else {
        small_sig = shift_right_sticky(small_sig, gap);
    }
    if constexpr (M == SumMutation::one_guard_bit) {
        // Everything below the guard bit (bit 9) folded into one sticky bit at bit 0.
        const uint64_t low = small_sig & (kHalfUlp - 1);
        small_sig = (small_sig & ~(kHalfUlp - 1)) | (low != 0 ? 1 : 0);
    }

    if (((x ^ y) & kSign) == 0) {
        uint64_t sum = large_sig + small_sig;  // below 2^64: both below 2^63
        int32_t exp = large.exp;
        if (sum >= (kLeadingBit << 1)) {
            sum = shift_right_sticky(sum, 1);
            ++exp;
        }
        if constexpr (M == SumMutation::rz_overflow_to_infinity) {
            if (R == Rounding::rz && exp > kMaxBiasedExponent) return sign | kInfinity;
        }
        return round_and_pack<R>(sign, exp, sum);
    }

    uint64_t difference = large_sig - small_sig;
    if (difference == 0) return M == SumMutation::rd_zero_sign ? 0 : cancelled_zero<R>();
    // Leading one back to bit 62, or the exponent down to 1, whichever comes first.
    const int32_t floor_exp = M == SumMutation::normalize_short_of_subnormal ? 2 : 1;
    int32_t shift = clz64(difference) - 1;
    if (large.exp - shift < floor_exp) shift = large.exp - floor_exp > 0 ? large.exp - floor_exp : 0;
    difference <<= shift;
    const int32_t exp = large.exp - shift;
    if constexpr (M == SumMutation::direction_from_first_sign) {
        if (sign != (x & kSign)) return round_and_pack<kMirrored<R>>(sign, exp, difference);
    }
    return round_and_pack<R>(sign, exp, difference);
}

}  // namespace fpv::add64
