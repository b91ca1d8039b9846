// The input classes of the binary64 reciprocal square root 1/sqrt(x) (MPFR's mpfr_rec_sqrt)
// that only it has: powers of four (exact results) and their neighbours, inputs whose result
// lies extremely close to a rounding midpoint or to a binary64 number, and negative operands
// (the powers of two with their neighbours are generic::BinadeEdges, shared with sqrt64). Each
// generator is a pure function of (class key, index) and runs unchanged on the host and the
// GPU; ops/rsqrt64/test_classes.cpp proves every guarantee in exact arithmetic.
#pragma once

#include "corpus/class_traits.h"
#include "corpus/drawn.h"
#include "corpus/number_theory.h"
#include "corpus/random_values.h"

namespace fpv::rsqrt64 {
namespace class_detail {

// significand * 2^exp2 for a value the caller knows to be a multiple of 2^-1074: trailing zeros
// of the significand pay for exponents below -1074.
FPV_HD FPV_INLINE uint64_t scaled(uint64_t significand, int exp2) {
    const int drop = exp2 < -1074 ? -1074 - exp2 : 0;
    return b64::from_scaled_integer(significand >> drop, exp2 + drop, false);
}

FPV_HD FPV_INLINE int trailing_zeros(uint64_t v) { return 63 - clz64(v & (0 - v)); }

// The least k with m * 2^(2k + c) a multiple of 2^-1074: 2k >= -1074 - c - tz(m).
FPV_HD FPV_INLINE int least_k(uint64_t m, int c) {
    const int twice = -1074 - c - trailing_zeros(m);
    return twice >= 0 ? (twice + 1) / 2 : -((-twice) / 2);
}

// An exponent k in [k_lo, k_hi], the least one an eighth of the time (the deepest subnormal x).
FPV_HD FPV_INLINE int draw_k(CounterRng& rng, int k_lo, int k_hi) {
    const bool deepest = rng.below(8) == 0;
    return deepest ? k_lo : static_cast<int>(rng.between(k_lo, k_hi));
}

// x = 4^k (1 - s 2^-53) = (2^53 - s) 2^(2k-53): 1/sqrt(x) = 2^-k (1 + s 2^-54 + 3 s^2 2^-109 +
// 5 s^3 2^-161 + ...), every term positive. In ulps of the result (2^(-k-52)) that is
// 2^52 + s/4 + 3 s^2 2^-57 + ...: a midpoint for s = 2 mod 4, a binary64 number for s = 0 mod 4,
// approached from above by less than 2^-40 ulp for s <= 208. x < 2^1024 for k <= 512.
FPV_HD FPV_INLINE uint64_t below_power_of_four(CounterRng& rng, uint64_t s) {
    const uint64_t m = (uint64_t{1} << 53) - s;
    const int k = draw_k(rng, least_k(m, -53), 512);
    return scaled(m, 2 * k - 53);
}

// x = 4^k (1 + s 2^-52) = (2^52 + s) 2^(2k-52): 1/sqrt(x) = 2^-k (1 - s 2^-53 + 3 s^2 2^-107 -
// ...), in ulps of its binade (2^(-k-53)) 2^53 - s + 3 s^2 2^-54 - ...: above a binary64 number
// by less than 2^-40 ulp for s <= 73. x < 2^1024 for k <= 511.
FPV_HD FPV_INLINE uint64_t above_power_of_four(CounterRng& rng, uint64_t s) {
    const uint64_t m = (uint64_t{1} << 52) + s;
    const int k = draw_k(rng, least_k(m, -52), 511);
    return scaled(m, 2 * k - 52);
}

// Results below a binary64 number need X B^2 slightly above a power of two. Take
// B = 2^52 + 3b 2^26 + 6b^2 and X = 2^52 - 6b 2^26 + 15b^2, the expansion of 2^156 / B^2 in powers
// of 2^-26 cut after its constant term: B's terms in the ratio 3b : 6b^2 make the next term of
// that expansion vanish, so X B^2 = 2^156 + 135 b^4 2^52 + (lower terms; the total is positive
// for |b| <= 2). Then 2^78 / sqrt(X) lies below B by about 135 b^4 2^-53 ulps (twice that where
// B < 2^52, b < 0): < 2^-40 for |b| <= 2.
FPV_HD FPV_INLINE uint64_t truncated_expansion(CounterRng& rng) {
    const int64_t b_values[4] = {1, 2, -1, -2};
    const int64_t b = b_values[rng.below(4)];
    const uint64_t x = (uint64_t{1} << 52) - static_cast<uint64_t>(6 * b) * (uint64_t{1} << 26) +
                       static_cast<uint64_t>(15 * b * b);
    // x = X 4^q: X < 2^53 keeps it finite for q <= 485, q >= -537 keeps it a multiple of 2^-1074.
    const int q = draw_k(rng, -537, 485);
    return b64::from_scaled_integer(x, 2 * q, false);
}

FPV_HD FPV_INLINE uint64_t near_midpoint(CounterRng& rng) {
    const uint64_t s = 4 * rng.below(52) + 2;  // 2, 6, ..., 206
    return below_power_of_four(rng, s);
}

FPV_HD FPV_INLINE uint64_t near_representable(CounterRng& rng) {
    const uint64_t kind = rng.below(8);
    if (kind < 4) {
        const uint64_t s = 4 * (rng.below(52) + 1);  // 4, 8, ..., 208
        return below_power_of_four(rng, s);
    }
    if (kind < 6) {
        const uint64_t s = rng.below(73) + 1;
        return above_power_of_four(rng, s);
    }
    return truncated_expansion(rng);
}

}  // namespace class_detail

struct Exact : ClassDefaults {
    static constexpr std::string_view name = "exact";
    static constexpr std::string_view guarantee =
        "every power of four 4^k that is a binary64 number (k = -537..511, 1/sqrt = 2^-k exactly) and its "
        "neighbours, in order: input i is 4^k moved d binary64 steps, k = -537 + (i+1) div 5, "
        "d = (i+1) mod 5 - 2 (below 2^-1074: +0)";
    static constexpr uint64_t size = 1049 * 5 - 1;
    FPV_HD static Operands generate(const ClassParams&, uint64_t index) {
        return {nt::power_neighbour(index, -1074, 2), 0, 0};
    }
};

struct Midpoint : Drawn<class_detail::near_midpoint> {
    static constexpr std::string_view name = "midpoint";
    static constexpr std::string_view guarantee =
        "x > 0 (subnormal x included) with 1/sqrt(x) within 2^-40 ulp of a rounding midpoint and not on it: "
        "x = 4^k (1 - s 2^-53), s = 2 mod 4 up to 206, 1/sqrt(x) = 2^-k (1 + s 2^-54 + 3 s^2 2^-109 + ...): "
        "52 significands, k = -511..512; the result is always above the midpoint";
};

struct NearExact : Drawn<class_detail::near_representable> {
    static constexpr std::string_view name = "near_exact";
    static constexpr std::string_view guarantee =
        "x > 0 (subnormal x included) with 1/sqrt(x) within 2^-40 ulp of a binary64 number and not equal to "
        "it: x = 4^k (1 - s 2^-53), s = 0 mod 4 up to 208, or 4^k (1 + s 2^-52), s up to 73 (result above "
        "the number); or X = 2^52 - 6b 2^26 + 15b^2 times 4^q, b = +-1, +-2 (below it): 129 significands";
};

struct Negative : Drawn<draw64::negative_of_each_kind> {
    static constexpr std::string_view name = "negative";
    static constexpr std::string_view guarantee =
        "index mod 4 = 0: negative normal; 1: negative subnormal; 2: -infinity; 3: -0 (1/sqrt is NaN, "
        "except 1/sqrt(-0) = -infinity)";
};

}  // namespace fpv::rsqrt64
