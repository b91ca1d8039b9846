// Input classes for binary64 division. Each generator is a pure function of (class key, index)
// and runs unchanged on the host and the GPU. What each class guarantees is stated here and
// checked against exact rational arithmetic in tests/test_div64_classes.cpp.
#pragma once

#include "corpus/binary64.h"
#include "corpus/counter_rng.h"
#include "corpus/operands.h"

namespace fpv::div64 {

enum class InputClass : uint32_t {
    specials,   // cross product of the boundary values below: size kSpecialCount^2
    subnormal,  // subnormal dividend, divisor, or both; or normal operands, subnormal quotient
    underflow,  // |x/y| within 5*2^-52 (relative) of 2^-1075, 2^-1074, 2^-1022 - 2^-1075, 2^-1022
    overflow,   // |x/y| within 5*2^-52 (relative) of DBL_MAX, 2^1024 - 2^970, 2^1024
    ties,       // x/y exactly halfway between two adjacent subnormals (or 0 and the least one)
    midpoint,   // normal quotients within 2^-40 ulp of a rounding midpoint, never on it
    random,     // uniform 64-bit patterns (NaNs, infinities, zeros included at their rates)
    normal,     // random signs and significands, exponent fields uniform over 1..2046
    patterns,   // structured significands (runs of ones and zeros), boundary-heavy exponents
    vectors,    // operands read from a test-vector file (e.g. TestFloat f64_div)
};

template <InputClass C>
struct ClassTag {
    static constexpr InputClass value = C;
};

// The boundary values that `specials` crosses with each other.
FPV_TABLE(uint64_t, special_value,
    0x0000000000000000ull, 0x8000000000000000ull,  // +-0
    0x0000000000000001ull, 0x8000000000000001ull,  // +-least subnormal 2^-1074
    0x0000000000000002ull, 0x8000000000000002ull,  // +-2^-1073
    0x0008000000000000ull, 0x8008000000000000ull,  // +-2^-1023, a mid-range subnormal
    0x000fffffffffffffull, 0x800fffffffffffffull,  // +-largest subnormal
    0x0010000000000000ull, 0x8010000000000000ull,  // +-least normal 2^-1022
    0x0010000000000001ull, 0x8010000000000001ull,  // +-its successor
    0x001fffffffffffffull, 0x801fffffffffffffull,  // +-top of the least normal binade
    0x3ca0000000000000ull, 0xbca0000000000000ull,  // +-2^-53
    0x3fe0000000000000ull, 0xbfe0000000000000ull,  // +-0.5
    0x3fefffffffffffffull, 0xbfefffffffffffffull,  // +-predecessor of 1
    0x3ff0000000000000ull, 0xbff0000000000000ull,  // +-1
    0x3ff0000000000001ull, 0xbff0000000000001ull,  // +-successor of 1
    0x3ff8000000000000ull, 0xbff8000000000000ull,  // +-1.5
    0x4000000000000000ull, 0xc000000000000000ull,  // +-2
    0x4008000000000000ull, 0xc008000000000000ull,  // +-3
    0x4340000000000000ull, 0xc340000000000000ull,  // +-2^53
    0x7fe0000000000000ull, 0xffe0000000000000ull,  // +-2^1023
    0x7feffffffffffffeull, 0xffeffffffffffffeull,  // +-predecessor of the largest finite
    0x7fefffffffffffffull, 0xffefffffffffffffull,  // +-largest finite
    0x7ff0000000000000ull, 0xfff0000000000000ull,  // +-infinity
    0x7ff8000000000000ull, 0xfff8000000000000ull,  // +-quiet NaN
    0x7ff8000000000123ull, 0x7fffffffffffffffull,  // quiet NaNs with payloads
    0x7ff0000000000001ull, 0xfff4000000000000ull)  // signalling NaNs with payloads

inline constexpr uint64_t kSpecialCount = special_value_size;

namespace class_detail {

// One draw gives sign, exponent field and mantissa; the two fields that are not normal (0 and
// 2047) are replaced by a second, uniform draw, which keeps the field uniform over 1..2046.
FPV_HD FPV_INLINE uint64_t random_normal(CounterRng& rng) {
    const uint64_t bits = rng.next();
    const uint32_t field = b64::exponent_field(bits);
    if (field != 0 && field != 0x7ff) return bits;
    return b64::assemble((bits >> 63) != 0, static_cast<uint32_t>(rng.between(1, 2046)), bits);
}

// Nonzero subnormal; leading zeros spread evenly so tiny ones are common too.
FPV_HD FPV_INLINE uint64_t random_subnormal(CounterRng& rng) {
    const uint64_t bits = rng.next();
    uint64_t mantissa = (bits & b64::kMantissaMask) >> rng.below(52);
    if (mantissa == 0) mantissa = 1;
    return (rng.coin() ? b64::kSign : 0) | mantissa;
}

// A value with the given unbiased exponent and a random significand. Draws are sequenced in
// statements of their own: the order in which function arguments are evaluated is unspecified,
// and the host and device compilers do choose differently.
FPV_HD FPV_INLINE uint64_t random_with_exponent(CounterRng& rng, int exponent) {
    const bool negative = rng.coin();
    const uint64_t mantissa = rng.next();
    return b64::assemble(negative, static_cast<uint32_t>(exponent + 1023), mantissa);
}

FPV_HD FPV_INLINE Operands subnormal(CounterRng& rng, uint64_t index) {
    switch (index % 4) {
        case 0: return {random_subnormal(rng), random_normal(rng)};
        case 1: return {random_normal(rng), random_subnormal(rng)};
        case 2: return {random_subnormal(rng), random_subnormal(rng)};
        default: {
            // Normal operands whose exponent difference e puts x/y in [2^(e-1), 2^(e+1)) with
            // e in [-1074, -1023]: the quotient lies in (2^-1075, 2^-1022).
            const int e = static_cast<int>(rng.between(-1074, -1023));
            const int ey = static_cast<int>(rng.between(-1022 - e, 1023));
            return {random_with_exponent(rng, ey + e), random_with_exponent(rng, ey)};
        }
    }
}

// A target quotient magnitude, significand * 2^exp2.
struct Target {
    uint64_t significand;
    int exp2;
    int exponent;  // floor(log2(target))
};

FPV_HD FPV_INLINE Target underflow_target(uint64_t which) {
    switch (which % 4) {
        case 0: return {1, -1075, -1075};                       // half the least subnormal
        case 1: return {1, -1074, -1074};                       // the least subnormal
        case 2: return {(uint64_t{1} << 53) - 1, -1075, -1023};  // largest subnormal + half ulp
        default: return {1, -1022, -1022};                      // the least normal
    }
}

FPV_HD FPV_INLINE Target overflow_target(uint64_t which) {
    switch (which % 3) {
        case 0: return {(uint64_t{1} << 53) - 1, 971, 1023};  // the largest finite
        case 1: return {(uint64_t{1} << 54) - 1, 970, 1023};  // where rounding overflows
        default: return {1, 1024, 1024};                      // 2^1024
    }
}

// x = RN(target * y) moved by k in [-4, 4] ulps, y random with an exponent that keeps x normal:
// x/y = target * (1 + d) with |d| <= 2^-53 + 4 * 2^-52 (< 5 * 2^-52).
FPV_HD FPV_INLINE Operands near_target(CounterRng& rng, Target t) {
    const int ey_lo = -1021 - t.exponent < -1022 ? -1022 : -1021 - t.exponent;
    const int ey_hi = 1021 - t.exponent > 1023 ? 1023 : 1021 - t.exponent;
    const int ey = static_cast<int>(rng.between(ey_lo, ey_hi));
    const uint64_t y_significand = (rng.next() >> 11) | (uint64_t{1} << 52);
    // The exact product target * y = p * 2^(t.exp2 + ey - 52), p < 2^107; round p to 53 bits.
    const unsigned __int128 p = static_cast<unsigned __int128>(t.significand) * y_significand;
    const uint64_t p_high = static_cast<uint64_t>(p >> 64);
    const int top = p_high != 0 ? 127 - clz64(p_high) : 63 - clz64(static_cast<uint64_t>(p));
    const int drop = top > 52 ? top - 52 : 0;
    uint64_t kept = static_cast<uint64_t>(p >> drop);
    if (drop > 0) {
        const unsigned __int128 rest = p & ((static_cast<unsigned __int128>(1) << drop) - 1);
        const unsigned __int128 half = static_cast<unsigned __int128>(1) << (drop - 1);
        if (rest > half || (rest == half && (kept & 1) != 0)) ++kept;
    }
    int exp2 = t.exp2 + ey - 52 + drop;
    if (kept == (uint64_t{1} << 53)) {
        kept >>= 1;
        ++exp2;
    }
    const uint64_t x_magnitude = b64::from_scaled_integer(kept, exp2, false);
    const int64_t k = rng.between(-4, 4);
    const uint64_t x = (x_magnitude + static_cast<uint64_t>(k)) | (rng.coin() ? b64::kSign : 0);
    const uint64_t y = b64::from_scaled_integer(y_significand, ey - 52, rng.coin());
    return {x, y};
}

// A random odd integer of exactly `bits` bits (bits >= 1).
FPV_HD FPV_INLINE uint64_t random_odd(CounterRng& rng, int bits) {
    const uint64_t top = uint64_t{1} << (bits - 1);
    return ((rng.next() >> (64 - bits)) | top | 1);
}

// Every tie of binary64 division is x/y = n * 2^-1075 with n odd, n < 2^53. Writing
// y = m * 2^e with m odd, x = n*m * 2^(e-1075) is representable iff n*m < 2^53 and e >= 1.
FPV_HD FPV_INLINE Operands tie(CounterRng& rng) {
    int y_bits, n_bits;
    if (rng.below(8) == 0) {
        y_bits = 1;  // y a power of two: n may use all 53 bits
        n_bits = static_cast<int>(rng.between(50, 53));
    } else {
        y_bits = static_cast<int>(rng.between(1, 52));
        n_bits = static_cast<int>(rng.between(1, 53 - y_bits));
    }
    const uint64_t m = random_odd(rng, y_bits);
    const uint64_t n = random_odd(rng, n_bits);
    const int e = static_cast<int>(rng.between(1, 1024 - y_bits));
    return {b64::from_scaled_integer(n * m, e - 1075, rng.coin()),
            b64::from_scaled_integer(m, e, rng.coin())};
}

// Inverse of an odd number modulo 2^64 (Newton's iteration doubles the correct bits).
FPV_HD FPV_INLINE uint64_t inverse_mod_2_64(uint64_t odd) {
    uint64_t inv = odd;
    for (int i = 0; i < 5; ++i) inv *= 2 - odd * inv;
    return inv;
}

// Integer significands X, Y in [2^52, 2^53) with X * 2^k - m * Y = e for a small odd e and an odd
// m in (2^53, 2^54): then X/Y = m * 2^-k + e / (Y * 2^k) lies |e| / (2Y) < 2^-40 ulps from the
// rounding midpoint m * 2^-k (k = 53 when X >= Y, k = 54 when X < Y). Y is odd so that m is
// fixed modulo 2^k by m = -e / Y; each attempt succeeds with probability about 0.57.
struct MidpointSignificands {
    uint64_t x, y;
};

FPV_HD FPV_INLINE MidpointSignificands midpoint_significands(CounterRng& rng) {
    constexpr uint64_t k2_53 = uint64_t{1} << 53;
    for (int attempt = 0; attempt < 64; ++attempt) {
        const uint64_t y = (rng.next() >> 11) | (k2_53 >> 1) | 1;
        const int magnitude_bits = static_cast<int>(rng.between(0, 12));
        const int64_t odd = static_cast<int64_t>(rng.below(uint64_t{1} << magnitude_bits) * 2 + 1);
        const int64_t e = rng.coin() ? -odd : odd;
        const uint64_t minus_e_over_y = (0 - static_cast<uint64_t>(e)) * inverse_mod_2_64(y);
        // k = 53: m = (-e/y mod 2^53) + 2^53.
        const uint64_t m53 = (minus_e_over_y & (k2_53 - 1)) + k2_53;
        const unsigned __int128 num53 =
            static_cast<unsigned __int128>(m53) * y + static_cast<unsigned __int128>(e);
        const uint64_t x53 = static_cast<uint64_t>(num53 >> 53);
        if (x53 < k2_53) return {x53, y};
        // k = 54: m = -e/y mod 2^54 must itself lie above 2^53.
        const uint64_t m54 = minus_e_over_y & (2 * k2_53 - 1);
        if (m54 > k2_53) {
            const unsigned __int128 num54 =
                static_cast<unsigned __int128>(m54) * y + static_cast<unsigned __int128>(e);
            const uint64_t x54 = static_cast<uint64_t>(num54 >> 54);
            if (x54 >= (k2_53 >> 1)) return {x54, y};
        }
    }
    return {0x18000000000001ull, 0x10000000000001ull};  // k = 53, e = 1; never reached in tests
}

FPV_HD FPV_INLINE Operands midpoint(CounterRng& rng) {
    const MidpointSignificands s = midpoint_significands(rng);
    const int d = static_cast<int>(rng.between(-1020, 1022));  // quotient within [2^(d-1), 2^(d+1))
    const int ey_lo = -1022 - d > -1022 ? -1022 - d : -1022;
    const int ey_hi = 1023 - d < 1023 ? 1023 - d : 1023;
    const int ey = static_cast<int>(rng.between(ey_lo, ey_hi));
    return {b64::from_scaled_integer(s.x, ey + d - 52, rng.coin()),
            b64::from_scaled_integer(s.y, ey - 52, rng.coin())};
}

FPV_HD FPV_INLINE uint64_t low_bits(int n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

// A 52-bit significand field made of runs of ones and zeros, as TestFloat's generators do.
FPV_HD FPV_INLINE uint64_t patterned_mantissa(CounterRng& rng) {
    const int lo = static_cast<int>(rng.below(52));
    const int hi = static_cast<int>(rng.between(lo, 51));
    const uint64_t run = low_bits(hi + 1) & ~low_bits(lo);
    switch (rng.below(6)) {
        case 0: return run;
        case 1: return ~run & b64::kMantissaMask;
        case 2: return uint64_t{1} << lo;
        case 3: return ~(uint64_t{1} << lo) & b64::kMantissaMask;
        case 4: {
            const int lo2 = static_cast<int>(rng.below(52));
            const int hi2 = static_cast<int>(rng.between(lo2, 51));
            return run ^ (low_bits(hi2 + 1) & ~low_bits(lo2));
        }
        default: return (rng.coin() ? 0x5555555555555555ull : 0x3333333333333333ull) >> (lo % 4) &
                        b64::kMantissaMask;
    }
}

FPV_TABLE(uint32_t, boundary_exponent_field, 1u, 2u, 0x3feu, 0x3ffu, 0x400u, 0x7fdu, 0x7feu)

FPV_HD FPV_INLINE uint64_t patterned_value(CounterRng& rng) {
    const uint64_t pick = rng.below(10);
    uint32_t field;
    if (pick == 0) {
        field = 0;
    } else if (pick < 5) {
        field = boundary_exponent_field(static_cast<unsigned>(rng.below(boundary_exponent_field_size)));
    } else {
        field = static_cast<uint32_t>(rng.between(1, 2046));
    }
    uint64_t mantissa = patterned_mantissa(rng);
    if (field == 0 && mantissa == 0) mantissa = 1;
    return b64::assemble(rng.coin(), field, mantissa);
}

}  // namespace class_detail

// The index-th input of class C (fixed at compile time, so loops over one class inline it).
template <InputClass C>
FPV_HD FPV_INLINE Operands generate_in(uint64_t key, uint64_t index, const Operands* vectors) {
    using namespace class_detail;
    CounterRng rng(key, index);
    if constexpr (C == InputClass::specials) {
        return {special_value(static_cast<unsigned>(index / kSpecialCount)),
                special_value(static_cast<unsigned>(index % kSpecialCount))};
    } else if constexpr (C == InputClass::subnormal) {
        return subnormal(rng, index);
    } else if constexpr (C == InputClass::underflow) {
        return near_target(rng, underflow_target(index));
    } else if constexpr (C == InputClass::overflow) {
        return near_target(rng, overflow_target(index));
    } else if constexpr (C == InputClass::ties) {
        return tie(rng);
    } else if constexpr (C == InputClass::midpoint) {
        return midpoint(rng);
    } else if constexpr (C == InputClass::random) {
        return {rng.next(), rng.next()};
    } else if constexpr (C == InputClass::normal) {
        return {random_normal(rng), random_normal(rng)};
    } else if constexpr (C == InputClass::patterns) {
        return {patterned_value(rng), patterned_value(rng)};
    } else {
        return vectors[index];
    }
}

// Calls f(std::integral_constant<InputClass, c>) for the runtime class c.
template <class F>
FPV_HD FPV_INLINE decltype(auto) with_class(InputClass c, F&& f) {
    switch (c) {
        case InputClass::specials: return f(ClassTag<InputClass::specials>{});
        case InputClass::subnormal: return f(ClassTag<InputClass::subnormal>{});
        case InputClass::underflow: return f(ClassTag<InputClass::underflow>{});
        case InputClass::overflow: return f(ClassTag<InputClass::overflow>{});
        case InputClass::ties: return f(ClassTag<InputClass::ties>{});
        case InputClass::midpoint: return f(ClassTag<InputClass::midpoint>{});
        case InputClass::random: return f(ClassTag<InputClass::random>{});
        case InputClass::normal: return f(ClassTag<InputClass::normal>{});
        case InputClass::patterns: return f(ClassTag<InputClass::patterns>{});
        case InputClass::vectors: break;
    }
    return f(ClassTag<InputClass::vectors>{});
}

// The index-th input of a class. `vectors` holds the operands of a vector-file class.
FPV_HD FPV_INLINE Operands generate(InputClass c, uint64_t key, uint64_t index,
                                    const Operands* vectors) {
    return with_class(c, [&](auto tag) { return generate_in<decltype(tag)::value>(key, index, vectors); });
}

}  // namespace fpv::div64
