// Binary64 multiplication in integers only (ops/binary64/int_emulation.h), correctly rounded in
// the rounding mode R.
//
// Both significands are normalised to 53 bits (subnormal operands included) and placed at bits
// 62 and 63, so that their 128-bit product (umul64hi and the low word) has its leading one at
// bit 61 or 62 of the high word: at most one shift puts it at 62, where round_and_pack wants it,
// and the low word only matters as a sticky bit. A product below the normal range is shifted
// down inside round_and_pack, from the full 63 bits, so it is rounded once (gradual underflow).
#pragma once

#include "ops/binary64/int_emulation.h"

namespace fpv::mul64 {

// Planted bugs for fpverify's mutation score (ops/mul64/mutants.h). The shipped impls use `none`.
enum class Mutation {
    none,
    low_word_sticky_lost,       // the product's low word is dropped, not folded into the sticky bit
    subnormal_double_rounding,  // a tiny product is rounded to 53 bits first, then to its subnormal place
    ru_overflow_to_finite,      // toward +infinity, a positive overflow gives the largest finite number
};

// The exact product as two words, high:low * 2^(exp - 1085 - 64), the leading one at bit 62 of
// high: round_and_pack's format once low is folded into a sticky bit.
struct ExactProduct {
    uint64_t high, low;
    int32_t exp;
};

// |x| * |y| for finite nonzero magnitudes.
FPV_HD FPV_INLINE ExactProduct exact_product(uint64_t abs_x, uint64_t abs_y) {
    using namespace int_emulation;
    const Unpacked a = unpack_normalized(abs_x), b = unpack_normalized(abs_y);
    // (a.sig * 2^10) * (b.sig * 2^11) lies in [2^125, 2^127): a.sig * b.sig * 2^21 / 2^64 is
    // the high word, worth 2^(a.exp + b.exp - 2150 + 43) = 2^((a.exp + b.exp - 1022) - 1085).
    const uint64_t left = a.sig << 10, right = b.sig << 11;
    uint64_t high = umul64hi(left, right);
    uint64_t low = left * right;
    int32_t exp = a.exp + b.exp - 1022;
    if (high < kLeadingBit) {
        high = (high << 1) | (low >> 63);
        low <<= 1;
        --exp;
    }
    return {high, low, exp};
}

template <Rounding R, Mutation M = Mutation::none>
FPV_HD FPV_INLINE uint64_t multiply_finite(uint64_t sign, uint64_t abs_x, uint64_t abs_y) {
    using namespace int_emulation;
    const ExactProduct p = exact_product(abs_x, abs_y);
    const uint64_t sig = M == Mutation::low_word_sticky_lost ? p.high : p.high | (p.low != 0 ? 1 : 0);
    if constexpr (M == Mutation::subnormal_double_rounding) {
        if (p.exp < 1) {
            // Rounded to nearest at 53 bits as if normal, then again at the subnormal place.
            const uint64_t at_53 = round_and_pack<Rounding::rn>(0, kMaxBiasedExponent, sig);
            const uint64_t significand = ((at_53 & kMantissa) | kHiddenBit) << kRoundBits;
            const int32_t carried = static_cast<int32_t>(at_53 >> 52) - kMaxBiasedExponent;
            return round_and_pack<R>(sign, p.exp + carried, significand);
        }
    }
    if constexpr (M == Mutation::ru_overflow_to_finite) {
        if (R == Rounding::ru && sign == 0 && p.exp > kMaxBiasedExponent) return kMaxFinite;
    }
    return round_and_pack<R>(sign, p.exp, sig);
}

template <Rounding R, Mutation M = Mutation::none>
FPV_HD FPV_INLINE uint64_t emulated_multiply(uint64_t x, uint64_t y) {
    using namespace int_emulation;
    const uint64_t sign = (x ^ y) & kSign;
    const uint64_t abs_x = x & ~kSign, abs_y = y & ~kSign;
    if (abs_x >= kInfinity || abs_y >= kInfinity) {
        if (is_nan(x)) return quieted(x);
        if (is_nan(y)) return quieted(y);
        if (abs_x == 0 || abs_y == 0) return kDefaultNan;  // 0 * inf
        return sign | kInfinity;
    }
    if (abs_x == 0 || abs_y == 0) return sign;
    return multiply_finite<R, M>(sign, abs_x, abs_y);
}

}  // namespace fpv::mul64
