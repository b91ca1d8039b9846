// The input classes of binary64 addition that only addition has: cancellation of every depth
// (exact zeros with their sign rules included), exact ties, sums near midpoints and
// representable numbers, subnormal sums and sums at the overflow thresholds. Each generator is
// a pure function of (class key, index) and runs unchanged on the host and the GPU;
// ops/add64/test_classes.cpp checks every guarantee in exact rational arithmetic. sub64's classes
// are these with b negated (ops/sub64/classes.h).
#pragma once

#include "corpus/drawn.h"
#include "corpus/class_traits.h"
#include "corpus/exact_int.h"
#include "corpus/random_values.h"

namespace fpv::add64 {
namespace class_detail {

inline constexpr uint64_t k2_52 = uint64_t{1} << 52;
inline constexpr uint64_t k2_53 = uint64_t{1} << 53;

FPV_HD FPV_INLINE uint64_t negate(uint64_t bits) { return bits ^ b64::kSign; }

// significand * 2^exp2 for a value known representable: trailing zeros are shed first where
// the significand has 54 bits or exp2 is below the subnormal quantum 2^-1074.
FPV_HD FPV_INLINE uint64_t value(uint64_t significand, int exp2, bool negative) {
    while ((exp2 < -1074 || significand >= k2_53) && (significand & 1) == 0 && significand != 0) {
        significand >>= 1;
        ++exp2;
    }
    return b64::from_scaled_integer(significand, exp2, negative);
}

// An integer in [1, 2^bits] whose bit length is spread evenly.
FPV_HD FPV_INLINE uint64_t spread_upto(CounterRng& rng, int bits) {
    const int width = static_cast<int>(rng.between(0, bits));
    return 1 + rng.below(uint64_t{1} << width);
}

// Random sign for both, random order.
FPV_HD FPV_INLINE Operands shuffle(CounterRng& rng, uint64_t a, uint64_t b) {
    const bool flip = rng.coin();
    const bool swap = rng.coin();
    if (flip) {
        a = negate(a);
        b = negate(b);
    }
    return swap ? Operands{b, a} : Operands{a, b};
}

// Depth d = E - floor(log2 |a + b|), E = floor(log2 max(|a|, |b|)), for a = A * 2^(E-52) and b
// of the other sign. Same binade (b = -B * 2^(E-52)): |a + b| = (A - B) * 2^(E-52), any depth
// 1..52 with A - B in [2^(52-d), 2^(53-d)). Adjacent binades (b = -B * 2^(E-53)):
// |a + b| = (2A - B) * 2^(E-53), any depth 0..53 with D = 2A - B in [2^(53-d), 2^(54-d)) (below
// 3 * 2^52 for d = 0) and A in [(D + 2^52)/2, (D + 2^53 - 1)/2]; at E = -1022, b is subnormal
// and B must be even. Far
// binades (|b| < 2^(E-1), a >= 1.5 * 2^E): depth 0.
FPV_HD FPV_INLINE Operands cancellation_depth(CounterRng& rng, int d) {
    const int lowest = d == 53 ? -1021 : -1022;
    // One time in four the result is pushed towards (and below) 2^-1022.
    const bool low = rng.below(4) == 0;
    const int highest = low && lowest + d < 1023 ? lowest + d : 1023;
    const int e = static_cast<int>(rng.between(lowest, highest));
    const uint64_t shape = rng.below(2);
    if (d == 0 && shape == 0 && e >= -1020) {
        const uint64_t a = (k2_52 + (k2_52 >> 1)) | (rng.next() >> 12);  // at least 1.5 * 2^52
        const int gap = static_cast<int>(rng.between(2, e + 1022 < 60 ? e + 1022 : 60));
        const uint64_t b = draw64::with_exponent(rng, e - gap) | b64::kSign;
        return shuffle(rng, b64::from_scaled_integer(a, e - 52, false), b);
    }
    if (d >= 1 && d <= 52 && shape == 0) {
        const uint64_t draw = rng.next();
        const uint64_t difference = (uint64_t{1} << (52 - d)) | ((draw >> 12) >> d);
        const uint64_t a = k2_52 + difference + rng.below(k2_52 - difference);
        return shuffle(rng, b64::from_scaled_integer(a, e - 52, false),
                       b64::from_scaled_integer(a - difference, e - 52, true));
    }
    const uint64_t d_lo = uint64_t{1} << (53 - d);
    const uint64_t d_hi = d == 0 ? 3 * k2_52 - 2 : 2 * d_lo - 1;
    uint64_t difference = d_lo + rng.below(d_hi - d_lo + 1);
    if (e == -1022) difference &= ~uint64_t{1};  // d <= 52 here: stays >= d_lo
    const uint64_t a_lo = (difference + k2_52 + 1) / 2 > k2_52 ? (difference + k2_52 + 1) / 2 : k2_52;
    const uint64_t a_hi = (difference + k2_53 - 1) / 2 < k2_53 - 1 ? (difference + k2_53 - 1) / 2 : k2_53 - 1;
    const uint64_t a = a_lo + rng.below(a_hi - a_lo + 1);
    return shuffle(rng, b64::from_scaled_integer(a, e - 52, false), value(2 * a - difference, e - 53, true));
}

// Index mod 56: d = 0..53 leading bits cancel; 54: b = -a; 55: two zeros.
FPV_HD FPV_INLINE Operands cancellation(CounterRng& rng, uint64_t index) {
    const int d = static_cast<int>(index % 56);
    if (d <= 53) return cancellation_depth(rng, d);
    if (d == 54) {
        const uint64_t x = rng.coin() ? draw64::normal(rng) : draw64::subnormal(rng);
        return {x, negate(x)};
    }
    const uint64_t signs = (index / 56) % 4;  // each sign pair in turn
    return {(signs & 1) != 0 ? b64::kSign : 0, (signs & 2) != 0 ? b64::kSign : 0};
}

// Ties: a + b = (2K + 1) * 2^(q-1). With b = (2j + 1) * 2^(q-1) and a = (K - j) * 2^q, or
// b = -(2j + 1) * 2^(q-1) and a = (K + j + 1) * 2^q (even where it reaches 2^53, adjusting j),
// a and b are representable for any j < 2^52 and q >= -1073.
FPV_HD FPV_INLINE Operands tie(CounterRng& rng, uint64_t index) {
    const int e = static_cast<int>(rng.between(-1021, 1023));
    const int q = e - 52;
    const uint64_t k = (((rng.next() >> 11) | k2_52) & ~uint64_t{1}) | (index % 2);
    const int width = static_cast<int>(rng.between(0, 52));
    uint64_t j = width == 0 ? 0 : rng.next() >> (64 - width);
    const bool opposite = e < 1023 && rng.coin();
    if (!opposite) {
        return shuffle(rng, b64::from_scaled_integer(k - j, q, false), value(2 * j + 1, q - 1, false));
    }
    if (k + j + 1 >= k2_53 && ((k + j + 1) & 1) != 0) j ^= 1;
    return shuffle(rng, value(k + j + 1, q, false), value(2 * j + 1, q - 1, true));
}

// Sums m + e, |e| = delta * 2^(q-1-t) <= 2^(q-42), where m = K * 2^q (near_exact) or
// (2K + 1) * 2^(q-1) (midpoint): b carries j whole units of 2^q (j < 2^(52-t)) or j + 1/2, plus
// e, in at most 53 bits from 2^(q-1-t); a carries the rest. t in [41, 52] and delta in
// [1, 2^(t-41)] make the distance at most 2^-41 ulp of the sum (2^-42 ulp, or 2^-41 ulp of the
// binade below where the sum falls just under 2^e).
FPV_HD FPV_INLINE Operands near(CounterRng& rng, bool midpoint) {
    const int t = static_cast<int>(rng.between(41, 52));
    const int e = static_cast<int>(rng.between(t - 1021, 1023));
    const int q = e - 52;
    uint64_t k = (rng.next() >> 11) | k2_52;
    const int64_t delta = static_cast<int64_t>(spread_upto(rng, t - 41));
    const bool above = rng.coin();
    const int64_t offset = above ? delta : -delta;
    const uint64_t j = 52 - t == 0 ? 0 : rng.below(uint64_t{1} << (52 - t));
    // b's share of the integer part in units of 2^(q-1-t): j * 2^(t+1), plus 2^t for a midpoint.
    const uint64_t share = (j << (t + 1)) + (midpoint ? uint64_t{1} << t : 0);
    const bool opposite = e < 1023 && rng.coin();
    if (!opposite) {
        // a = (K - j) * 2^q, b = share + offset (which may be negative when share is 0).
        const int64_t b_int = static_cast<int64_t>(share) + offset;
        const uint64_t b = value(static_cast<uint64_t>(b_int < 0 ? -b_int : b_int), q - 1 - t, b_int < 0);
        return shuffle(rng, b64::from_scaled_integer(k - j, q, false), b);
    }
    // a = (K + whole) * 2^q with whole = j (+ 1 for a midpoint), b = -(whole * 2^(t+1) (- 2^t for
    // a midpoint) - offset) * 2^(q-1-t): the same sum.
    const uint64_t whole = midpoint ? j + 1 : j;
    if (k + whole >= k2_53 && ((k + whole) & 1) != 0) --k;  // a in the next binade: even
    const uint64_t take = (whole << (t + 1)) - (midpoint ? uint64_t{1} << t : 0);
    const int64_t b_int = static_cast<int64_t>(take) - offset;
    const uint64_t b = value(static_cast<uint64_t>(b_int < 0 ? -b_int : b_int), q - 1 - t, b_int >= 0);
    return shuffle(rng, value(k + whole, q, false), b);
}

// a + b = r * 2^-1074 with r in [1, 2^52), a = A * 2^-1074 and b = (r - A) * 2^-1074, every
// value below 2^-1021 a multiple of 2^-1074: both subnormal (|A|, |r - A| < 2^52), one of each
// (A in [2^52, r + 2^52)), or both normal (A in [r + 2^52, 2^53)).
FPV_HD FPV_INLINE Operands subnormal_sum(CounterRng& rng, uint64_t kind) {
    const uint64_t shift = rng.below(52);
    const uint64_t drawn = (rng.next() >> 12) >> shift;
    const int64_t r = static_cast<int64_t>(drawn == 0 ? 1 : drawn);
    const int64_t two52 = static_cast<int64_t>(k2_52);
    int64_t a;
    switch (kind) {
        case 0: {
            const int64_t lo = r - two52 + 1;
            a = lo + static_cast<int64_t>(rng.below(static_cast<uint64_t>(two52 - 1 - lo + 1)));
            if (a == 0 || a == r) a = r < two52 - 1 ? -1 : 1;
            break;
        }
        case 1: a = two52 + static_cast<int64_t>(rng.below(static_cast<uint64_t>(r))); break;
        default: a = r + two52 + static_cast<int64_t>(rng.below(static_cast<uint64_t>(2 * two52 - r - two52))); break;
    }
    const int64_t b = r - a;
    return shuffle(rng, b64::from_scaled_integer(static_cast<uint64_t>(a < 0 ? -a : a), -1074, a < 0),
                   b64::from_scaled_integer(static_cast<uint64_t>(b < 0 ? -b : b), -1074, b < 0));
}

// Thresholds t = T * 2^970 (the largest finite, where rounding to nearest overflows, 2^1024).
// a = A * 2^971 with A = (T - v)/2 in [2^52, 2^53), so v <= T - 2^53 of T's parity, and
// b = t - a = v * 2^970 exactly; near t, b = (v * 2^u + offset) * 2^(970-u) with
// 0 < |offset| <= 2^(u-1) and v < 2^(53-u) (u in 1..51): a + b = t + offset * 2^(970-u), within
// 2^969 of t.
FPV_HD FPV_INLINE Operands overflow(CounterRng& rng, uint64_t index) {
    const uint64_t big_t = index % 3 == 0 ? 2 * k2_53 - 2 : index % 3 == 1 ? 2 * k2_53 - 1 : 2 * k2_53;
    const bool onto = (index / 3) % 2 == 0;
    const int u = onto ? 0 : static_cast<int>(rng.between(1, 51));
    const uint64_t parity = big_t & 1;
    const uint64_t v_min = parity != 0 ? 1 : 2;
    const uint64_t room = onto ? k2_53 : (uint64_t{1} << (53 - u)) - 1;
    const uint64_t v_max = big_t - k2_53 < room ? big_t - k2_53 : room;
    // v's bit length spread evenly, then its parity and bounds set.
    uint64_t v = spread_upto(rng, 63 - clz64(v_max));
    v = v < v_max ? v : v_max;
    v = (v & ~uint64_t{1}) | parity;
    if (v > v_max) v -= 2;
    if (v < v_min) v = v_min;
    const uint64_t a = (big_t - v) / 2;
    uint64_t b_int = v << u;
    if (!onto) {
        const uint64_t delta = spread_upto(rng, u - 1);
        const bool above = rng.coin();
        b_int = above ? b_int + delta : b_int - delta;
    }
    return shuffle(rng, b64::from_scaled_integer(a, 971, false), value(b_int, 970 - u, false));
}

// The draws of the classes below that take a kind or a side.
FPV_HD FPV_INLINE Operands near_midpoint(CounterRng& rng) { return near(rng, true); }
FPV_HD FPV_INLINE Operands near_representable(CounterRng& rng) { return near(rng, false); }
FPV_HD FPV_INLINE Operands subnormal(CounterRng& rng, uint64_t index) { return subnormal_sum(rng, index % 3); }

}  // namespace class_detail

struct Cancellation : Drawn<class_detail::cancellation> {
    static constexpr std::string_view name = "cancellation";
    static constexpr std::string_view guarantee =
        "index mod 56 = d in 0..53: a, b of opposite signs, the larger normal, with "
        "|a + b| in [2^(E-d), 2^(E-d+1)) for E = floor(log2 max(|a|, |b|)): exactly d leading bits "
        "cancel (subnormal sums and operands included); 54: b = -a, finite nonzero (a + b = +0, or -0 "
        "rounding down); 55: a, b zeros, each pair of signs in turn (index/56 mod 4)";
};

struct Ties : Drawn<class_detail::tie> {
    static constexpr std::string_view name = "ties";
    static constexpr std::string_view guarantee =
        "a + b = (2k + 1) * 2^(q-1) exactly, halfway between k * 2^q and (k + 1) * 2^q, 2^q the ulp of "
        "|a + b| (q from -1073 to 971; (k + 1) * 2^q may be 2^1024); k even for even indices, odd for "
        "odd ones; a, b finite nonzero, of the same or opposite signs";
};

struct Midpoint : Drawn<class_detail::near_midpoint> {
    static constexpr std::string_view name = "midpoint";
    static constexpr std::string_view guarantee =
        "a, b finite, |a + b| above 2^-981 and at a nonzero distance of at most 2^-41 ulp from a "
        "rounding midpoint, on either side; the smaller operand below 2^12 ulp of a + b";
};

struct NearExact : Drawn<class_detail::near_representable> {
    static constexpr std::string_view name = "near_exact";
    static constexpr std::string_view guarantee =
        "a, b finite, |a + b| above 2^-981 and at a nonzero distance of at most 2^-41 ulp from a "
        "representable number, on either side; the smaller operand below 2^12 ulp of a + b";
};

struct Subnormal : Drawn<class_detail::subnormal> {
    static constexpr std::string_view name = "subnormal";
    static constexpr std::string_view guarantee =
        "a + b a nonzero subnormal (exact): a, b subnormal (index mod 3 = 0), one normal and one "
        "subnormal (1), both normal (2)";
};

struct Overflow : Drawn<class_detail::overflow> {
    static constexpr std::string_view name = "overflow";
    static constexpr std::string_view guarantee =
        "a, b finite nonzero of one sign, |a + b| = t exactly (index/3 even) or within 2^969 of t at a "
        "nonzero distance, on either side (index/3 odd), where t is the largest finite number, "
        "2^1024 - 2^970 (where rounding to nearest overflows) or 2^1024 (index mod 3)";
};

}  // namespace fpv::add64
