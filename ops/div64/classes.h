// The input classes of binary64 division that only division has: quotients near the underflow
// and overflow thresholds, exact ties, near-midpoint quotients and subnormal cases. Each
// generator is a pure function of (class key, index) and runs unchanged on the host and the GPU;
// ops/div64/test_classes.cpp checks every guarantee in exact rational arithmetic.
#pragma once

#include "corpus/drawn.h"
#include "corpus/class_traits.h"
#include "corpus/number_theory.h"
#include "corpus/random_values.h"

namespace fpv::div64 {
namespace class_detail {

FPV_HD FPV_INLINE Operands subnormal(CounterRng& rng, uint64_t index) {
    switch (index % 4) {
        case 0: return {draw64::subnormal(rng), draw64::normal(rng)};
        case 1: return {draw64::normal(rng), draw64::subnormal(rng)};
        case 2: return {draw64::subnormal(rng), draw64::subnormal(rng)};
        default: {
            // Normal operands whose exponent difference e puts x/y in [2^(e-1), 2^(e+1)) with
            // e in [-1074, -1023]: the quotient lies in (2^-1075, 2^-1022).
            const int e = static_cast<int>(rng.between(-1074, -1023));
            const int ey = static_cast<int>(rng.between(-1022 - e, 1023));
            return {draw64::with_exponent(rng, ey + e), draw64::with_exponent(rng, ey)};
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
        const uint64_t minus_e_over_y = (0 - static_cast<uint64_t>(e)) * nt::inverse_mod_2_64(y);
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

// The draws of the classes below that take a target.
FPV_HD FPV_INLINE Operands underflow(CounterRng& rng, uint64_t index) {
    return near_target(rng, underflow_target(index));
}
FPV_HD FPV_INLINE Operands overflow(CounterRng& rng, uint64_t index) {
    return near_target(rng, overflow_target(index));
}

}  // namespace class_detail

struct Subnormal : Drawn<class_detail::subnormal> {
    static constexpr std::string_view name = "subnormal";
    static constexpr std::string_view guarantee =
        "index mod 4 = 0: subnormal dividend; 1: subnormal divisor; 2: both subnormal; "
        "3: normal operands with 2^-1075 < |x/y| < 2^-1022";
};

struct Underflow : Drawn<class_detail::underflow> {
    static constexpr std::string_view name = "underflow";
    static constexpr std::string_view guarantee =
        "|x/y| within 5*2^-52 (relative) of 2^-1075, 2^-1074, 2^-1022 - 2^-1075 or 2^-1022 "
        "(index mod 4), on both sides; x and y normal";
};

struct Overflow : Drawn<class_detail::overflow> {
    static constexpr std::string_view name = "overflow";
    static constexpr std::string_view guarantee =
        "|x/y| within 5*2^-52 (relative) of the largest finite number, of 2^1024 - 2^970 (where "
        "rounding overflows) or of 2^1024 (index mod 3), on both sides; x and y normal";
};

struct Ties : Drawn<class_detail::tie> {
    static constexpr std::string_view name = "ties";
    static constexpr std::string_view guarantee =
        "x/y = n * 2^-1075 exactly, n odd below 2^53: halfway between two adjacent subnormals "
        "(or between 0 and 2^-1074, or the largest subnormal and 2^-1022)";
};

struct Midpoint : Drawn<class_detail::midpoint> {
    static constexpr std::string_view name = "midpoint";
    static constexpr std::string_view guarantee =
        "normal x, y with a normal quotient whose distance to the nearest rounding midpoint is "
        "nonzero and below 2^-40 ulp";
};

}  // namespace fpv::div64
