// The matrices of gemm64's inputs, as pure functions of a key: any entry of any batch's A and B
// can be made again from its indices, on the host and on the GPU, bit for bit. Only integer
// arithmetic builds them (a double made from an integer significand and a power of two), so
// neither a compiler's contractions nor the host's rounding mode, which the judges change, can
// alter a value.
//
// An input is one entry C[i][j] of C = A * B for one batch's A (m x k) and B (k x n). Its three
// words: the entry (i:j), the batch's key, and the shape word, which says k, m, n and how the
// entries are drawn (the class), so that the terms of the entry follow from the input alone.
#pragma once

#include <cstdint>

#include "core/binary64.h"
#include "corpus/counter_rng.h"
#include "reference/exact_dot.h"

namespace fpv::gemm64 {

// How a class draws its matrix entries.
enum class Draw : uint8_t {
    uniform,       // [0, 1): the grading test's
    signed_unit,   // (-1, 1)
    spread,        // (U - 1/2) * 2^round(phi * log2(e) * N(0,1)): Ozaki's phi, exponents quantised
    span,          // random significand and sign, exponent uniform in [-E, E]
    cancellation,  // pairs of terms that cancel exactly, and a tiny rest: entries near 0
    subnormal,     // exponents in [-560, -501]: products below 2^-1000, many below the normal range
    overflow,      // exponents in [505, 512]: products and sums near and past the largest double
    specials,      // entries of (-1, 1) with one in 64 a zero, an infinity or a NaN
    midpoint,      // entries of (-1, 1) and a last term that puts the entry next to a rounding midpoint
};

// The largest k, m and n the shape word holds (the exact accumulator holds 2^22 terms).
inline constexpr uint32_t kMaxK = uint32_t{1} << 20;
inline constexpr uint32_t kMaxM = uint32_t{1} << 15, kMaxN = kMaxM;
static_assert(kMaxK <= exact_dot::kMaxTerms);

// The shape word: k - 1 in bits 0-19, the draw in 20-23, its parameter in 24-33 (spread: phi in
// sixteenths; span: E), m - 1 in 34-48, n - 1 in 49-63. Counts less one, so that each field's
// largest value is a power of two. (Generator version 1 had k in 0-23, the draw in 24-31, the
// parameter in 32-47, n in 48-63 and m = n: the classes' version says which a stored input is.)
struct Shape {
    uint32_t k = 1;
    Draw draw = Draw::uniform;
    uint32_t parameter = 0;
    uint32_t m = 1, n = 1;

    FPV_HD static Shape of(uint64_t word) {
        return {static_cast<uint32_t>(word & 0xfffff) + 1, static_cast<Draw>((word >> 20) & 0xf),
                static_cast<uint32_t>((word >> 24) & 0x3ff), static_cast<uint32_t>((word >> 34) & 0x7fff) + 1,
                static_cast<uint32_t>(word >> 49) + 1};
    }
    FPV_HD uint64_t word() const {
        return uint64_t{k - 1} | (uint64_t{static_cast<uint8_t>(draw)} << 20) | (uint64_t{parameter} << 24) |
               (uint64_t{m - 1} << 34) | (uint64_t{n - 1} << 49);
    }
};

// The entry of an input's first word: its row in the high half, its column in the low.
FPV_HD inline uint32_t entry_row(uint64_t entry) { return static_cast<uint32_t>(entry >> 32); }
FPV_HD inline uint32_t entry_column(uint64_t entry) { return static_cast<uint32_t>(entry); }

FPV_HD inline uint64_t batch_key(uint64_t class_key, uint64_t batch) {
    return mix64(class_key + (batch + 1) * 0x9e3779b97f4a7c15ull);
}

namespace detail {

FPV_HD inline uint64_t scaled(uint64_t significand, int exponent, bool negative) {
    return b64::from_scaled_integer(significand, exponent, negative);
}

// A 53-bit significand with its leading bit set, of random low bits.
FPV_HD inline uint64_t full_significand(CounterRng& rng) { return (uint64_t{1} << 52) | (rng.next() >> 12); }

FPV_HD inline uint64_t unit_interval(CounterRng& rng) { return scaled(rng.next() >> 11, -53, false); }

FPV_HD inline uint64_t signed_unit(CounterRng& rng) {
    const int64_t t = static_cast<int64_t>(rng.next() >> 11) - (int64_t{1} << 52);  // (U - 1/2) 2^53
    return scaled(static_cast<uint64_t>(t < 0 ? -t : t), -52, t < 0);
}

// Draws are sequenced one statement each: the order of a call's arguments is unspecified, and
// the host's compiler and nvcc need not agree on it.
FPV_HD inline uint64_t in_binades(CounterRng& rng, int low, int high) {
    const int e = static_cast<int>(rng.between(low, high));
    const uint64_t significand = full_significand(rng);
    const bool negative = rng.coin();
    return scaled(significand, e - 52, negative);
}

// Ozaki's (U - 1/2) exp(phi N(0,1)) with N from twelve uniforms (Irwin-Hall) and the factor
// rounded to a power of two: 2^round(phi log2(e) N). phi16 is phi in sixteenths.
FPV_HD inline uint64_t spread(CounterRng& rng, uint32_t phi16) {
    int64_t normal = -6 * (int64_t{1} << 32);  // N * 2^32
    for (int i = 0; i < 12; ++i) normal += static_cast<int64_t>(rng.next() >> 32);
    constexpr int64_t kLog2E = 94548;  // log2(e) * 2^16
    // N * 2^32 * log2(e) * 2^16 * phi * 2^4, below 2^35 * 2^17 * 2^11 = 2^63.
    const int64_t product = normal * kLog2E * static_cast<int64_t>(phi16);
    const int64_t half = int64_t{1} << 51;
    const int exponent = static_cast<int>((product >= 0 ? product + half : product - half) / (int64_t{1} << 52));
    const int64_t t = static_cast<int64_t>(rng.next() >> 11) - (int64_t{1} << 52);
    return scaled(static_cast<uint64_t>(t < 0 ? -t : t), exponent - 53, t < 0);
}

FPV_HD inline uint64_t special_or_unit(CounterRng& rng) {
    if (rng.below(64) != 0) return signed_unit(rng);
    constexpr uint64_t kSpecials[5] = {0, b64::kSign, b64::kInfinity, b64::kSign | b64::kInfinity,
                                       0x7ff8000000000000ull};
    return kSpecials[rng.below(5)];
}

FPV_HD inline uint64_t drawn(CounterRng& rng, const Shape& s) {
    switch (s.draw) {
        case Draw::uniform: return unit_interval(rng);
        case Draw::signed_unit: return signed_unit(rng);
        case Draw::spread: return spread(rng, s.parameter);
        case Draw::span: return in_binades(rng, -static_cast<int>(s.parameter), static_cast<int>(s.parameter));
        case Draw::cancellation: return in_binades(rng, -8, 8);
        case Draw::subnormal: return in_binades(rng, -560, -501);
        case Draw::overflow: return in_binades(rng, 505, 512);
        case Draw::specials: return special_or_unit(rng);
        case Draw::midpoint: return signed_unit(rng);
    }
    return 0;
}

inline constexpr uint64_t kSaltA = 0x41a7c15d2b3e9f01ull, kSaltB = 0xb0d5e8f3a1c76f29ull;
inline constexpr uint64_t kOneBits = 0x3ff0000000000000ull;  // 1.0

// The entries as the draw makes them, before a class's construction: what a_value and b_value
// return but for cancellation's and midpoint's special terms.
FPV_HD inline uint64_t plain_a(const Shape& s, uint64_t key, uint32_t row, uint32_t l) {
    CounterRng rng(mix64(key ^ kSaltA), (uint64_t{row} << 32) | l);
    return drawn(rng, s);
}
FPV_HD inline uint64_t plain_b(const Shape& s, uint64_t key, uint32_t l, uint32_t column) {
    CounterRng rng(mix64(key ^ kSaltB), (uint64_t{l} << 32) | column);
    return drawn(rng, s);
}

// The midpoint draw's last A entry (its last B entry is 1): minus the exact sum S of the first
// k - 1 products, less the midpoint M between the double nearest S and its neighbour on S's
// side, rounded once: the entry S + A[row][k-1] = M - (S - M - RN(S - M)) lies within half an
// ulp of S - M, at most 2^-53 ulp(M), of the midpoint. Only additions of exact doubles and the
// accumulator: no rounding mode of the host's can change it.
// Out of line on the GPU: a_value() is inlined into every kernel's loop over the terms. A
// template, since a function declared inline may not be noinline, and one defined in a header
// must be one or the other. It calls no a_value(): a call graph without a cycle lets CUDA size
// the thread's stack at compile time (a recursive one runs in the default 1 KiB and overflows).
template <class = void>
FPV_HD FPV_NOINLINE uint64_t midpoint_last_term(const Shape& s, uint64_t key, uint32_t row);

}  // namespace detail

// A[row][l] and B[l][column] of the batch with key `key`. The cancellation draw repeats the
// first h = (k-1)/2 terms with B negated, so those 2h products cancel exactly, and ends with
// one or two products near 2^-80 that the exact entry is made of. The midpoint draw (n = 1)
// ends with a term that puts the entry next to a rounding midpoint.
FPV_HD inline uint64_t a_value(const Shape& s, uint64_t key, uint32_t row, uint32_t l) {
    if (s.draw == Draw::midpoint && l + 1 == s.k) return detail::midpoint_last_term<>(s, key, row);
    if (s.draw == Draw::cancellation) {
        const uint32_t h = (s.k - 1) / 2;
        if (l >= 2 * h) {
            CounterRng rng(mix64(key ^ detail::kSaltA), (uint64_t{row} << 32) | l);
            const uint64_t significand = detail::full_significand(rng);
            const bool negative = rng.coin();
            return detail::scaled(significand, -80 - 52, negative);
        }
        if (l >= h) l -= h;
    }
    return detail::plain_a(s, key, row, l);
}

FPV_HD inline uint64_t b_value(const Shape& s, uint64_t key, uint32_t l, uint32_t column) {
    if (s.draw == Draw::midpoint && l + 1 == s.k) return detail::kOneBits;
    bool negated = false;
    if (s.draw == Draw::cancellation) {
        const uint32_t h = (s.k - 1) / 2;
        if (l >= 2 * h) {
            CounterRng rng(mix64(key ^ detail::kSaltB), (uint64_t{l} << 32) | column);
            return detail::unit_interval(rng);
        }
        if (l >= h) {
            l -= h;
            negated = true;
        }
    }
    return detail::plain_b(s, key, l, column) ^ (negated ? b64::kSign : 0);
}

namespace detail {

template <class>
FPV_HD FPV_NOINLINE uint64_t midpoint_last_term(const Shape& s, uint64_t key, uint32_t row) {
    exact_dot::Accumulator sum;
    sum.clear();
    for (uint32_t l = 0; l + 1 < s.k; ++l) sum.add_product(plain_a(s, key, row, l), plain_b(s, key, l, 0));
    const uint64_t nearest = sum.rounded(Rounding::rn);
    if ((nearest & ~b64::kSign) == 0) return 0;  // a sum too small to round: nothing to place
    exact_dot::Accumulator side = sum;
    side.add_product(nearest ^ b64::kSign, kOneBits);
    const uint64_t beyond = side.rounded(Rounding::rn);  // S - RN(S): its sign says the side
    // The neighbour on S's side: one step away from zero where S is farther from zero than RN(S).
    const bool outward = (beyond & b64::kSign) == (nearest & b64::kSign) && (beyond & ~b64::kSign) != 0;
    const uint64_t neighbour = outward ? nearest + 1 : nearest - 1;
    // Half the gap, exact: the gap between neighbours is a power of two (Sterbenz).
    const double half_gap = (double_of(neighbour) - double_of(nearest)) * 0.5;
    side.add_product(bits_of(-half_gap), kOneBits);  // S - M
    return side.rounded(Rounding::rn) ^ b64::kSign;
}

}  // namespace detail

}  // namespace fpv::gemm64
