// The input classes of binary64 multiplication that only multiplication has: products on and
// near rounding midpoints (products do have exact ties), products exactly or nearly
// representable, and products in the subnormal range and near the underflow and overflow
// thresholds. Each generator is a pure function of (class key, index) and runs unchanged on the
// host and the GPU; ops/mul64/test_classes.cpp checks every guarantee in exact rational
// arithmetic. fma64's classes build their products with these helpers too.
#pragma once

#include "corpus/drawn.h"
#include "corpus/class_traits.h"
#include "corpus/exact_int.h"
#include "corpus/number_theory.h"
#include "corpus/random_values.h"

namespace fpv::mul64 {
namespace class_detail {

using xint::u128;

inline constexpr uint64_t k2_52 = uint64_t{1} << 52;
inline constexpr uint64_t k2_53 = uint64_t{1} << 53;

// A random odd integer of exactly `bits` bits (1 <= bits <= 64).
FPV_HD FPV_INLINE uint64_t random_odd(CounterRng& rng, int bits) {
    const uint64_t top = uint64_t{1} << (bits - 1);
    return (rng.next() >> (64 - bits)) | top | 1;
}

// A random integer significand in [2^52, 2^53), odd.
FPV_HD FPV_INLINE uint64_t random_odd_significand(CounterRng& rng) { return random_odd(rng, 53); }

// A nonzero magnitude of at most 2^bits, its bit length spread evenly, so that tiny ones are
// as common as large ones.
FPV_HD FPV_INLINE uint64_t small_magnitude(CounterRng& rng, int bits) {
    const int width = static_cast<int>(rng.between(0, bits));
    return 1 + rng.below(uint64_t{1} << width);
}

// An exponent x such that n_a * 2^x and n_b * 2^(s - x) are both normal, where n_a and n_b have
// ka and kb bits; with `allow_subnormal` (n_a, n_b odd) both need only be finite and nonzero.
// The caller picks s so that such an x exists.
FPV_HD FPV_INLINE int split_exponent(CounterRng& rng, int s, int ka, int kb, bool allow_subnormal) {
    const int lowest_a = allow_subnormal ? -1074 : -1021 - ka;
    const int lowest_b = allow_subnormal ? -1074 : -1021 - kb;
    const int lo = lowest_a > s - 1024 + kb ? lowest_a : s - 1024 + kb;
    const int hi = 1024 - ka < s - lowest_b ? 1024 - ka : s - lowest_b;
    return static_cast<int>(rng.between(lo, hi));
}

// a = A * 2^x, b = B * 2^(s - x), both normal, random signs: a*b = A*B * 2^s.
FPV_HD FPV_INLINE Operands place(CounterRng& rng, uint64_t a_significand, uint64_t b_significand, int s) {
    const int ka = 64 - clz64(a_significand), kb = 64 - clz64(b_significand);
    const int x = split_exponent(rng, s, ka, kb, false);
    const bool a_negative = rng.coin();
    const bool b_negative = rng.coin();
    return {b64::from_scaled_integer(a_significand, x, a_negative),
            b64::from_scaled_integer(b_significand, s - x, b_negative)};
}

// A and B with A*B * 2^s normal and below 2^1023: s is drawn from the range that allows.
FPV_HD FPV_INLINE Operands place_normal_product(CounterRng& rng, uint64_t a_significand, uint64_t b_significand) {
    const int kp = xint::bit_length(xint::product(a_significand, b_significand));
    const int s = static_cast<int>(rng.between(-1021 - kp, 1023 - kp));
    return place(rng, a_significand, b_significand, s);
}

struct Significands {
    uint64_t a, b;
};

// A product A*B is a tie when its odd part has exactly 54 bits: it then lies halfway between
// two 53-bit neighbours. With odd A of ka bits and odd B of kb bits the product has ka + kb - 1
// or ka + kb bits; kb = 54 - ka or 55 - ka makes 54 the likelier outcome, and a retry fixes the
// rest (each attempt succeeds about half the time).
FPV_HD FPV_INLINE Significands tie_significands(CounterRng& rng) {
    for (int attempt = 0; attempt < 64; ++attempt) {
        const int ka = static_cast<int>(rng.between(2, 52));
        const int kb = 54 - ka + static_cast<int>(rng.below(2));
        const uint64_t a = random_odd(rng, ka);
        const uint64_t b = random_odd(rng, kb);
        if (xint::bit_length(xint::product(a, b)) == 54) return {a, b};
    }
    return {k2_52 + 1, 3};  // (1 + 2^-52) * 1.5, never reached in tests
}

// A, B in [2^52, 2^53) whose product's bits below its rounding position are L = 2^(r-1) + d
// (near a midpoint) or L = d (near a representable number), d small and nonzero. The rounding
// position r is 53 when A*B >= 2^105 and 52 below: B = L * A^-1 (mod 2^r) gives those low bits
// for any odd A, and the attempt is kept when B and A*B land where they must (about 1 in 3).
FPV_HD FPV_INLINE Significands near_significands(CounterRng& rng, bool midpoint, int64_t d, Significands fallback) {
    for (int attempt = 0; attempt < 64; ++attempt) {
        const uint64_t a = random_odd_significand(rng);
        const uint64_t inverse = nt::inverse_mod_2_64(a);
        if (rng.coin()) {
            const uint64_t low = (midpoint ? k2_52 : 0) + static_cast<uint64_t>(d);
            const uint64_t b = (low * inverse) & (k2_53 - 1);
            if (b >= k2_52 && xint::product(a, b) >= (static_cast<u128>(1) << 105)) return {a, b};
        } else {
            const uint64_t low = (midpoint ? k2_52 >> 1 : 0) + static_cast<uint64_t>(d);
            const uint64_t b = ((low * inverse) & (k2_52 - 1)) | k2_52;
            if (xint::product(a, b) < (static_cast<u128>(1) << 105)) return {a, b};
        }
    }
    return fallback;
}

// Products exactly representable, not trivially: odd parts of at least 8 bits each whose
// product has 52 or 53 bits.
FPV_HD FPV_INLINE Significands exact_significands(CounterRng& rng) {
    const int ka = static_cast<int>(rng.between(8, 45));
    const uint64_t a = random_odd(rng, ka);
    const uint64_t b = random_odd(rng, 53 - ka);
    return {a, b};
}

// |d| in [1, 2^11], random sign: 2^11 units below the rounding position is at most 2^-41 ulp.
FPV_HD FPV_INLINE int64_t small_offset(CounterRng& rng) {
    const int64_t magnitude = static_cast<int64_t>(small_magnitude(rng, 11));
    return rng.coin() ? -magnitude : magnitude;
}

// Fallbacks of near_significands (d = 1, upper binade), found by its construction and checked
// by the tests.
inline constexpr Significands kNearMidpointFallback = {0x1b1a4d5b6d0c35ull, 0x17dfbdc6b6e61dull};
inline constexpr Significands kNearExactFallback = {0x1b1a4d5b6d0c39ull, 0x1e2dcb2fe32209ull};

FPV_HD FPV_INLINE Operands midpoint(CounterRng& rng, uint64_t index) {
    if (index % 4 == 0) {
        const Significands s = tie_significands(rng);
        return place_normal_product(rng, s.a, s.b);
    }
    const int64_t d = small_offset(rng);
    const Significands s = near_significands(rng, true, d, kNearMidpointFallback);
    return place_normal_product(rng, s.a, s.b);
}

FPV_HD FPV_INLINE Operands near_exact(CounterRng& rng, uint64_t index) {
    if (index % 4 == 0) {
        const Significands s = exact_significands(rng);
        return place_normal_product(rng, s.a, s.b);
    }
    const int64_t d = small_offset(rng);
    const Significands s = near_significands(rng, false, d, kNearExactFallback);
    return place_normal_product(rng, s.a, s.b);
}

// A normal value with unbiased exponent e whose significand is not a power of two.
FPV_HD FPV_INLINE uint64_t not_power_of_two(CounterRng& rng, int e) { return draw64::with_exponent(rng, e) | 1; }

// Products strictly between 2^-1075 and 2^-1022. Normal a, b with exponents summing to s give
// a product in [2^s, 2^(s+2)), strictly above 2^s when a is not a power of two: s in
// [-1075, -1024]. A subnormal a = m * 2^-1074 (m of k+1 bits) times a normal b of exponent e
// that is not a power of two lies strictly within (2^(k+e-1074), 2^(k+e-1072)): e in
// [-1-k, 50-k].
FPV_HD FPV_INLINE Operands subnormal_product(CounterRng& rng, uint64_t kind) {
    if (kind < 2) {
        const int s = static_cast<int>(rng.between(-1075, -1024));
        const int ea = static_cast<int>(rng.between(-1022, s + 1022));
        const uint64_t a = not_power_of_two(rng, ea);
        const uint64_t b = draw64::with_exponent(rng, s - ea);
        return {a, b};
    }
    const uint64_t tiny = draw64::subnormal(rng);
    const int k = 63 - clz64(tiny & b64::kMantissaMask);
    const int e = static_cast<int>(rng.between(-1 - k, 50 - k));
    const uint64_t other = not_power_of_two(rng, e);
    return kind == 2 ? Operands{tiny, other} : Operands{other, tiny};
}

// A target product magnitude t = significand * 2^exp2.
struct Target {
    uint64_t significand;
    int exp2;
};

FPV_HD FPV_INLINE int floor_log2(Target t) { return 63 - clz64(t.significand) + t.exp2; }

// A random normal b whose exponent keeps t / b normal, at least 2^-1021 and below 2^1023, so
// that moving the quotient by a few ulps keeps it normal too.
FPV_HD FPV_INLINE uint64_t divisor_for(CounterRng& rng, Target t) {
    const int te = floor_log2(t);
    const int lo = te - 1022 > -1022 ? te - 1022 : -1022;
    const int hi = te + 1020 < 1023 ? te + 1020 : 1023;
    return draw64::with_exponent(rng, static_cast<int>(rng.between(lo, hi)));
}

// a = RN(t / b) moved by k in [-4, 4] ulps, b random: a*b = t * (1 + e) with
// |e| <= 2^-53 + 4 * 2^-52 * (1 + 2^-53) < 5 * 2^-52, on either side.
FPV_HD FPV_INLINE Operands near_product(CounterRng& rng, Target t) {
    const uint64_t b = divisor_for(rng, t);
    const bool negative = rng.coin();
    const xint::Quotient q = xint::rounded_quotient(t.significand, t.exp2, b, negative);
    const int64_t k = rng.between(-4, 4);
    const uint64_t a = xint::step_magnitude(q.bits, k);
    return rng.coin() ? Operands{a, b} : Operands{b, a};
}

FPV_HD FPV_INLINE Target underflow_target(uint64_t which) {
    switch (which % 4) {
        case 0: return {1, -1075};          // half the least subnormal
        case 1: return {1, -1074};          // the least subnormal
        case 2: return {k2_53 - 1, -1075};  // largest subnormal + half an ulp
        default: return {1, -1022};         // the least normal
    }
}

FPV_HD FPV_INLINE Target overflow_target(uint64_t which) {
    switch (which % 3) {
        case 0: return {k2_53 - 1, 971};      // the largest finite
        case 1: return {2 * k2_53 - 1, 970};  // where rounding to nearest overflows
        default: return {1, 1024};            // 2^1024
    }
}

// The draws of the classes below that take a kind or a target.
FPV_HD FPV_INLINE Operands subnormal(CounterRng& rng, uint64_t index) { return subnormal_product(rng, index % 4); }
FPV_HD FPV_INLINE Operands underflow(CounterRng& rng, uint64_t index) {
    return near_product(rng, underflow_target(index));
}
FPV_HD FPV_INLINE Operands overflow(CounterRng& rng, uint64_t index) {
    return near_product(rng, overflow_target(index));
}

}  // namespace class_detail

struct Midpoint : Drawn<class_detail::midpoint> {
    static constexpr std::string_view name = "midpoint";
    static constexpr std::string_view guarantee =
        "normal a, b with 2^-1022 <= |a*b| < 2^1023: a*b exactly on a rounding midpoint (index mod 4 = 0: "
        "a tie, the odd parts of a and b making 54 bits) or at a nonzero distance of at most 2^-41 ulp "
        "from one, on either side (mod 4 = 1..3, with a's significand odd)";
};

struct NearExact : Drawn<class_detail::near_exact> {
    static constexpr std::string_view name = "near_exact";
    static constexpr std::string_view guarantee =
        "normal a, b with 2^-1022 <= |a*b| < 2^1023: a*b exactly representable with odd parts of a and b "
        "of at least 8 bits each (index mod 4 = 0) or at a nonzero distance of at most 2^-41 ulp from a "
        "representable number, on either side (mod 4 = 1..3, with a's significand odd)";
};

struct Subnormal : Drawn<class_detail::subnormal> {
    static constexpr std::string_view name = "subnormal";
    static constexpr std::string_view guarantee =
        "2^-1075 < |a*b| < 2^-1022: a, b normal (index mod 4 = 0, 1), a subnormal and b normal (2), "
        "a normal and b subnormal (3)";
};

struct Underflow : Drawn<class_detail::underflow> {
    static constexpr std::string_view name = "underflow";
    static constexpr std::string_view guarantee =
        "|a*b| within 5*2^-52 (relative) of 2^-1075, 2^-1074, 2^-1022 - 2^-1075 or 2^-1022 "
        "(index mod 4), on both sides; a and b normal";
};

struct Overflow : Drawn<class_detail::overflow> {
    static constexpr std::string_view name = "overflow";
    static constexpr std::string_view guarantee =
        "|a*b| within 5*2^-52 (relative) of the largest finite number, of 2^1024 - 2^970 (where "
        "rounding to nearest overflows) or of 2^1024 (index mod 3), on both sides; a and b normal";
};

}  // namespace fpv::mul64
