// Input classes of the math functions of two arguments beyond random pairs and the Annex F grid:
// where pow, atan2 and hypot change behaviour. `normal` already draws pairs by binade (each
// operand's exponent uniform over the normal ones); these reach what a uniform draw of pairs
// almost never does:
// - pow near its overflow and underflow thresholds (x^y about 2^128, 2^-126, 2^-149), for x of
//   every binade and for x within a few ulps of 1 with large y;
// - pow at integer and half-integer exponents, where the sign of the result and exact results
//   follow from y (x^2, x^0.5 rounded once, (-x)^odd);
// - atan2 and hypot at operands of every ratio 2^-30 .. 2^30, where the result becomes y/x,
//   +-pi/2 or |x|, the near-overflow and near-underflow binades among them.
// Every draw uses integer arithmetic and correctly rounded binary64 division alone, one draw a
// statement (the order in which a call's arguments are evaluated differs between the host's
// compiler and nvcc), so the host and the GPU make the same inputs.
#pragma once

#include <cstdint>

#include "core/binary32.h"
#include "corpus/class_traits.h"
#include "corpus/counter_rng.h"
#include "corpus/random_values.h"

namespace fpv::math32 {

namespace pair_draw {

// A binary32 with the given sign, unbiased exponent (normal range) and 23-bit fraction.
FPV_HD FPV_INLINE uint32_t assembled(bool negative, int exponent, uint32_t fraction) {
    return (negative ? 0x80000000u : 0u) | static_cast<uint32_t>(exponent + 127) << 23 | (fraction & 0x7fffffu);
}

// A normal binary32 moved by a few (-4 .. 4) numbers, staying finite and nonzero.
FPV_HD FPV_INLINE uint32_t nudged(uint32_t bits, CounterRng& rng) {
    const int64_t moved = static_cast<int64_t>(bits & 0x7fffffffu) + rng.between(-4, 4);
    const int64_t magnitude = moved < 0x00800000 ? 0x00800000 : moved > 0x7f7fffff ? 0x7f7fffff : moved;
    return (bits & 0x80000000u) | static_cast<uint32_t>(magnitude);
}

// (x, y) with x^y about 2^t, t one of pow's thresholds (128: overflow; -126: the least normal;
// -149, -150: the least subnormal, and rounding to zero) give or take 2: half the draws take x a
// power of two of any binade but 0 (so that log2 |x| is its exponent), nudged by a few ulps, and
// y = t / e; the others take x within 2^10 ulps of 1 and y = t / log2(x) from its second-order term.
FPV_HD FPV_INLINE Operands pow_threshold(CounterRng& rng) {
    constexpr int kTargets[] = {128, -126, -149, -150};
    const int target = kTargets[rng.below(4)];
    const double t = target + static_cast<double>(rng.between(-2000, 2000)) / 1000.0;
    uint32_t x = 0;
    double log2_x = 0;
    if (rng.coin()) {
        int e = static_cast<int>(rng.between(-126, 126));
        if (e == 0) e = 1;
        x = nudged(assembled(false, e, 0), rng);  // log2 |x| moves by less than 2^-20
        log2_x = e;
    } else {
        const int64_t k = rng.between(1, 1024);
        const bool below_one = rng.coin();
        // x = 1 + u, u = k 2^-23 or -k 2^-24: log2 x = (u - u^2/2) / ln 2 to within u^3 (u^2 and
        // its half are exact, so a fused multiply-add rounds as the separate operations do).
        x = below_one ? 0x3f800000u - static_cast<uint32_t>(k) : 0x3f800000u + static_cast<uint32_t>(k);
        const double u = (below_one ? -0x1p-24 : 0x1p-23) * static_cast<double>(k);
        log2_x = (u - u * u * 0.5) * 1.4426950408889634;
    }
    const float y = b32::narrow_rn(t / log2_x);
    const uint32_t sign = rng.below(8) == 0 ? 0x80000000u : 0u;  // a few negative bases
    return {x | sign, bits_of(y), 0};
}

// (x, y): x normal of any binade and sign, y an integer or a half-integer of magnitude below
// 2^k, k uniform in 0 .. 24, of either sign.
FPV_HD FPV_INLINE Operands pow_integer_exponent(CounterRng& rng) {
    const uint32_t x = draw32::normal(rng);
    const int k = static_cast<int>(rng.between(0, 24));
    const double n = static_cast<double>(rng.below(uint64_t{1} << k));
    const bool half = rng.coin();
    const bool negative = rng.coin();
    const double y = (half ? n + 0.5 : n) * (negative ? -1.0 : 1.0);
    return {x, bits_of(b32::narrow_rn(y)), 0};
}

// (first, second): the second's exponent 2^s times the first's, s uniform in -30 .. 30, both
// normal, random significands and signs; the first's exponent near the top of the range (125 ..
// 127), near its bottom (-126 .. -120) or anywhere, a third of the draws each.
FPV_HD FPV_INLINE Operands ratio_pair(CounterRng& rng) {
    const uint64_t where = rng.below(3);
    const int first = where == 0   ? static_cast<int>(rng.between(125, 127))
                      : where == 1 ? static_cast<int>(rng.between(-126, -120))
                                   : static_cast<int>(rng.between(-126, 127));
    int second = first + static_cast<int>(rng.between(-30, 30));
    second = second < -126 ? -126 : second > 127 ? 127 : second;
    const bool a_negative = rng.coin();
    const uint32_t a_fraction = static_cast<uint32_t>(rng.next());
    const bool b_negative = rng.coin();
    const uint32_t b_fraction = static_cast<uint32_t>(rng.next());
    return {assembled(a_negative, first, a_fraction), assembled(b_negative, second, b_fraction), 0};
}

}  // namespace pair_draw

template <class Op>
struct PowThresholds : ClassDefaults {
    static constexpr std::string_view name = "thresholds";
    static constexpr std::string_view guarantee =
        "|y log2|x| - t| <= 2 for t = 128, -126, -149 or -150 (pow's overflow and underflow): x a power of two "
        "of any binade nudged by a few ulps, or within 2^10 ulps of 1 with large y; one base in 8 negative";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        return pair_draw::pow_threshold(rng);
    }
};

template <class Op>
struct PowIntegerExponents : ClassDefaults {
    static constexpr std::string_view name = "integer_y";
    static constexpr std::string_view guarantee =
        "x normal of any binade and sign; y an integer or a half-integer below 2^k in magnitude, k uniform in "
        "0 .. 24, of either sign";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        return pair_draw::pow_integer_exponent(rng);
    }
};

template <class Op>
struct Ratios : ClassDefaults {
    static constexpr std::string_view name = "ratios";
    static constexpr std::string_view guarantee =
        "normal pairs whose exponents differ by -30 .. 30, random signs: every ratio where the result becomes "
        "the quotient, a multiple of pi/2 or the larger magnitude; a third near overflow, a third near underflow";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        return pair_draw::ratio_pair(rng);
    }
};

}  // namespace fpv::math32
