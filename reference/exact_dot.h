// The exact value of a dot product of binary64 vectors, sum of a_i * b_i, and that value rounded
// once to binary64 in any rounding mode: the reference of an entry of a matrix product. Each
// product of two binary64 numbers is an exact integer of at most 106 bits times a power of two
// between 2^-2148 and 2^1995, so a fixed-point number of kWords 64-bit words, its least bit worth
// 2^-2148, holds every partial sum of up to 2^22 products without rounding (Kulisch's long
// accumulator). Positive and negative products go to two unsigned accumulators, so a carry
// runs only as far as a word that does not overflow and no borrow runs at all; the difference
// is taken once, when the sum is read. The same FPV_HD code runs on the host and the GPU.
#pragma once

#include <cstdint>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/portability.h"

namespace fpv::exact_dot {

// Bit 0 of an accumulator is worth 2^kLeastExponent: the least product, 2^-1074 * 2^-1074.
inline constexpr int kLeastExponent = -2148;
// 2^1024 * 2^1024 is beyond the largest product; 22 bits of headroom above it for the carries
// of 2^22 terms.
inline constexpr int kWords = (1024 + 1024 + 22 - kLeastExponent + 63) / 64;
inline constexpr uint64_t kMaxTerms = uint64_t{1} << 22;

// A magnitude in fixed point: bit i worth 2^(kLeastExponent + i).
struct Fixed {
    uint64_t word[kWords];

    FPV_HD void clear() {
        for (int i = 0; i < kWords; ++i) word[i] = 0;
    }
    // Adds m * 2^(kLeastExponent + position), m below 2^128 given as its two halves.
    FPV_HD void add_shifted(uint64_t low, uint64_t high, int position) {
        const int w = position >> 6, s = position & 63;
        // The three words m * 2^s covers; the third is nonzero only where s brings high's top bits over.
        const uint64_t part0 = low << s;
        const uint64_t part1 = s == 0 ? high : (high << s) | (low >> (64 - s));
        const uint64_t part2 = s == 0 ? 0 : high >> (64 - s);
        uint64_t carry = add_word(w, part0, 0);
        carry = add_word(w + 1, part1, carry);
        carry = add_word(w + 2, part2, carry);
        for (int i = w + 3; carry != 0 && i < kWords; ++i) carry = add_word(i, 0, carry);
    }
    FPV_HD bool is_zero() const {
        for (int i = 0; i < kWords; ++i) {
            if (word[i] != 0) return false;
        }
        return true;
    }
    // The index of the highest set bit; -1 for zero.
    FPV_HD int top_bit() const {
        for (int i = kWords - 1; i >= 0; --i) {
            if (word[i] != 0) return i * 64 + 63 - clz64(word[i]);
        }
        return -1;
    }
    FPV_HD bool bit(int i) const { return i >= 0 && ((word[i >> 6] >> (i & 63)) & 1) != 0; }
    // Whether any bit below index i is set.
    FPV_HD bool any_below(int i) const {
        if (i <= 0) return false;
        for (int w = 0; w < (i >> 6); ++w) {
            if (word[w] != 0) return true;
        }
        return (i & 63) != 0 && (word[i >> 6] & ((uint64_t{1} << (i & 63)) - 1)) != 0;
    }
    // Bits [from, from + 64) as one word (bits past the top read as 0).
    FPV_HD uint64_t bits_from(int from) const {
        const int w = from >> 6, s = from & 63;
        const uint64_t low = w < kWords ? word[w] : 0;
        const uint64_t high = w + 1 < kWords ? word[w + 1] : 0;
        return s == 0 ? low : (low >> s) | (high << (64 - s));
    }
    FPV_HD void add(const Fixed& other) {
        uint64_t carry = 0;
        for (int i = 0; i < kWords; ++i) carry = add_word(i, other.word[i], carry);
    }
    // this - other, where this >= other.
    FPV_HD void subtract(const Fixed& other) {
        uint64_t borrow = 0;
        for (int i = 0; i < kWords; ++i) {
            const uint64_t d = word[i] - other.word[i];
            const uint64_t next = (word[i] < other.word[i]) | (d < borrow);
            word[i] = d - borrow;
            borrow = next;
        }
    }
    FPV_HD bool less_than(const Fixed& other) const {
        for (int i = kWords - 1; i >= 0; --i) {
            if (word[i] != other.word[i]) return word[i] < other.word[i];
        }
        return false;
    }

private:
    FPV_HD uint64_t add_word(int i, uint64_t value, uint64_t carry) {
        if (i >= kWords) return 0;
        const uint64_t sum = word[i] + value;
        const uint64_t out = (sum < value) + (sum + carry < sum);
        word[i] = sum + carry;
        return out;
    }
};

// value * 2^exponent, by factors that neither overflow nor underflow on the way.
FPV_HD inline double times_power_of_two(double value, int exponent) {
    while (exponent > 0) {
        const int step = exponent > 512 ? 512 : exponent;
        value *= double_of(static_cast<uint64_t>(1023 + step) << 52);
        exponent -= step;
    }
    while (exponent < 0) {
        const int step = exponent < -512 ? 512 : -exponent;
        value *= double_of(static_cast<uint64_t>(1023 - step) << 52);
        exponent += step;
    }
    return value;
}

// The leading 64 bits of a nonzero magnitude and the index of their last bit.
struct Leading {
    uint64_t bits;
    int from;
};

FPV_HD inline Leading leading_bits(const Fixed& m) {
    const int top = m.top_bit();
    const int from = top - 63 > 0 ? top - 63 : 0;
    return {m.bits_from(from), from};
}

// A finite binary64 magnitude as an integer significand and the exponent of its last bit.
struct Unpacked {
    uint64_t significand;
    int exponent;  // of the significand's least bit, -1074 or above
};

FPV_HD inline Unpacked unpack_finite(uint64_t x) {
    const int biased = static_cast<int>((x >> 52) & 0x7ff);
    const uint64_t fraction = x & 0x000fffffffffffffull;
    return {biased == 0 ? fraction : fraction | (uint64_t{1} << 52), (biased == 0 ? 1 : biased) - 1075};
}

// The binary64 nearest +-m (m in the accumulator's fixed point) in rounding mode r.
FPV_HD inline uint64_t rounded_magnitude(const Fixed& m, bool negative, Rounding r) {
    const uint64_t sign = negative ? b64::kSign : 0;
    const int top = m.top_bit();
    // The result's last bit: 53 bits below the leading one, but never below 2^-1074.
    const int subnormal_lsb = -1074 - kLeastExponent;
    const int lsb = top - 52 > subnormal_lsb ? top - 52 : subnormal_lsb;
    const int biased_exponent = lsb - subnormal_lsb;  // of the leading bit, when normal, less 1
    const bool up_direction = (r == Rounding::ru && !negative) || (r == Rounding::rd && negative);
    const uint64_t overflowed = r == Rounding::rn || up_direction ? b64::kInfinity : b64::kMaxFinite;
    if (biased_exponent >= 2046) return sign | overflowed;
    uint64_t significand = m.bits_from(lsb) & ((uint64_t{1} << 53) - 1);
    const bool round_bit = m.bit(lsb - 1);
    const bool sticky = m.any_below(lsb - 1);
    bool up = false;
    if (r == Rounding::rn) up = round_bit && (sticky || (significand & 1) != 0);
    if (up_direction) up = round_bit || sticky;
    significand += up ? 1 : 0;
    // A significand of 2^53 carries into the exponent field, as does a subnormal's reaching 2^52.
    const uint64_t magnitude = (static_cast<uint64_t>(biased_exponent) << 52) + significand;
    if (magnitude >= b64::kInfinity) return sign | overflowed;
    return sign | magnitude;
}

// The sum of products as they are added, exact, with what IEEE 754 needs besides its value: the
// special cases (a NaN operand, infinity times zero, infinities of both signs) and the sign of an
// exact zero, as mpfr_dot and mpfr_sum give it (zeros of one sign sum to that zero; any other
// exact zero is +0, or -0 rounding toward -infinity; no terms at all, +0).
class Accumulator {
public:
    FPV_HD void clear() {
        positive_.clear();
        negative_.clear();
        nan_ = positive_infinity_ = negative_infinity_ = false;
        nonzero_ = positive_zero_ = negative_zero_ = false;
        terms_ = 0;
    }
    FPV_HD void add_product(uint64_t a, uint64_t b) {
        ++terms_;
        const bool negative = ((a ^ b) >> 63) != 0;
        const uint64_t abs_a = a & ~kSign, abs_b = b & ~kSign;
        if (abs_a > kInfinity || abs_b > kInfinity) {
            nan_ = true;
            return;
        }
        if (abs_a == kInfinity || abs_b == kInfinity) {
            if (abs_a == 0 || abs_b == 0) nan_ = true;
            (negative ? negative_infinity_ : positive_infinity_) = true;
            return;
        }
        if (abs_a == 0 || abs_b == 0) {
            (negative ? negative_zero_ : positive_zero_) = true;
            return;
        }
        nonzero_ = true;
        const Unpacked x = unpack_finite(abs_a), y = unpack_finite(abs_b);
        const uint64_t low = x.significand * y.significand, high = umul64hi(x.significand, y.significand);
        (negative ? negative_ : positive_).add_shifted(low, high, x.exponent + y.exponent - kLeastExponent);
    }
    // Adds a finite binary64 exactly (the way an error c - exact is taken).
    FPV_HD void add_value(uint64_t c) {
        if ((c & ~kSign) == 0) return;
        const Unpacked x = unpack_finite(c & ~kSign);
        ((c >> 63) != 0 ? negative_ : positive_).add_shifted(x.significand, 0, x.exponent - kLeastExponent);
        nonzero_ = true;
    }

    // The exact sum rounded once to binary64 in mode r; the default NaN for an invalid one.
    FPV_HD uint64_t rounded(Rounding r) const {
        if (nan_ || (positive_infinity_ && negative_infinity_)) return kDefaultNan;
        if (positive_infinity_) return kInfinity;
        if (negative_infinity_) return kSign | kInfinity;
        const bool negative = positive_.less_than(negative_);
        Fixed difference = negative ? negative_ : positive_;
        difference.subtract(negative ? positive_ : negative_);
        if (difference.is_zero()) {
            // Zeros of one sign sum to that zero; any other exact zero is +0, or -0 toward -infinity.
            const bool zeros_of_one_sign = !nonzero_ && positive_zero_ != negative_zero_;
            const bool negative_zero = zeros_of_one_sign ? negative_zero_ : r == Rounding::rd && terms_ > 0;
            return negative_zero ? kSign : 0;
        }
        return rounded_magnitude(difference, negative, r);
    }
    // The sum of the products' magnitudes, sum |a_i b_i|, rounded to nearest: the scale of an
    // entry's error in Higham's and the grading test's bounds, eps * (|A||B|)_ij.
    FPV_HD uint64_t magnitude_sum() const {
        if (nan_) return kDefaultNan;
        if (positive_infinity_ || negative_infinity_) return kInfinity;
        Fixed sum = positive_;
        sum.add(negative_);  // each below 2^(64 kWords - 2): no carry out of the top word
        return rounded_magnitude(sum, false, Rounding::rn);
    }
    // |exact sum - c| in units of the last place of ulp_of (a binary64 magnitude whose ulp is
    // the unit), as a double: the fractional error of an entry. Only for finite sums and c.
    FPV_HD double error_in_ulps(uint64_t c, uint64_t ulp_of) const {
        const Fixed d = distance_to(c);
        if (d.is_zero()) return 0.0;
        const Leading l = leading_bits(d);
        return times_power_of_two(static_cast<double>(l.bits), l.from - (unpack_finite(ulp_of & ~kSign).exponent - kLeastExponent));
    }
    // |c - exact sum| / (2^-52 * sum |a b|), the error of a matrix product's entry in the unit of
    // its bounds (Higham's gamma_k is k/2 of it): 0 where c is the exact value, the same
    // infinity, or a NaN for an invalid sum; +infinity where no finite ratio says how far c is.
    FPV_HD double componentwise_error(uint64_t c) const {
        constexpr double kInfinite = __builtin_huge_val();
        const uint64_t abs_c = c & ~kSign;
        if (nan_ || (positive_infinity_ && negative_infinity_)) return abs_c > kInfinity ? 0.0 : kInfinite;
        if (positive_infinity_ || negative_infinity_) return c == rounded(Rounding::rn) ? 0.0 : kInfinite;
        if (abs_c >= kInfinity) return kInfinite;
        const Fixed d = distance_to(c);
        Fixed scale = positive_;
        scale.add(negative_);  // each below 2^(64 kWords - 2): no carry out of the top word
        if (scale.is_zero()) return d.is_zero() ? 0.0 : kInfinite;
        if (d.is_zero()) return 0.0;
        const Leading num = leading_bits(d), den = leading_bits(scale);
        return times_power_of_two(static_cast<double>(num.bits) / static_cast<double>(den.bits), num.from - den.from + 52);
    }
    FPV_HD uint64_t terms() const { return terms_; }

private:
    // |exact sum - c| for a finite c.
    FPV_HD Fixed distance_to(uint64_t c) const {
        Accumulator diff = *this;
        diff.add_value(c ^ kSign);
        const bool negative = diff.positive_.less_than(diff.negative_);
        Fixed d = negative ? diff.negative_ : diff.positive_;
        d.subtract(negative ? diff.positive_ : diff.negative_);
        return d;
    }

    static constexpr uint64_t kSign = b64::kSign;
    static constexpr uint64_t kInfinity = b64::kInfinity;
    static constexpr uint64_t kDefaultNan = 0x7ff8000000000000ull;  // x86's, as the emulations return
    Fixed positive_, negative_;
    bool nan_, positive_infinity_, negative_infinity_;
    bool nonzero_, positive_zero_, negative_zero_;  // which kinds of product were added
    uint64_t terms_;
};

}  // namespace fpv::exact_dot
