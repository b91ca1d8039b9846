// The input classes of the binary64 fused multiply-add a*b + c that only it has: exact
// cancellation, addends below the product's last bit, exact results at the overflow and
// underflow thresholds reached through a product beyond them, subnormal products, and results
// on or near rounding midpoints and representable numbers that only the exact 106-bit product
// reaches. Each generator is a pure function of (class key, index) and runs unchanged on the
// host and the GPU; ops/fma64/test_classes.cpp checks every guarantee in exact rational
// arithmetic.
#pragma once

#include "corpus/drawn.h"
#include "ops/mul64/classes.h"

namespace fpv::fma64 {
namespace class_detail {

using mul64::class_detail::k2_52;
using mul64::class_detail::k2_53;
using mul64::class_detail::random_odd;
using mul64::class_detail::random_odd_significand;
using mul64::class_detail::small_magnitude;
using mul64::class_detail::split_exponent;
using mul64::class_detail::Target;
using xint::u128;

FPV_HD FPV_INLINE bool is_negative(uint64_t bits) { return (bits & b64::kSign) != 0; }

// c moved by j in [1, 4] ulps of its own, up or down in magnitude (up where down would reach
// zero): a nonzero move of at most 4 ulps of c.
FPV_HD FPV_INLINE uint64_t nudge(CounterRng& rng, uint64_t c) {
    const int64_t j = rng.between(1, 4);
    const bool down = rng.coin();
    return xint::step_magnitude(c, down && (c & ~b64::kSign) > static_cast<uint64_t>(j) ? -j : j);
}

// Exact cancellation: a*b is representable when the odd parts of a and b make at most 53 bits,
// and c = -(a*b) is then an operand too; any exponent s of the product's last bit from -1074 up
// keeps c finite and nonzero. Or a*b's rounding error: with the product's last bit at 2^-1074
// or above, a*b - RN(a*b) and a*b - RZ(a*b) are multiples of it below 2^53 of them, hence
// representable, and a*b + c is that error exactly.
FPV_HD FPV_INLINE Operands cancellation(CounterRng& rng, uint64_t index) {
    if (index % 2 == 0) {
        const int ka = static_cast<int>(rng.between(1, 52));
        const int kb = static_cast<int>(rng.between(1, 53 - ka));
        const uint64_t alpha = random_odd(rng, ka);
        const uint64_t beta = random_odd(rng, kb);
        const uint64_t p = alpha * beta;
        const int kp = 64 - clz64(p);
        const int s = static_cast<int>(rng.between(-1074, 1024 - kp));
        const int x = split_exponent(rng, s, ka, kb, true);
        const bool a_negative = rng.coin();
        const bool b_negative = rng.coin();
        return {b64::from_scaled_integer(alpha, x, a_negative), b64::from_scaled_integer(beta, s - x, b_negative),
                b64::from_scaled_integer(p, s, a_negative == b_negative)};
    }
    const int sum = static_cast<int>(rng.between(-970, 1021));
    const int ea =
        static_cast<int>(rng.between(sum - 1023 > -1022 ? sum - 1023 : -1022, sum + 1022 < 1023 ? sum + 1022 : 1023));
    const uint64_t a = draw64::with_exponent(rng, ea);
    const uint64_t b = draw64::with_exponent(rng, sum - ea);
    const b64::Decomposed da = b64::decompose(a), db = b64::decompose(b);
    const xint::Rounding mode = rng.coin() ? xint::Rounding::nearest_even : xint::Rounding::toward_zero;
    const bool product_negative = is_negative(a) != is_negative(b);
    const uint64_t c = xint::to_binary64(xint::product(da.significand, db.significand),
                                         da.lsb_exponent + db.lsb_exponent, !product_negative, mode);
    return {a, b, c};
}

// c far below a*b: |c| < 2^(s-60) <= 2^-60 |a*b| when |a*b| >= 2^s. A normal c needs
// s >= -961, a subnormal one m * 2^-1074 needs m < 2^(s+1014), hence s >= -1013. The product is
// not representable when both significands are odd (its odd part then has 105 or 106 bits),
// and exactly representable, so that c alone decides directed roundings, when the odd parts
// make 53 bits.
FPV_HD FPV_INLINE uint64_t sticky_addend(CounterRng& rng, int s, bool subnormal) {
    if (subnormal) {
        const int width = s + 1014 < 52 ? s + 1014 : 52;
        const uint64_t m = (rng.next() >> (64 - width)) >> rng.below(static_cast<uint64_t>(width));
        const bool negative = rng.coin();
        return (negative ? b64::kSign : 0) | (m == 0 ? 1 : m);
    }
    // The gap below 2^(s-60): its bit length spread evenly, down to 2^-1022.
    const int widest = s + 961;
    const int gap = static_cast<int>(small_magnitude(rng, 11)) - 1;
    return draw64::with_exponent(rng, s - 61 - (gap < widest ? gap : widest));
}

// Kind 2 makes a*b an exact midpoint instead: odd parts whose product has exactly 54 bits lie
// halfway between two binary64 numbers, and rounding to nearest then goes the way of c's sign
// alone, however tiny c is; an fma that drops a c far below a*b is right on every other input.
FPV_HD FPV_INLINE Operands sticky(CounterRng& rng, uint64_t index) {
    const uint64_t kind = index % 4;
    Operands in;
    int s;  // |a*b| >= 2^s
    if (kind == 3 || kind == 2) {
        const mul64::class_detail::Significands p =
            kind == 3 ? mul64::class_detail::exact_significands(rng) : mul64::class_detail::tie_significands(rng);
        const int kp = xint::bit_length(xint::product(p.a, p.b));
        const int lsb = static_cast<int>(rng.between(-1012 - kp, 1022 - kp));
        in = mul64::class_detail::place(rng, p.a, p.b, lsb);
        s = lsb + kp - 1;
    } else {
        s = static_cast<int>(rng.between(kind == 1 ? -1013 : -961, 1021));
        const int ea =
            static_cast<int>(rng.between(s - 1023 > -1022 ? s - 1023 : -1022, s + 1022 < 1023 ? s + 1022 : 1023));
        const uint64_t a = draw64::with_exponent(rng, ea) | 1;
        const uint64_t b = draw64::with_exponent(rng, s - ea) | 1;
        in = {a, b};
    }
    bool subnormal = kind == 1 || (kind >= 2 && s < -961);
    if (kind >= 2 && !subnormal) subnormal = rng.coin();
    in.c = sticky_addend(rng, s, subnormal);
    return in;
}

// Thresholds t = T * 2^970: the largest finite, where rounding to nearest overflows, 2^1024.
FPV_HD FPV_INLINE uint64_t overflow_threshold(uint64_t which) {
    switch (which % 3) {
        case 0: return 2 * k2_53 - 2;
        case 1: return 2 * k2_53 - 1;
        default: return 2 * k2_53;
    }
}

// Onto t: a*b = N * 2^970 with N = A*B in (T, T + 2^53), so that c = -(a*b - t) = -(N - T) * 2^970
// is representable and a*b + c = t exactly. A has ka >= 3 bits, so that the B in
// (T/A, (T + 2^53)/A) stay below 2^53; B is drawn near the bottom of that range often, where
// N - T, c and c's ulp are small.
FPV_HD FPV_INLINE Operands onto_overflow(CounterRng& rng, uint64_t big_t) {
    const int ka = static_cast<int>(rng.between(3, 53));
    const uint64_t a_int = (rng.next() >> (64 - ka)) | (uint64_t{1} << (ka - 1));
    const uint64_t b_lo = big_t / a_int + 1;
    const uint64_t b_hi = (big_t + k2_53 - 1) / a_int;
    const uint64_t offset = small_magnitude(rng, 53) - 1;
    const uint64_t b_int = b_lo + (offset < b_hi - b_lo ? offset : b_hi - b_lo);
    Operands in = mul64::class_detail::place(rng, a_int, b_int, 970);
    const bool negative = is_negative(in.a) == is_negative(in.b);
    in.c = b64::from_scaled_integer(a_int * b_int - big_t, 970, negative);
    return in;
}

// Near t with a product of 53-bit significands: a = RN(V/b) makes a*b = V (1 + e), |e| <= 2^-53,
// for a V above t by D' in [2^980, 2^1022) (V truncated to 64 bits), so that D = a*b - t stays
// in (0, 2^1023). c = -D rounded toward or away from zero puts a*b + c on the chosen side of t,
// within an ulp of D (at most 2^970); where D is representable, c moves one ulp off it.
FPV_HD FPV_INLINE Operands near_overflow(CounterRng& rng, uint64_t big_t) {
    const int ed = static_cast<int>(rng.between(980, 1021));
    const uint64_t d_significand = (rng.next() >> 11) | k2_52;
    const int shift = ed - 1013;  // D' / 2^961 = d_significand * 2^shift
    const uint64_t d_scaled = shift >= 0 ? d_significand << shift : d_significand >> -shift;
    const Target v = {(big_t << 9) + d_scaled, 961};
    const uint64_t b = mul64::class_detail::divisor_for(rng, v);
    const bool a_negative = rng.coin();
    const uint64_t a = xint::rounded_quotient(v.significand, v.exp2, b, a_negative).bits;
    const b64::Decomposed da = b64::decompose(a & ~b64::kSign), db = b64::decompose(b & ~b64::kSign);
    const int s = da.lsb_exponent + db.lsb_exponent;  // about 919: 970 - s is small
    const u128 p = xint::product(da.significand, db.significand);
    const u128 t = static_cast<u128>(big_t) << (970 - s);
    const bool negative = is_negative(a) == is_negative(b);
    const bool toward = rng.coin();
    if (p <= t) return {};  // never: D' exceeds the error of V by far (the caller falls back)
    const u128 d = p - t;
    uint64_t c =
        xint::to_binary64(d, s, negative, toward ? xint::Rounding::toward_zero : xint::Rounding::away_from_zero);
    if (xint::to_binary64(d, s, negative, xint::Rounding::toward_zero) ==
        xint::to_binary64(d, s, negative, xint::Rounding::away_from_zero)) {
        c = xint::step_magnitude(c, toward ? -1 : 1);  // D representable: move off t
    }
    return {a, b, c};
}

FPV_HD FPV_INLINE Operands overflow(CounterRng& rng, uint64_t index) {
    const uint64_t big_t = overflow_threshold(index);
    switch ((index / 3) % 3) {
        case 0: return onto_overflow(rng, big_t);
        case 1: {
            Operands in = onto_overflow(rng, big_t);
            in.c = nudge(rng, in.c);
            return in;
        }
        default: {
            const Operands in = near_overflow(rng, big_t);
            if (in.a != 0) return in;
            return onto_overflow(rng, big_t);
        }
    }
}

// c = t - a*b rounded toward or away from zero (a binary64 below 2^-1021, so a multiple of
// 2^-1074), then moved by up to 2 of those: |a*b + c - t| < 3 * 2^-1074. Both significands odd
// put the product's last bit far below 2^-1074, so a*b + c never equals t.
FPV_HD FPV_INLINE Operands underflow(CounterRng& rng, uint64_t index) {
    const uint64_t big_t = index % 2 == 0 ? k2_53 : k2_53 - 1;  // t = T * 2^-1075
    const int sum = rng.coin() ? -1023 : static_cast<int>(rng.between(-1042, -1024));
    const int ea = static_cast<int>(rng.between(-1022, sum + 1022));
    const uint64_t a = draw64::with_exponent(rng, ea) | 1;
    const uint64_t b = draw64::with_exponent(rng, sum - ea) | 1;
    const b64::Decomposed da = b64::decompose(a & ~b64::kSign), db = b64::decompose(b & ~b64::kSign);
    const int s = da.lsb_exponent + db.lsb_exponent;  // from -1146 to -1127
    const u128 p = xint::product(da.significand, db.significand);
    const u128 t = static_cast<u128>(big_t) << (-1075 - s);
    const bool product_negative = is_negative(a) != is_negative(b);
    const bool up = t > p;  // c pulls the result up in magnitude, towards t
    const u128 gap = up ? t - p : p - t;
    const bool c_negative = product_negative != !up;
    const xint::Rounding mode = rng.coin() ? xint::Rounding::toward_zero : xint::Rounding::away_from_zero;
    uint64_t c = xint::to_binary64(gap, s, c_negative, mode);
    const int64_t k = rng.between(-2, 2);
    if (static_cast<int64_t>(c & ~b64::kSign) + k > 0) c = xint::step_magnitude(c, k);
    if ((c & ~b64::kSign) == 0) c = (c_negative ? b64::kSign : 0) | 1;
    return {a, b, c};
}

// Index mod 12 = 4 makes a*b an odd multiple (3 to 2^20) of 2^-1075, half the least subnormal,
// and c a subnormal: a*b + c is then halfway between two subnormals (or, summing past 2^-1022,
// two numbers of the lowest normal binade), the tie that rounding to nearest decides there.
FPV_HD FPV_INLINE Operands subnormal(CounterRng& rng, uint64_t index) {
    Operands in;
    if (index % 12 == 4) {
        const int ka = static_cast<int>(rng.between(2, 10));
        const int kb = static_cast<int>(rng.between(1, 10));
        // Two draws as two arguments of one call would come in an order each compiler picks (nvcc
        // and GCC picked differently); b's is drawn first, the order GCC gave the host's inputs.
        const uint64_t b_odd = random_odd(rng, kb);
        const uint64_t a_odd = random_odd(rng, ka);
        in = mul64::class_detail::place(rng, a_odd, b_odd, -1075);
    } else {
        in = mul64::class_detail::subnormal_product(rng, index % 4);
    }
    switch ((index / 4) % 3) {
        case 0: in.c = rng.coin() ? b64::kSign : 0; break;
        case 1: in.c = draw64::subnormal(rng); break;
        default: {
            const int e = static_cast<int>(rng.between(-1022, -1000));
            in.c = draw64::with_exponent(rng, e);
        }
    }
    return in;
}

// The product of odd 53-bit significands A*B, with exponents that make it lie in
// [2^-970, 2^1021): its last bit 2^s is at 2^-1074 or above, so any multiple of 2^s below
// 2^53 * 2^s is an addend.
struct WideProduct {
    uint64_t a, b;
    u128 p;  // |a*b| = p * 2^s
    int s;
    int r;  // the product's rounding position: its ulp is 2^(s + r)
    bool negative;
};

FPV_HD FPV_INLINE WideProduct wide_product(CounterRng& rng) {
    const int sum = static_cast<int>(rng.between(-970, 1019));
    const int ea =
        static_cast<int>(rng.between(sum - 1023 > -1022 ? sum - 1023 : -1022, sum + 1022 < 1023 ? sum + 1022 : 1023));
    const uint64_t a_significand = random_odd_significand(rng);
    const uint64_t b_significand = random_odd_significand(rng);
    const bool a_negative = rng.coin();
    const bool b_negative = rng.coin();
    const u128 p = xint::product(a_significand, b_significand);
    return {b64::from_scaled_integer(a_significand, ea - 52, a_negative),
            b64::from_scaled_integer(b_significand, sum - ea - 52, b_negative),
            p,
            sum - 104,
            p >= (static_cast<u128>(1) << 105) ? 53 : 52,
            a_negative != b_negative};
}

// c = offset * 2^s with the product's sign (offset signed, |offset| < 2^53).
FPV_HD FPV_INLINE uint64_t addend(const WideProduct& w, int64_t offset) {
    const bool negative = (offset < 0) != w.negative;
    const uint64_t magnitude = static_cast<uint64_t>(offset < 0 ? -offset : offset);
    return b64::from_scaled_integer(magnitude, w.s, negative);
}

// c of magnitude C * 2^q with C in [2^52 + 2^margin, 2^53 - 2^margin], random sign: an addend
// that dominates a product below 2^(q + margin - 1) and keeps the result in its own binade.
FPV_HD FPV_INLINE uint64_t dominant_addend(CounterRng& rng, int q, int margin) {
    const uint64_t m = uint64_t{1} << margin;
    const uint64_t significand = k2_52 + m + rng.below(k2_52 - 2 * m + 1);
    const bool negative = rng.coin();
    return b64::from_scaled_integer(significand, q, negative);
}

// a*b near t = n * 2^(q-1) (n < 2^12), at a nonzero relative distance below 3 * 2^-52: a is
// RN(t/b) moved by k in [-2, 2] ulps, k = 0 only where that leaves a*b != t.
FPV_HD FPV_INLINE Operands product_near(CounterRng& rng, uint64_t n, int q) {
    const Target t = {n, q - 1};
    const uint64_t b = mul64::class_detail::divisor_for(rng, t);
    const bool negative = rng.coin();
    const xint::Quotient quotient = xint::rounded_quotient(t.significand, t.exp2, b, negative);
    int64_t k = rng.between(-2, 2);
    if (k == 0 && quotient.exact) k = 1;
    return {xint::step_magnitude(quotient.bits, k), b};
}

// A product of short odd parts (together below 2^20) with its last bit at 2^s, normal operands.
FPV_HD FPV_INLINE Operands short_product(CounterRng& rng, int s) {
    const int ka = static_cast<int>(rng.between(1, 19));
    const int kb = static_cast<int>(rng.between(1, 20 - ka));
    const uint64_t alpha = random_odd(rng, ka);
    const uint64_t beta = random_odd(rng, kb);
    return mul64::class_detail::place(rng, alpha, beta, s);
}

// Midpoints: (0) m = the midpoint of the product's own ulp interval, c = m - a*b: a multiple of
// 2^s below 2^(s + r - 1), an addend, and a*b + c = m; (1) the same with c moved by 1..4 of its
// ulps, at most 2^-49 ulp of the result; (2) a short product P = odd * 2^s plus
// c = C * 2^(s+1) >> P: the sum is an odd multiple of 2^s in c's binade, whose ulp is 2^(s+1);
// (3) a*b within 3 * 2^-52 (relative) of n * 2^(q-1), n odd below 2^11, plus c = C * 2^q: within
// n * 3 * 2^-53 < 2^-40 ulp of the midpoint c + n * 2^(q-1).
FPV_HD FPV_INLINE Operands midpoint(CounterRng& rng, uint64_t index) {
    switch (index % 4) {
        case 0:
        case 1: {
            const WideProduct w = wide_product(rng);
            const int64_t low = static_cast<int64_t>(static_cast<uint64_t>(w.p) & ((uint64_t{1} << w.r) - 1));
            uint64_t c = addend(w, (int64_t{1} << (w.r - 1)) - low);  // nonzero: low is odd
            if (index % 4 == 1) c = nudge(rng, c);
            return {w.a, w.b, c};
        }
        case 2: {
            const int s = static_cast<int>(rng.between(-1075, 968));
            Operands in = short_product(rng, s);
            in.c = dominant_addend(rng, s + 1, 21);
            return in;
        }
        default: {
            const int q = static_cast<int>(rng.between(-1000, 968));
            const uint64_t n = 2 * rng.below(1024) + 1;
            Operands in = product_near(rng, n, q);
            in.c = dominant_addend(rng, q, 13);
            return in;
        }
    }
}

// Representable results: (0) c = -(the product's bits below its ulp), or that plus an ulp, a
// multiple of 2^s below 2^(s + r): a*b + c is the product truncated, or rounded up, exactly;
// (1) that with c moved by 1..4 of its ulps; (2) a short product plus c = C * 2^s >> a*b: an
// exact sum in c's binade; (3) a*b within 3 * 2^-52 (relative) of n * 2^q, n below 2^10, plus
// c = C * 2^q: within n * 3 * 2^-52 < 2^-40 ulp of c + n * 2^q.
FPV_HD FPV_INLINE Operands near_exact(CounterRng& rng, uint64_t index) {
    switch (index % 4) {
        case 0:
        case 1: {
            const WideProduct w = wide_product(rng);
            const int64_t low = static_cast<int64_t>(static_cast<uint64_t>(w.p) & ((uint64_t{1} << w.r) - 1));
            const bool up = rng.coin();
            uint64_t c = addend(w, up ? (int64_t{1} << w.r) - low : -low);  // nonzero: low is odd
            if (index % 4 == 1) c = nudge(rng, c);
            return {w.a, w.b, c};
        }
        case 2: {
            const int s = static_cast<int>(rng.between(-1074, 969));
            Operands in = short_product(rng, s);
            in.c = dominant_addend(rng, s, 21);
            return in;
        }
        default: {
            const int q = static_cast<int>(rng.between(-1000, 968));
            const uint64_t n = 1 + rng.below(1023);
            Operands in = product_near(rng, 2 * n, q);  // n * 2^q = 2n * 2^(q-1)
            in.c = dominant_addend(rng, q, 13);
            return in;
        }
    }
}

}  // namespace class_detail

struct Cancellation : Drawn<class_detail::cancellation> {
    static constexpr std::string_view name = "cancellation";
    static constexpr std::string_view guarantee =
        "even index: a*b = -c exactly, a, b, c finite nonzero (normal or subnormal), either sign, so "
        "a*b + c = 0 (+0, or -0 rounding down); odd index: a, b normal, 2^-970 <= |a*b| < 2^1023, "
        "c = -RN(a*b) or -RZ(a*b), so a*b + c is a*b's rounding error, exactly representable";
};

struct Sticky : Drawn<class_detail::sticky> {
    static constexpr std::string_view name = "sticky";
    static constexpr int version = 2;  // 1: index mod 4 = 2 as 0 (a*b never an exact midpoint; issue 25)
    static constexpr std::string_view guarantee =
        "a, b normal, 2^-1013 <= |a*b| < 2^1023, c nonzero of either sign with |c| < 2^-60 |a*b| (down "
        "to below 2^-2000 |a*b|); index mod 4 = 0, 1: a*b not representable (odd 53-bit significands), "
        "c normal for 0 (where |a*b| >= 2^-961), subnormal for 1; 2: a*b an exact midpoint between two "
        "binary64 numbers (a 54-bit odd part), so that c's sign alone decides rounding to nearest; 3: "
        "a*b representable, odd parts of at least 8 bits each; c normal or subnormal for 2 and 3";
};

struct Overflow : Drawn<class_detail::overflow> {
    static constexpr std::string_view name = "overflow";
    static constexpr std::string_view guarantee =
        "a, b, c normal, c of the sign opposite to a*b, t < |a*b| < t + 2^1023 where t is the largest "
        "finite number, 2^1024 - 2^970 (where rounding to nearest overflows) or 2^1024 (index mod 3); "
        "|a*b + c| = t exactly (index/3 mod 3 = 0) or within 2^973 of t at a nonzero distance, on "
        "either side (mod 3 = 1, 2)";
};

struct Underflow : Drawn<class_detail::underflow> {
    static constexpr std::string_view name = "underflow";
    static constexpr std::string_view guarantee =
        "a, b normal, 2^-1042 <= |a*b| < 2^-1021, c nonzero with |c| < 2^-1021 and of the sign that "
        "moves a*b towards t; a*b + c of a*b's sign with 0 < ||a*b + c| - t| < 3*2^-1074, t = 2^-1022 "
        "(even index) or 2^-1022 - 2^-1075 (odd); |a*b| and |a*b + c| each on either side of t (c "
        "pulling the result across t or not)";
};

struct Subnormal : Drawn<class_detail::subnormal> {
    static constexpr std::string_view name = "subnormal";
    static constexpr int version = 2;  // 1: no a*b on an odd multiple of 2^-1075 (issue 25)
    static constexpr std::string_view guarantee =
        "2^-1075 < |a*b| < 2^-1022 with a, b normal (index mod 4 = 0, 1) or one of them subnormal "
        "(mod 4 = 2: a, 3: b); c = +0 or -0, subnormal, or normal below 2^-999 in magnitude "
        "(index/4 mod 3); for index mod 12 = 4, a*b is an odd multiple of 2^-1075 and c subnormal, so "
        "that a*b + c lies exactly halfway between two neighbours of ulp 2^-1074";
};

struct Midpoint : Drawn<class_detail::midpoint> {
    static constexpr std::string_view name = "midpoint";
    static constexpr std::string_view guarantee =
        "a, b normal, c finite nonzero, a*b + c normal and below 2^1022: exactly on a rounding midpoint "
        "(index mod 4 = 0, 2) or at a nonzero distance below 2^-40 ulp from one, on either side "
        "(mod 4 = 1, 3); for mod 4 = 0, 1, a*b has odd 53-bit significands, |a*b| >= 2^-970 and "
        "|c| < ulp(a*b); for mod 4 = 2, 3, |c| > 2^32 |a*b| (the result lies in c's binade)";
};

struct NearExact : Drawn<class_detail::near_exact> {
    static constexpr std::string_view name = "near_exact";
    static constexpr std::string_view guarantee =
        "a, b normal, c finite nonzero, a*b + c normal and below 2^1022: exactly representable (index "
        "mod 4 = 0, 2) or at a nonzero distance below 2^-40 ulp from a representable number, on either "
        "side (mod 4 = 1, 3); for mod 4 = 0, 1, a*b is not representable (odd 53-bit significands), "
        "|a*b| >= 2^-970 and |c| < 2 ulp(a*b); for mod 4 = 2, 3, |c| > 2^32 |a*b|";
};

}  // namespace fpv::fma64
