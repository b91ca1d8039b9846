// Exact sums of a few binary64 terms and the few roundings that follow them, in integer
// arithmetic, for the host and the device alike. They reproduce, bit for bit, what MPFR
// computes at precision 64 with round-to-nearest-even: mpfr_sum, mpfr_div and mpfr_get_d. The
// float-float judge's fast reference is built on them; MPFR checks it (tests, and a sample of
// every campaign).
#pragma once

#include "core/binary64.h"
#include "core/portability.h"

namespace fpv::exact {

using u128 = unsigned __int128;

// A value rounded to 64 significant bits: (-1)^negative * significand * 2^(exponent - 63),
// significand in [2^63, 2^64); significand 0 is a zero of that sign.
struct Rounded64 {
    uint64_t significand = 0;
    int exponent = 0;
    bool negative = false;
    bool finite = true;  // false: a term was an infinity or a NaN, and nothing was computed
    FPV_HD bool zero() const { return significand == 0; }
};

// Rounds to nearest even, given the leading 64 bits (bit 63 set), the next bit and whether
// any bit below that is set; a carry out of the significand goes into the exponent.
FPV_HD FPV_INLINE Rounded64 round_nearest_even(bool negative, uint64_t significand, int exponent, bool half,
                                               bool sticky) {
    Rounded64 r;
    r.significand = significand;
    r.exponent = exponent;
    r.negative = negative;
    if (half && (sticky || (significand & 1) != 0)) {
        if (++r.significand == 0) {
            r.significand = uint64_t{1} << 63;
            ++r.exponent;
        }
    }
    return r;
}

namespace detail {

constexpr int kMaxTerms = 16;

struct Term {
    uint64_t significand;
    int lsb_exponent;
    bool negative;
};

// A 256-bit two's complement accumulator in four words, its unit 2^lowest: room for terms
// within 250 bits of it, and their carries.
struct Words256 {
    uint64_t w0 = 0, w1 = 0, w2 = 0, w3 = 0;

    // Adds the term, `offset` = its lsb_exponent - lowest (0 to 249), as four words built
    // without branches.
    FPV_HD FPV_INLINE void add(const Term& term, int offset) {
        const int word = offset >> 6, shift = offset & 63;
        const uint64_t m = term.significand;
        const uint64_t lo = m << shift, hi = (m >> 1) >> (63 - shift);
        const uint64_t flip = term.negative ? ~uint64_t{0} : 0;  // -x = ~x + 1
        const uint64_t a0 = (word == 0 ? lo : 0) ^ flip;
        const uint64_t a1 = (word == 1 ? lo : word == 0 ? hi : 0) ^ flip;
        const uint64_t a2 = (word == 2 ? lo : word == 1 ? hi : 0) ^ flip;
        const uint64_t a3 = (word == 3 ? lo : word == 2 ? hi : 0) ^ flip;
        u128 t = static_cast<u128>(w0) + a0 + (flip & 1);
        w0 = static_cast<uint64_t>(t);
        t = static_cast<u128>(w1) + a1 + static_cast<uint64_t>(t >> 64);
        w1 = static_cast<uint64_t>(t);
        t = static_cast<u128>(w2) + a2 + static_cast<uint64_t>(t >> 64);
        w2 = static_cast<uint64_t>(t);
        w3 = w3 + a3 + static_cast<uint64_t>(t >> 64);
    }
    FPV_HD int sign() const { return (w3 >> 63) != 0 ? -1 : (w0 | w1 | w2 | w3) != 0 ? 1 : 0; }
};

// Every term within 250 bits of the lowest one, summed in Words256.
FPV_HD FPV_INLINE Rounded64 sum_narrow(const Term* terms, int count, int lowest) {
    Words256 sum;
    for (int i = 0; i < count; ++i) sum.add(terms[i], terms[i].lsb_exponent - lowest);
    uint64_t w0 = sum.w0, w1 = sum.w1, w2 = sum.w2, w3 = sum.w3;
    const bool negative = (w3 >> 63) != 0;
    if (negative) {  // two's complement negation, word by word from the bottom
        u128 t = static_cast<u128>(~w0) + 1;
        w0 = static_cast<uint64_t>(t);
        t = static_cast<u128>(~w1) + static_cast<uint64_t>(t >> 64);
        w1 = static_cast<uint64_t>(t);
        t = static_cast<u128>(~w2) + static_cast<uint64_t>(t >> 64);
        w2 = static_cast<uint64_t>(t);
        w3 = ~w3 + static_cast<uint64_t>(t >> 64);
    }
    const uint64_t w[4] = {w0, w1, w2, w3};
    int top = 3;
    while (top >= 0 && w[top] == 0) --top;
    if (top < 0) return Rounded64{};  // exact cancellation: +0
    const int lz = clz64(w[top]);
    const uint64_t below = top >= 1 ? w[top - 1] : 0, further = top >= 2 ? w[top - 2] : 0;
    const uint64_t lead = lz == 0 ? w[top] : (w[top] << lz) | (below >> (64 - lz));
    const uint64_t next = lz == 0 ? below : (below << lz) | (further >> (64 - lz));
    bool sticky = (further << lz) != 0 || (next << 1) != 0;
    if (top == 3) sticky = sticky || w[0] != 0;
    return round_nearest_even(negative, lead, lowest + 64 * top + 63 - lz, (next >> 63) != 0, sticky);
}

// Any spread (binary64 terms span 2^-1074 to 2^1024): 32-bit digits in 64-bit slots, which
// absorb the carries of 16 terms, carried once at the end.
FPV_HD FPV_INLINE Rounded64 sum_wide(const Term* terms, int count, int lowest, int highest) {
    constexpr int kMaxDigits = 72;
    const int digits = (highest - lowest) / 32 + 3;
    int64_t digit[kMaxDigits];
    for (int i = 0; i < digits; ++i) digit[i] = 0;
    for (int i = 0; i < count; ++i) {
        const int offset = terms[i].lsb_exponent - lowest;
        const int first = offset >> 5;
        const u128 shifted = static_cast<u128>(terms[i].significand) << (offset & 31);
        const int64_t sign = terms[i].negative ? -1 : 1;
        digit[first] += sign * static_cast<int64_t>(static_cast<uint32_t>(shifted));
        digit[first + 1] += sign * static_cast<int64_t>(static_cast<uint32_t>(shifted >> 32));
        digit[first + 2] += sign * static_cast<int64_t>(static_cast<uint32_t>(shifted >> 64));
    }
    const auto carry_all = [&] {
        for (int i = 0; i + 1 < digits; ++i) {
            const int64_t carry = digit[i] >> 32;  // floor division by 2^32
            digit[i] -= carry * (int64_t{1} << 32);
            digit[i + 1] += carry;
        }
    };
    carry_all();
    // The top digit now holds only the sign (0 or -1): the sum is far below it.
    const bool negative = digit[digits - 1] < 0;
    if (negative) {
        for (int i = 0; i < digits; ++i) digit[i] = -digit[i];
        carry_all();
    }
    int top = digits - 1;
    while (top >= 0 && digit[top] == 0) --top;
    if (top < 0) return Rounded64{};
    const auto at = [&](int i) { return i >= 0 ? static_cast<u128>(digit[i]) : u128{0}; };
    const u128 lead = (at(top) << 64) | (at(top - 1) << 32) | at(top - 2);
    bool sticky = false;
    for (int i = 0; i < top - 2; ++i) sticky = sticky || digit[i] != 0;
    const uint64_t high = static_cast<uint64_t>(lead >> 64);
    const int top_bit = high != 0 ? 127 - clz64(high) : 63 - clz64(static_cast<uint64_t>(lead));
    const int shift = top_bit - 63;  // at least 1: digit[top] is nonzero
    const u128 rest = lead & ((u128{1} << shift) - 1), half = u128{1} << (shift - 1);
    return round_nearest_even(negative, static_cast<uint64_t>(lead >> shift),
                              lowest + 32 * (top - 2) + shift + 63, rest >= half, sticky || rest > half);
}

// floor((a 2^64) / b) and the remainder, for a < b and b normalised (bit 63 set), by
// schoolbook division with 32-bit digits (Hacker's Delight, divlu): the device has no 128-bit
// division. The host uses it only in tests, which check it against the hardware division.
FPV_HD FPV_INLINE void divide_by_digits(uint64_t a, uint64_t b, uint64_t& quotient, uint64_t& remainder) {
    constexpr uint64_t kBase = uint64_t{1} << 32;
    const uint64_t b1 = b >> 32, b0 = b & 0xffffffffu;
    // Each estimate q from the top digits is at most 2 too large; the checks short-circuit so
    // that q * b0 is only formed when q < 2^32.
    uint64_t q1 = a / b1, r = a - q1 * b1;
    while (q1 >= kBase || q1 * b0 > (r << 32)) {
        --q1;
        r += b1;
        if (r >= kBase) break;
    }
    const uint64_t partial = (a << 32) - q1 * b;  // below b
    uint64_t q0 = partial / b1;
    r = partial - q0 * b1;
    while (q0 >= kBase || q0 * b0 > (r << 32)) {
        --q0;
        r += b1;
        if (r >= kBase) break;
    }
    quotient = (q1 << 32) + q0;
    remainder = (partial << 32) - q0 * b;
}

// floor(a 2^64 / b) as a 65-bit quotient (top, low) and its remainder, for b normalised.
FPV_HD FPV_INLINE void divide_shifted(uint64_t a, uint64_t b, bool& top, uint64_t& low, uint64_t& remainder) {
    top = a >= b;
    if (top) a -= b;  // now a < b, so the rest of the quotient fits in 64 bits
#if defined(__CUDA_ARCH__)
    divide_by_digits(a, b, low, remainder);
#else
    const u128 n = static_cast<u128>(a) << 64;
    low = static_cast<uint64_t>(n / b);
    remainder = static_cast<uint64_t>(n % b);
#endif
}

}  // namespace detail

// The exact sum of terms[0..n) (n <= 16), rounded to 64 bits; an exact zero is +0 unless every
// term is -0 (IEEE 754's rule for sums, which mpfr_sum follows).
FPV_HD FPV_INLINE Rounded64 sum_rn64(const double* values, int n) {
    detail::Term terms[detail::kMaxTerms];
    int count = 0, lowest = 1 << 20, highest = -(1 << 20);
    bool all_negative_zeros = n > 0;
    for (int i = 0; i < n && i < detail::kMaxTerms; ++i) {
        const uint64_t bits = bits_of(values[i]);
        const uint64_t magnitude = bits & ~b64::kSign;
        const bool negative = (bits & b64::kSign) != 0;
        if (magnitude >= b64::kInfinity) {
            Rounded64 r;
            r.finite = false;
            return r;
        }
        if (magnitude == 0) {
            all_negative_zeros = all_negative_zeros && negative;
            continue;
        }
        all_negative_zeros = false;
        const b64::Decomposed d = b64::decompose(magnitude);
        terms[count++] = {d.significand, d.lsb_exponent, negative};
        lowest = d.lsb_exponent < lowest ? d.lsb_exponent : lowest;
        const int above = d.lsb_exponent + 64 - clz64(d.significand);
        highest = above > highest ? above : highest;
    }
    if (count == 0) {
        Rounded64 zero;
        zero.negative = all_negative_zeros;
        return zero;
    }
    if (highest - lowest <= 250) return detail::sum_narrow(terms, count, lowest);
    return detail::sum_wide(terms, count, lowest, highest);
}

// a / b rounded to 64 bits, for finite a and finite nonzero b (mpfr_div at precision 64).
FPV_HD FPV_INLINE Rounded64 quotient_rn64(const Rounded64& a, const Rounded64& b) {
    const bool negative = a.negative != b.negative;
    if (a.zero()) {
        Rounded64 zero;
        zero.negative = negative;
        return zero;
    }
    bool top = false;
    uint64_t low = 0, remainder = 0;
    detail::divide_shifted(a.significand, b.significand, top, low, remainder);
    if (top) {  // a / b in [1, 2): 65 quotient bits
        return round_nearest_even(negative, (uint64_t{1} << 63) | (low >> 1), a.exponent - b.exponent,
                                  (low & 1) != 0, remainder != 0);
    }
    // a / b in (1/2, 1): one more quotient bit decides the rounding.
    const u128 twice = static_cast<u128>(remainder) << 1;
    const bool half = twice >= b.significand;
    const bool sticky = (half ? twice - b.significand : twice) != 0;
    return round_nearest_even(negative, low, a.exponent - b.exponent - 1, half, sticky);
}

// v * 2^k (exact).
FPV_HD FPV_INLINE Rounded64 scaled(Rounded64 v, int k) {
    if (!v.zero()) v.exponent += k;
    return v;
}

// v rounded to the nearest binary64, subnormals and overflow included (mpfr_get_d, RNDN).
FPV_HD FPV_INLINE double to_double(const Rounded64& v) {
    const uint64_t sign = v.negative ? b64::kSign : 0;
    if (!v.finite) return double_of(0x7ff8000000000000ull);
    if (v.zero()) return double_of(sign);
    const uint64_t s = v.significand;
    if (v.exponent >= -1022) {
        uint64_t mantissa = s >> 11;  // 53 bits
        int exponent = v.exponent;
        if (((s >> 10) & 1) != 0 && ((s & 0x3ff) != 0 || (mantissa & 1) != 0)) {
            if (++mantissa == (uint64_t{1} << 53)) {
                mantissa >>= 1;
                ++exponent;
            }
        }
        if (exponent > 1023) return double_of(sign | b64::kInfinity);
        return double_of(sign | (static_cast<uint64_t>(exponent + 1023) << 52) | (mantissa & b64::kMantissaMask));
    }
    // Subnormal: the value is s * 2^(exponent - 63) and the grid 2^-1074.
    const int drop = -1011 - v.exponent;  // bits below 2^-1074, at least 12
    if (drop > 64) return double_of(sign);  // below half the least subnormal
    const uint64_t kept = drop == 64 ? 0 : s >> drop;
    const bool half = ((s >> (drop - 1)) & 1) != 0;
    const bool sticky = (s << (65 - drop)) != 0;  // drop >= 12
    uint64_t bits = kept;
    if (half && (sticky || (kept & 1) != 0)) ++bits;  // 2^52 here is the least normal, as it should
    return double_of(sign | bits);
}

}  // namespace fpv::exact
