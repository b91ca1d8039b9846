// Binary64 fused multiply-add a*b + c in integers only (ops/binary64/int_emulation.h), with one
// correct rounding in the rounding mode R.
//
// The exact 106-bit product comes from mul64's exact_product as two words with its leading one
// at bit 126; c's significand is placed there too. The operand of the lower exponent is
// shifted down by the difference, sticky, over the full 128 bits: rounding to odd at bit 0,
// while both significands end in at least 21 zero bits, so that as in addition the sum or
// difference stays rounded to odd and round_and_pack rounds it once, as from the exact value.
// A shifted operand loses bits only when the exponents differ by 2 or more, and then at most
// one leading bit cancels; deeper cancellation is exact and is normalised back.
#pragma once

#include "ops/binary64/int_emulation.h"
#include "ops/mul64/emulated.h"

namespace fpv::fma64 {

// Planted bugs for fpverify's mutation score (ops/fma64/mutants.h). The shipped impls use `none`.
enum class Mutation {
    none,
    cancellation_sign,          // an exact zero a*b + c takes a*b's sign, not +0 (or -0 rounding down)
    addend_sticky_lost,         // c shifted below a*b is truncated: a c far below a*b is lost
    product_sticky_lost,        // a*b shifted below c is truncated
    rz_nearest_when_subnormal,  // toward zero, results below the normal range are rounded to nearest
    far_addend_dropped,         // a c more than 2^-110 below a*b is dropped: wrong only where a*b is a midpoint
    subnormal_ties_away,        // to nearest below the normal range, ties go away from zero, not to even
};

namespace fma_detail {

// A 128-bit unsigned integer as two words, high first.
struct Wide {
    uint64_t hi, lo;
};

FPV_HD FPV_INLINE bool is_below(Wide a, Wide b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }

FPV_HD FPV_INLINE Wide add(Wide a, Wide b) {
    const uint64_t lo = a.lo + b.lo;
    return {a.hi + b.hi + (lo < a.lo ? 1 : 0), lo};
}

FPV_HD FPV_INLINE Wide subtract(Wide a, Wide b) { return {a.hi - b.hi - (a.lo < b.lo ? 1 : 0), a.lo - b.lo}; }

FPV_HD FPV_INLINE int leading_zeros(Wide a) { return a.hi != 0 ? clz64(a.hi) : 64 + clz64(a.lo); }

// a * 2^n, 0 <= n < 128, for an a that does not overflow.
FPV_HD FPV_INLINE Wide shift_left(Wide a, int n) {
    if (n == 0) return a;
    if (n >= 64) return {a.lo << (n - 64), 0};
    return {(a.hi << n) | (a.lo >> (64 - n)), a.lo << n};
}

// a / 2^n truncated: only the mutants lose bits this way.
FPV_HD FPV_INLINE Wide shift_right_truncating(Wide a, int n) {
    if (n == 0) return a;
    if (n >= 128) return {0, 0};
    if (n >= 64) return {0, a.hi >> (n - 64)};
    return {a.hi >> n, (a.lo >> n) | (a.hi << (64 - n))};
}

// a / 2^n with every bit shifted out ORed into bit 0 (int_emulation::shift_right_sticky).
FPV_HD FPV_INLINE Wide shift_right_sticky(Wide a, int n) {
    if (n == 0) return a;
    if (n >= 128) return {0, (a.hi | a.lo) != 0 ? 1u : 0u};
    if (n >= 64) return {0, int_emulation::shift_right_sticky(a.hi, n - 64) | (a.lo != 0 ? 1 : 0)};
    const Wide kept = shift_right_truncating(a, n);
    return {kept.hi, kept.lo | ((a.lo << (64 - n)) != 0 ? 1 : 0)};
}

// a*b + c where one operand is infinite or a NaN, or the product is a zero: the first NaN of
// a, b, c quieted; 0 * inf and inf - inf invalid; an exact zero sum of zeros by the sign rules.
// Returns false where none of that applies.
template <Rounding R>
FPV_HD FPV_INLINE bool special_fma(uint64_t a, uint64_t b, uint64_t c, uint64_t& result) {
    using namespace int_emulation;
    const uint64_t product_sign = (a ^ b) & kSign;
    const uint64_t abs_a = a & ~kSign, abs_b = b & ~kSign, abs_c = c & ~kSign;
    if (is_nan(a) || is_nan(b) || is_nan(c)) {
        result = quieted(is_nan(a) ? a : is_nan(b) ? b : c);
    } else if (abs_a == kInfinity || abs_b == kInfinity) {
        const bool opposite_infinity = abs_c == kInfinity && (c & kSign) != product_sign;
        result = abs_a == 0 || abs_b == 0 || opposite_infinity ? kDefaultNan : product_sign | kInfinity;
    } else if (abs_c == kInfinity) {
        result = c;
    } else if (abs_a == 0 || abs_b == 0) {
        result = abs_c != 0 || c == product_sign ? c : cancelled_zero<R>();
    } else {
        return false;
    }
    return true;
}

}  // namespace fma_detail

template <Rounding R, Mutation M = Mutation::none>
FPV_HD FPV_INLINE uint64_t emulated_fma(uint64_t a, uint64_t b, uint64_t c) {
    using namespace int_emulation;
    using namespace fma_detail;
    uint64_t special;
    if (special_fma<R>(a, b, c, special)) return special;
    const uint64_t product_sign = (a ^ b) & kSign, addend_sign = c & kSign;
    const uint64_t abs_a = a & ~kSign, abs_b = b & ~kSign, abs_c = c & ~kSign;
    if (abs_c == 0) return mul64::multiply_finite<R>(product_sign, abs_a, abs_b);  // a*b + 0 is a*b
    if constexpr (M == Mutation::far_addend_dropped) {
        // The exponent fields say how far below: a*b at least 2^(fa + fb - 2046), c below
        // 2^(fc - 1022) (subnormals too, fc = 0), so c < 2^-below a*b.
        const int32_t below = static_cast<int32_t>(abs_a >> 52) + static_cast<int32_t>(abs_b >> 52) - 1024 -
                              static_cast<int32_t>(abs_c >> 52);
        if ((abs_a >> 52) != 0 && (abs_b >> 52) != 0 && below >= 110) {
            return mul64::multiply_finite<R>(product_sign, abs_a, abs_b);
        }
    }

    const mul64::ExactProduct p = mul64::exact_product(abs_a, abs_b);
    const Unpacked addend = unpack_normalized(abs_c);
    const Wide product = {p.high, p.low};
    const Wide summand = {addend.sig << kRoundBits, 0};
    const bool product_larger = p.exp > addend.exp || (p.exp == addend.exp && !is_below(product, summand));
    const Wide large = product_larger ? product : summand;
    const int gap = product_larger ? p.exp - addend.exp : addend.exp - p.exp;
    const bool truncate = (M == Mutation::addend_sticky_lost && product_larger) ||
                          (M == Mutation::product_sticky_lost && !product_larger);
    const Wide small = truncate ? shift_right_truncating(product_larger ? summand : product, gap)
                                : shift_right_sticky(product_larger ? summand : product, gap);
    const uint64_t sign = product_larger ? product_sign : addend_sign;
    int32_t exp = product_larger ? p.exp : addend.exp;

    Wide result;
    if (product_sign == addend_sign) {
        result = add(large, small);  // below 2^128: both below 2^127
        if (result.hi >= (kLeadingBit << 1)) {
            result = shift_right_sticky(result, 1);
            ++exp;
        }
    } else {
        result = subtract(large, small);
        if (result.hi == 0 && result.lo == 0) {
            return M == Mutation::cancellation_sign ? product_sign : cancelled_zero<R>();
        }
        // Leading one back to bit 126, or the exponent down to 1, whichever comes first; a
        // result already below exponent 1 is left to round_and_pack.
        int shift = leading_zeros(result) - 1;
        if (exp - shift < 1) shift = exp > 1 ? exp - 1 : 0;
        result = shift_left(result, shift);
        exp -= shift;
    }
    const uint64_t sig = result.hi | (result.lo != 0 ? 1 : 0);
    if constexpr (M == Mutation::rz_nearest_when_subnormal) {
        if (R == Rounding::rz && (exp < 1 || sig < kLeadingBit)) return round_and_pack<Rounding::rn>(sign, exp, sig);
    }
    if constexpr (M == Mutation::subnormal_ties_away) {
        // Below the normal range the lowest bit of sig is among those rounded off: setting it
        // turns an exact tie into a value just above it and changes nothing else.
        if (R == Rounding::rn && (exp < 1 || sig < kLeadingBit)) return round_and_pack<R>(sign, exp, sig | 1);
    }
    return round_and_pack<R>(sign, exp, sig);
}

}  // namespace fpv::fma64
