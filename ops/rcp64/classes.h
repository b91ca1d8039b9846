// The input classes of the binary64 reciprocal 1/x that only it has: powers of two and their
// neighbours, reciprocals extremely close to a rounding midpoint or to a binary64 number, and
// operands whose reciprocal is near the underflow or the overflow threshold. Each generator is
// a pure function of (class key, index) and runs unchanged on the host and the GPU;
// ops/rcp64/test_classes.cpp proves every guarantee in exact rational arithmetic.
#pragma once

#include "corpus/class_traits.h"
#include "corpus/drawn.h"
#include "corpus/number_theory.h"
#include "corpus/random_values.h"

namespace fpv::rcp64 {
namespace class_detail {

// Hard cases of 1/x from products X * W = 2^n + r with r tiny: then for x = X * 2^e,
// 1/x = 2^(-e-n) * (W - r/X), |r|/X units of 2^(-e-n) from W * 2^(-e-n), above it for r < 0
// and below for r > 0. W odd with 54 bits (or, for subnormal results, W * 2^(-e-n) an odd
// multiple of 2^-1075) makes that a rounding midpoint; W a 53-bit significand (or a multiple of
// 2^-1074) makes it a binary64 number. Two identities give such products:
//   (2^j - s)(2^j + s) = 2^(2j) - s^2                 (r < 0: results above the grid point)
//   a^4 + 4b^4 = (a^2 + 2ab + 2b^2)(a^2 - 2ab + 2b^2)  (Sophie Germain; r > 0: below it)
// with a = 2^26 or b = 2^26. Closeness to 2^-40 ulp bounds s and a, so the families are small:
// 160 significands for midpoints, 137 for binary64 numbers. (Hard cases to 2^-40 ulp exist by
// the thousand in every binade, but finding the others takes factoring or lattice reduction.)
struct Product {
    uint64_t x;  // the significand of the operand
    uint64_t w;  // the grid point, in units of 2^(-e-n)
    int n;
};

FPV_HD FPV_INLINE uint64_t p2(int k) { return uint64_t{1} << k; }

// (2^53 - s)(2^53 + s) = 2^106 - s^2, s odd: 1/x is s^2/X < 2^14/2^53 units of 2^(-e-106),
// i.e. < 2^-40 ulps (the ulp is two units), above the midpoint (2^53 + s) 2^(-e-106).
FPV_HD FPV_INLINE Product midpoint_difference(CounterRng& rng) {
    const uint64_t s = 2 * rng.below(64) + 1;  // odd, up to 127
    return {p2(53) - s, p2(53) + s, 106};
}

// Sophie Germain with b = 2^26, a odd: (2^53 - 2^27 a + a^2)(2^53 + 2^27 a + a^2) = 2^106 + a^4,
// a^4 <= 11^4 < 2^14: below the midpoint by less than 2^-40 ulp.
FPV_HD FPV_INLINE Product midpoint_germain(CounterRng& rng) {
    const uint64_t a = 2 * rng.below(6) + 1;  // odd, up to 11
    return {p2(53) - (a << 27) + a * a, p2(53) + (a << 27) + a * a, 106};
}

// Subnormal results are odd multiples of 2^-1075 below 2^-1022 when e + n = 1075:
// (2^52 +- s)(2^52 -+ s) = 2^104 - s^2 with x = X 2^971, s odd and s^2 < 2^13.
FPV_HD FPV_INLINE Product midpoint_subnormal(CounterRng& rng, bool x_above) {
    const uint64_t s = 2 * rng.below(45) + 1;  // odd, up to 89
    return x_above ? Product{p2(52) + s, p2(52) - s, 104} : Product{p2(52) - s, p2(52) + s, 104};
}

// (2^53 - s)(2^52 + s/2) = 2^105 - s^2/2, s even: s^2/(2X) < 2^-40 ulps above 2^52 + s/2.
FPV_HD FPV_INLINE Product exact_difference_low(CounterRng& rng) {
    const uint64_t s = 2 * (rng.below(63) + 1);  // even, up to 126
    return {p2(53) - s, p2(52) + s / 2, 105};
}

// (2^52 + s)(2^53 - 2s) = 2^105 - 2s^2, 2s^2 < 2^12: above 2^53 - 2s. With W halved and
// e + n = 1074 the same products give subnormal results, where the ulp is relatively larger
// (s^2 <= 2^12 suffices).
FPV_HD FPV_INLINE Product exact_difference_high(CounterRng& rng, bool subnormal) {
    if (subnormal) {
        const uint64_t s = rng.below(64) + 1;
        return {p2(52) + s, p2(52) - s, 104};
    }
    const uint64_t s = rng.below(45) + 1;
    return {p2(52) + s, p2(53) - 2 * s, 105};
}

// Sophie Germain with b = 2^26, a = 2c even, halved: (2^53 - 2^28 c + 4c^2)(2^52 + 2^27 c + 2c^2)
// = 2^105 + 8c^4, 8c^4 <= 5000 < 2^13: below 2^52 + 2^27 c + 2c^2 by < 2^-40 ulp.
FPV_HD FPV_INLINE Product exact_germain_low(CounterRng& rng) {
    const uint64_t c = rng.below(5) + 1;
    return {p2(53) - (c << 28) + 4 * c * c, p2(52) + (c << 27) + 2 * c * c, 105};
}

// The other factor as the operand: (2^52 + 2^27 c + 2c^2)(2^53 - 2^28 c + 4c^2) = 2^105 + 8c^4,
// 8c^4 <= 2^11 for c <= 4; as subnormal results (W halved, unit 2^-1074) 4c^4 < 2^12, c <= 5.
FPV_HD FPV_INLINE Product exact_germain_high(CounterRng& rng, bool subnormal) {
    if (subnormal) {
        const uint64_t c = rng.below(5) + 1;
        return {p2(52) + (c << 27) + 2 * c * c, p2(52) - (c << 27) + 2 * c * c, 104};
    }
    const uint64_t c = rng.below(4) + 1;
    return {p2(52) + (c << 27) + 2 * c * c, p2(53) - (c << 28) + 4 * c * c, 105};
}

// x = X 2^e with 1/x near W 2^(-e-n), whose binade is `result_exponent`.
FPV_HD FPV_INLINE uint64_t operand_for_result(Product p, int result_exponent, bool negative) {
    const int w_top = 63 - clz64(p.w);
    return b64::from_scaled_integer(p.x, w_top - p.n - result_exponent, negative);
}

// Normal results in binades -1022..1021: e = -53 - result_exponent >= -1074 keeps x a
// multiple of 2^-1074 and below 2^1022.
FPV_HD FPV_INLINE uint64_t normal_result(CounterRng& rng, Product p) {
    const int result_exponent = static_cast<int>(rng.between(-1022, 1021));
    const bool negative = rng.coin();
    return operand_for_result(p, result_exponent, negative);
}

// e + n = unit_exponent: 1/x near W 2^-unit_exponent (x = X 2^e, e = 970 or 971: finite).
FPV_HD FPV_INLINE uint64_t subnormal_result(CounterRng& rng, Product p, int unit_exponent) {
    const bool negative = rng.coin();
    return b64::from_scaled_integer(p.x, unit_exponent - p.n, negative);
}

FPV_HD FPV_INLINE uint64_t near_midpoint(CounterRng& rng) {
    const uint64_t kind = rng.below(16);
    if (kind < 7) return normal_result(rng, midpoint_difference(rng));
    if (kind < 11) return normal_result(rng, midpoint_germain(rng));
    return subnormal_result(rng, midpoint_subnormal(rng, kind < 13), 1075);
}

FPV_HD FPV_INLINE uint64_t near_representable(CounterRng& rng) {
    switch (rng.below(16)) {
        case 0: case 1: case 2: case 3: case 4: return normal_result(rng, exact_difference_low(rng));
        case 5: case 6: return normal_result(rng, exact_difference_high(rng, false));
        case 7: case 8: case 9: return normal_result(rng, exact_germain_low(rng));
        case 10: case 11: return normal_result(rng, exact_germain_high(rng, false));
        case 12: case 13: return subnormal_result(rng, exact_difference_high(rng, true), 1074);
        default: return subnormal_result(rng, exact_germain_high(rng, true), 1074);
    }
}

FPV_HD FPV_INLINE uint64_t near_underflow(CounterRng& rng, uint64_t index) {
    const bool negative = rng.coin();
    const uint64_t sign = negative ? b64::kSign : 0;
    switch (index % 4) {
        case 0: return sign | nt::power_of_two_step(1022, rng.between(-16, 16));
        case 1: return sign | nt::power_of_two_step(1023, rng.between(-16, 16));
        case 2: return sign | (b64::kMaxFinite - rng.below(17));
        default: {
            const uint64_t mantissa = rng.next();
            return b64::assemble(negative, static_cast<uint32_t>(rng.between(2045, 2046)), mantissa);
        }
    }
}

}  // namespace class_detail

struct Exact : ClassDefaults {
    static constexpr std::string_view name = "exact";
    static constexpr std::string_view guarantee =
        "every power of two and its neighbours, first positive then negative: input i (mod 10489) is "
        "2^e moved d binary64 steps, e = -1074 + (i+1) div 5, d = (i+1) mod 5 - 2 (below 2^-1074: 0); "
        "1/2^e = 2^-e is exact for e >= -1023 and overflows below";
    static constexpr uint64_t kHalf = 2098 * 5 - 1;
    static constexpr uint64_t size = 2 * kHalf;
    FPV_HD static Operands generate(const ClassParams&, uint64_t index) {
        const uint64_t sign = index >= kHalf ? b64::kSign : 0;
        return {sign | nt::power_neighbour(index % kHalf, -1074, 1), 0, 0};
    }
};

struct Midpoint : Drawn<class_detail::near_midpoint> {
    static constexpr std::string_view name = "midpoint";
    static constexpr std::string_view guarantee =
        "normal x of either sign with 1/x within 2^-40 ulp of a rounding midpoint and not on it, on both "
        "sides, in every binade 2^-1022..2^1021 and the subnormal range; from (2^j - s)(2^j + s) = 2^2j - s^2 "
        "and a^4 + 4b^4 = (a^2+2ab+2b^2)(a^2-2ab+2b^2): 160 significands (6 with 1/x below the midpoint)";
};

struct NearExact : Drawn<class_detail::near_representable> {
    static constexpr std::string_view name = "near_exact";
    static constexpr std::string_view guarantee =
        "normal x of either sign with 1/x within 2^-40 ulp of a binary64 number and not equal to it, on both "
        "sides, in every binade 2^-1022..2^1021 and the subnormal range; from (2^j - s)(2^j + s) = 2^2j - s^2 "
        "and a^4 + 4b^4 = (a^2+2ab+2b^2)(a^2-2ab+2b^2): 137 significands (10 with 1/x below the number)";
};

struct Underflow : Drawn<class_detail::near_underflow> {
    static constexpr std::string_view name = "underflow";
    static constexpr std::string_view guarantee =
        "random sign; index mod 4 = 0: |x| within 16 steps of 2^1022 (1/x within 2^-47 relative of "
        "2^-1022, across it, 2^-1022 - 2^-1075 and 2^-1022 - 2^-1074); 1: within 16 steps of 2^1023; 2: at "
        "most 16 steps below the largest finite (1/x just above 2^-1024); 3: 2^1022 <= |x| < 2^1024, random";
};

struct Overflow : ClassDefaults {
    static constexpr std::string_view name = "overflow";
    static constexpr std::string_view guarantee =
        "x = +-(2^50 + k) * 2^-1074 for k = -16..16, in order, positive first: 1/x = 2^1024 / (1 + k 2^-50), "
        "across 2^1024 and 2^1024 - 2^970 (where RN overflows), on both sides of each";
    static constexpr uint64_t size = 66;
    FPV_HD static Operands generate(const ClassParams&, uint64_t index) {
        const uint64_t sign = index >= 33 ? b64::kSign : 0;
        const uint64_t k = index % 33;  // 2^50 + (k - 16)
        return {sign | ((uint64_t{1} << 50) - 16 + k), 0, 0};
    }
};

}  // namespace fpv::rcp64
