// Exact verdicts without MPFR, for the host and the device alike (DESIGN.md, principle 8): each
// decides whether a result is, provably, the correctly rounded answer in a rounding mode, by
// integer arithmetic that never calls the arithmetic under test. The question asked is where
// the exact value q lies against the rounding interval around the result r, answered by the
// sign of an exact residual: x - (r + d ulp) y for a quotient, x - (r + d ulp)^2 for a square
// root, 1 - (r + d ulp)^2 x for a reciprocal square root, an exact multi-word sum for sums,
// products and fused multiply-adds: nearly always the 250 bits below the highest bit, with
// terms far below them, of one sign, counted by that sign alone (Window), else a wide sum.
//
// A check certifies or declines; it never says "wrong". It settles results of every kind from
// finite operands, overflow to infinity, subnormals, zeros and ties included, and declines
// what it does not settle in a few integer operations: infinite and NaN operands (and
// operations), results at or below the least normal of flush-to-zero builds (where tininess
// after rounding matters), exact zeros of sums (whose sign follows rules of its own), sums
// spread over more than 2200 bits that the window does not part. The judges send every declined input to MPFR, and MPFR
// re-judges a fixed sample of the certified ones (reference/reference_mode.h).
#pragma once

#include <cstdint>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/op_traits.h"
#include "core/operands.h"
#include "core/portability.h"
#include "reference/exact_arith.h"

namespace fpv::exact_check {

using u128 = unsigned __int128;

// A finite nonzero value m * 2^e with m normalised to the format's precision (its top bit at
// precision - 1), subnormals included: their exponent just goes lower.
struct Finite {
    uint64_t m = 0;
    int e = 0;
    bool negative = false;
};

// An operand as Finite: false for zeros, infinities, NaNs and, in flush-to-zero builds,
// subnormals (which the build reads as zeros).
template <Format F>
FPV_HD FPV_INLINE bool finite_operand(uint64_t bits, bool ftz, Finite& out) {
    constexpr BinaryFormat kF = binary_format(F);
    constexpr int kFraction = kF.precision - 1;
    if (!fits(F, bits)) return false;
    const uint64_t magnitude = bits & magnitude_mask(F);
    if (magnitude == 0 || magnitude >= infinity_bits(F)) return false;
    const uint64_t field = magnitude >> kFraction;
    out.negative = (bits & sign_bit(F)) != 0;
    if (field != 0) {
        out.m = (magnitude & ((uint64_t{1} << kFraction) - 1)) | (uint64_t{1} << kFraction);
        out.e = static_cast<int>(field) + kF.min_exponent - 1 - kFraction;
        return true;
    }
    if (ftz) return false;
    const int shift = clz64(magnitude) - (64 - kF.precision);
    out.m = magnitude << shift;
    out.e = kF.min_exponent - kFraction - shift;
    return true;
}

// A result as the checks read it: |r| = m * 2^e. Normal results above the least normal have m
// normalised; the least normal, subnormals and zeros are counted in units of the least
// subnormal (`fixed`: the neighbour below is a whole unit away, as above); an infinity stands at
// the largest finite number, which the exact value must pass.
struct Result {
    uint64_t m = 0;
    int e = 0;
    bool negative = false, infinite = false, largest = false, least = false;
    FPV_HD bool zero() const { return m == 0 && !infinite; }
};

// False for NaNs and, in flush-to-zero builds, for results at or below the least normal: what
// a flushing reference returns there depends on tininess after rounding, which MPFR settles.
template <Format F>
FPV_HD FPV_INLINE bool read_result(uint64_t bits, bool ftz, Result& r) {
    constexpr BinaryFormat kF = binary_format(F);
    constexpr int kFraction = kF.precision - 1;
    if (!fits(F, bits) || is_nan(F, bits)) return false;
    const uint64_t magnitude = bits & magnitude_mask(F);
    r.negative = (bits & sign_bit(F)) != 0;
    if (magnitude == infinity_bits(F)) {
        r.infinite = true;
        r.m = (uint64_t{1} << kF.precision) - 1;
        r.e = kF.max_exponent - kFraction;
        return true;
    }
    if (magnitude <= min_normal_bits(F)) {
        if (ftz) return false;
        r.m = magnitude;
        r.e = kF.min_exponent - kFraction;
        return true;
    }
    const uint64_t field = magnitude >> kFraction;
    r.m = (magnitude & ((uint64_t{1} << kFraction) - 1)) | (uint64_t{1} << kFraction);
    r.e = static_cast<int>(field) + kF.min_exponent - 1 - kFraction;
    r.largest = magnitude == infinity_bits(F) - 1;
    r.least = r.m == (uint64_t{1} << kFraction);
    return true;
}

// Which way a rounding mode rounds magnitudes of a given sign.
enum class Toward : uint8_t { nearest, zero, away };

FPV_HD FPV_INLINE Toward toward(Rounding rounding, bool negative) {
    switch (rounding) {
        case Rounding::rn: return Toward::nearest;
        case Rounding::rz: return Toward::zero;
        case Rounding::ru: return negative ? Toward::zero : Toward::away;
        case Rounding::rd: return negative ? Toward::away : Toward::zero;
    }
    return Toward::nearest;
}

// Whether the exact value q rounds to r, given compare(d) = the sign of |q| - (|r| + d/4 ulp(r)),
// and that q is nonzero and of r's sign. At the bottom of a binade the neighbour below is half an
// ulp away; a tie goes to the even significand; toward zero every value from the largest finite
// number up rounds to it; an infinity takes every value past the largest finite number (half an
// ulp past it, to nearest).
template <class Compare>
FPV_HD FPV_INLINE bool rounds_to(Toward t, const Result& r, Compare compare) {
    const bool even = (r.m & 1) == 0;
    if (r.infinite) {
        if (t == Toward::zero) return false;
        return t == Toward::nearest ? compare(2) >= 0 : compare(0) > 0;
    }
    switch (t) {
        case Toward::nearest: {
            if (!r.zero()) {
                const int below = compare(r.least ? -1 : -2);
                if (below < 0 || (below == 0 && !even)) return false;
            }
            const int above = compare(2);
            return above < 0 || (above == 0 && even);
        }
        case Toward::zero: return compare(0) >= 0 && (r.largest || compare(4) < 0);
        case Toward::away: return !r.zero() && compare(r.least ? -2 : -4) > 0 && compare(0) <= 0;
    }
    return false;
}

FPV_HD FPV_INLINE int sign_of_difference(u128 a, u128 b) { return a > b ? 1 : a < b ? -1 : 0; }

FPV_HD FPV_INLINE int bit_length(u128 v) {
    const uint64_t high = static_cast<uint64_t>(v >> 64);
    return high != 0 ? 128 - clz64(high) : 64 - clz64(static_cast<uint64_t>(v));
}

// The sign of a 2^s - b, for any s: by bit lengths, and where they agree by one exact shift.
FPV_HD FPV_INLINE int compare_scaled(uint64_t a, int s, u128 b) {
    if (b == 0) return 1;  // a is never zero
    const int la = 64 - clz64(a) + s, lb = bit_length(b);
    if (la != lb) return la > lb ? 1 : -1;
    // Equal lengths, at most 128 bits: a shifted left fits, and so does b shifted left by -s.
    return s >= 0 ? sign_of_difference(static_cast<u128>(a) << s, b) : sign_of_difference(a, b << -s);
}

// 4 m + d, the bound of compare(d) in quarter ulps; negative only below zero.
FPV_HD FPV_INLINE bool quarter_units(uint64_t m, int d, uint64_t& out) {
    if (d < 0 && m == 0) return false;
    out = 4 * m + static_cast<uint64_t>(static_cast<int64_t>(d));
    return true;
}

// x / y: q/ulp(r) = (mx/my) 2^k with k = ex - ey - er, so |q| > |r| + d/4 ulp exactly when
// mx 2^(k+2) > (4 mr + d) my, for any k: results far from the quotient are compared too.
template <Format F>
FPV_HD FPV_INLINE bool quotient_rounds_to(const Finite& x, const Finite& y, uint64_t result, Rounding rounding,
                                          bool ftz) {
    Result r;
    if (!read_result<F>(result, ftz, r)) return false;
    const bool negative = x.negative != y.negative;
    if (r.negative != negative) return false;
    const int shift = x.e - y.e - r.e + 2;
    const Toward t = toward(rounding, negative);
    if (shift >= 0 && shift <= 70) {
        // The common case, one residual for every bound: 4 (q/ulp - mr) my, exact in 128 bits.
        const __int128 residual = static_cast<__int128>(static_cast<u128>(x.m) << shift) -
                                  static_cast<__int128>(static_cast<u128>(4 * r.m) * y.m);
        return rounds_to(t, r, [&](int d) {
            const __int128 bound = static_cast<__int128>(d) * static_cast<__int128>(y.m);
            return residual > bound ? 1 : residual < bound ? -1 : 0;
        });
    }
    return rounds_to(t, r, [&](int d) {
        uint64_t units = 0;
        if (!quarter_units(r.m, d, units)) return 1;
        return compare_scaled(x.m, shift, static_cast<u128>(units) * y.m);
    });
}

// sqrt(x): |q| > |r| + d/4 ulp exactly when 16 mx 2^(ex - 2 er) > (4 mr + d)^2.
template <Format F>
FPV_HD FPV_INLINE bool root_rounds_to(const Finite& x, uint64_t result, Rounding rounding) {
    Result r;
    if (x.negative || !read_result<F>(result, true, r) || r.negative || r.infinite) return false;
    const int j = x.e - 2 * r.e + 4;
    if (j < 0 || j > 64) return false;
    const u128 scaled = static_cast<u128>(x.m) << j;
    return rounds_to(toward(rounding, false), r, [&](int d) {
        const u128 s = 4 * r.m + static_cast<uint64_t>(static_cast<int64_t>(d));
        return sign_of_difference(scaled, s * s);
    });
}

// 1/sqrt(x): |q| > |r| + d/4 ulp exactly when 2^j > (4 mr + d)^2 mx, j = 4 - 2 er - ex: a
// product of up to 163 bits, compared with a power of two by its leading bit.
template <Format F>
FPV_HD FPV_INLINE bool reciprocal_root_rounds_to(const Finite& x, uint64_t result, Rounding rounding) {
    Result r;
    if (x.negative || !read_result<F>(result, true, r) || r.negative || r.infinite) return false;
    const int j = 4 - 2 * r.e - x.e;
    if (j < 1 || j > 190) return false;
    return rounds_to(toward(rounding, false), r, [&](int d) {
        const u128 s = 4 * r.m + static_cast<uint64_t>(static_cast<int64_t>(d));
        const u128 square = s * s;  // below 2^112
        // square * mx as three words w2 w1 w0.
        const u128 low = static_cast<u128>(static_cast<uint64_t>(square)) * x.m;
        const u128 high = static_cast<u128>(static_cast<uint64_t>(square >> 64)) * x.m + (low >> 64);
        const uint64_t w0 = static_cast<uint64_t>(low), w1 = static_cast<uint64_t>(high);
        const uint64_t w2 = static_cast<uint64_t>(high >> 64);
        int top = -1;  // index of the leading bit of the product
        if (w2 != 0) {
            top = 191 - clz64(w2);
        } else if (w1 != 0) {
            top = 127 - clz64(w1);
        } else if (w0 != 0) {
            top = 63 - clz64(w0);
        }
        if (top != j) return top < j ? 1 : -1;
        // The product has its leading bit at j: it is 2^j exactly or more.
        const uint64_t lower[3] = {w0, w1, w2};
        bool rest = false;
        for (int w = 0; w < 3; ++w) {
            const int from = w * 64;
            if (from >= j) break;
            const int bits = j - from >= 64 ? 64 : j - from;
            const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
            rest = rest || (lower[w] & mask) != 0;
        }
        return rest ? -1 : 0;
    });
}

// Binary64 results of exact sums of terms (sums, differences, products, fused multiply-adds):
// the sign of q - (r + d/4 ulp), with r's sign, is one exact multi-word sum.
struct Terms {
    static constexpr int kMax = 6;
    exact::detail::Term term[kMax] = {};
    int count = 0, lowest = 1 << 20, highest = -(1 << 20);

    FPV_HD void add(uint64_t significand, int lsb_exponent, bool negative) {
        if (significand == 0) return;
        term[count++] = {significand, lsb_exponent, negative};
        lowest = lsb_exponent < lowest ? lsb_exponent : lowest;
        const int above = lsb_exponent + 64 - clz64(significand);
        highest = above > highest ? above : highest;
    }
};

FPV_HD FPV_INLINE int above(const exact::detail::Term& t) { return t.lsb_exponent + 64 - clz64(t.significand); }

// A sum whose terms fall in two groups: the upper, within 250 bits of the highest bit of any
// term, summed exactly in Words256 above `floor`, and the lower, wholly below the floor (by 3
// bits more, room for their carries) and all of one sign. The upper sum is a multiple of 2^L, L
// the lowest bit of its terms, and the lower sum smaller than 2^L: the upper sign decides, or
// where the upper terms cancel, the lower. This is the sum of operands whose exponents lie far
// apart (an addend far below a product, an operand far below the other), which would otherwise
// take the wide sum, and it is summed once for all the offsets a check asks about.
struct Window {
    exact::detail::Words256 upper;
    int floor = 0;
    int lower = 0;  // the lower group's sign, 0 while it is empty

    // False where a term straddles the floor or the lower terms differ in sign.
    FPV_HD FPV_INLINE bool open(const Terms& t) {
        floor = t.highest - 250;
        bool settled = true;
        for (int i = 0; i < t.count; ++i) settled = take(t.term[i]) && settled;
        return settled;
    }
    // The same for a fixed number of terms, zeros among them standing for nothing: loops of a
    // length known when compiling, no array indexed at run time.
    template <int N>
    FPV_HD FPV_INLINE bool open(const exact::detail::Term (&terms)[N]) {
        int highest = -(1 << 20);
        for (int i = 0; i < N; ++i) {
            if (terms[i].significand != 0 && above(terms[i]) > highest) highest = above(terms[i]);
        }
        floor = highest - 250;
        bool settled = true;
        for (int i = 0; i < N; ++i) settled = (terms[i].significand == 0 || take(terms[i])) && settled;
        return settled;
    }
    FPV_HD FPV_INLINE bool take(const exact::detail::Term& term) {
        if (term.lsb_exponent >= floor) {
            upper.add(term, term.lsb_exponent - floor);
            return true;
        }
        if (above(term) > floor - 3) return false;
        const int s = term.negative ? -1 : 1;
        if (lower == -s) return false;
        lower = s;
        return true;
    }
    // The sign of the sum plus `extra`, a term of at most a few bits at or above the floor whose
    // top lies at or below the highest bit.
    FPV_HD FPV_INLINE int sign_with(const exact::detail::Term& extra) const {
        exact::detail::Words256 w = upper;
        if (extra.significand != 0) w.add(extra, extra.lsb_exponent - floor);
        const int s = w.sign();
        return s != 0 ? s : lower;
    }
};

// The sign of a sum by its Window; false where the window does not settle it.
FPV_HD FPV_INLINE bool sign_by_window(const Terms& t, int& sign) {
    Window w;
    if (!w.open(t)) return false;
    sign = w.sign_with({0, w.floor, false});
    return true;
}

FPV_HD FPV_INLINE int sign_of(const Terms& t) {
    if (t.count == 0) return 0;
    if (t.highest - t.lowest <= 250) {
        exact::detail::Words256 sum;
        for (int i = 0; i < t.count; ++i) sum.add(t.term[i], t.term[i].lsb_exponent - t.lowest);
        return sum.sign();
    }
    int sign = 0;
    if (sign_by_window(t, sign)) return sign;
    const exact::Rounded64 s = exact::detail::sum_wide(t.term, t.count, t.lowest, t.highest);
    return s.zero() ? 0 : s.negative ? -1 : 1;
}

// Terms wholly below the lowest bit of all the others (and of `floor`) change the sign of the
// sum only by their own sign when the rest is zero: the rest is a multiple of a power of two
// larger than they are together. They become one unit term of that sign just below the rest,
// which keeps the span of the sum small (a product of 2^2000 plus 2^-1000, say). False when no
// set of terms lies that low.
FPV_HD FPV_INLINE bool compress_far_below(Terms& t, int floor) {
    for (int small = 1; small < t.count; ++small) {
        // The `small` terms of least magnitude bound, by insertion sort (at most six terms).
        for (int i = 1; i < t.count; ++i) {
            for (int j = i; j > 0 && above(t.term[j]) < above(t.term[j - 1]); --j) {
                const exact::detail::Term swap = t.term[j];
                t.term[j] = t.term[j - 1];
                t.term[j - 1] = swap;
            }
        }
        int small_top = -(1 << 20), small_low = 1 << 20, rest_low = floor;
        for (int i = 0; i < t.count; ++i) {
            if (i < small) {
                small_top = above(t.term[i]) > small_top ? above(t.term[i]) : small_top;
                small_low = t.term[i].lsb_exponent < small_low ? t.term[i].lsb_exponent : small_low;
            } else {
                rest_low = t.term[i].lsb_exponent < rest_low ? t.term[i].lsb_exponent : rest_low;
            }
        }
        if (small_top + 3 > rest_low || small_top - small_low > 250) continue;
        Terms lower;
        for (int i = 0; i < small; ++i) lower.add(t.term[i].significand, t.term[i].lsb_exponent, t.term[i].negative);
        const int sign = sign_of(lower);
        Terms kept;
        for (int i = small; i < t.count; ++i) kept.add(t.term[i].significand, t.term[i].lsb_exponent, t.term[i].negative);
        if (sign != 0) kept.add(1, rest_low - 2, sign < 0);
        t = kept;
        return true;
    }
    return false;
}

// Whether the exact sum of `exact_value`'s terms rounds to the result r, any spread of terms.
FPV_HD FPV_INLINE bool sum_rounds_to(const Terms& exact_value, const Result& r, Rounding rounding) {
    constexpr int kWidest = 2200;  // bits the wide sum holds
    Terms with_result = exact_value;
    with_result.add(r.m, r.e, !r.negative);
    const auto span = [&] { return with_result.highest - (with_result.lowest < r.e - 2 ? with_result.lowest : r.e - 2); };
    while (span() > kWidest && compress_far_below(with_result, r.e - 2)) {
    }
    if (span() > kWidest) return false;
    // A zero must carry the sign of a nonzero exact value (an exact zero's sign follows rules of
    // its own, which MPFR settles).
    if (r.zero() && sign_of(with_result) != (r.negative ? -1 : 1)) return false;
    return rounds_to(toward(rounding, r.negative), r, [&](int d) {
        Terms t = with_result;
        if (d != 0) t.add(static_cast<uint64_t>(d < 0 ? -d : d), r.e - 2, (d < 0) == r.negative);
        const int s = sign_of(t);
        return r.negative ? -s : s;  // the sign of |q| - (|r| + d/4 ulp), q of r's sign
    });
}

// The same for the N terms of a sum, a product or a fused multiply-add (zeros stand for
// nothing). Nearly every one: q - r summed once in a Window and asked for each
// offset d/4 ulp, which lies at or above the floor and, d at most 4, no higher than r's own top
// bit; the rest (a result far below the exact value, a zero result, terms the window cannot
// part) take the general path.
template <int N>
FPV_HD FPV_INLINE bool sum_rounds_to(const exact::detail::Term (&exact_value)[N], uint64_t result, Rounding rounding,
                                     bool ftz) {
    Result r;
    if (!read_result<Format::binary64>(result, ftz, r)) return false;
    if (!r.zero()) {
        exact::detail::Term with_result[N + 1];
        for (int i = 0; i < N; ++i) with_result[i] = exact_value[i];
        with_result[N] = {r.m, r.e, !r.negative};
        Window window;
        if (window.open(with_result) && r.e - 2 >= window.floor) {
            return rounds_to(toward(rounding, r.negative), r, [&](int d) {
                const int s =
                    window.sign_with({static_cast<uint64_t>(d < 0 ? -d : d), r.e - 2, (d < 0) == r.negative});
                return r.negative ? -s : s;
            });
        }
    }
    Terms t;
    for (int i = 0; i < N; ++i) t.add(exact_value[i].significand, exact_value[i].lsb_exponent, exact_value[i].negative);
    return sum_rounds_to(t, r, rounding);
}

// An operand as a term (zero for a zero), and the exact product of two as two terms of 64 bits.
FPV_HD FPV_INLINE exact::detail::Term term_of(const Finite& v, bool negate = false) {
    return {v.m, v.e, v.negative != negate};
}
FPV_HD FPV_INLINE void product_terms(const Finite& a, const Finite& b, exact::detail::Term& low,
                                     exact::detail::Term& high) {
    const u128 p = static_cast<u128>(a.m) * b.m;
    const bool negative = a.negative != b.negative;
    low = {static_cast<uint64_t>(p), a.e + b.e, negative};
    high = {static_cast<uint64_t>(p >> 64), a.e + b.e + 64, negative};
}

// Operands as a flush-to-zero build reads them.
template <Format F>
FPV_HD FPV_INLINE bool reads_as_zero(uint64_t bits, bool ftz) {
    return is_zero(F, ftz ? flush_subnormal(F, bits) : bits);
}
template <Format F>
FPV_HD FPV_INLINE bool negative_nonzero(uint64_t bits, bool ftz) {
    return (bits & sign_bit(F)) != 0 && !reads_as_zero<F>(bits, ftz);
}

// The exact_check traits of the ops: a type with
//   FPV_HD static bool certifies(const Operands&, uint64_t result, Rounding, bool ftz);
//   static constexpr bool kCompact: a few dozen integer operations, worth inlining into every
//       GPU kernel (the others are compiled once per op and called: compile time);
//   FPV_HD static bool requires_nan(const Operands&, bool ftz): IEEE 754 leaves a NaN the only
//       answer (a NaN operand, an invalid operation), so any NaN result is right unless the
//       campaign also holds NaNs to their impl's rule (--strict-nan, which MPFR judges).

template <Format F>
struct Quotient {
    static constexpr bool kCompact = true;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Finite x, y;
        return finite_operand<F>(in.a, ftz, x) && finite_operand<F>(in.b, ftz, y) &&
               quotient_rounds_to<F>(x, y, result, rounding, ftz);
    }
    FPV_HD static bool requires_nan(const Operands& in, bool ftz) {
        return is_nan(F, in.a) || is_nan(F, in.b) ||
               (reads_as_zero<F>(in.a, ftz) && reads_as_zero<F>(in.b, ftz)) ||
               (is_infinite(F, in.a) && is_infinite(F, in.b));
    }
};

template <Format F>
struct Reciprocal {
    static constexpr bool kCompact = true;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        constexpr int kFraction = binary_format(F).precision - 1;
        Finite y;
        const Finite one{uint64_t{1} << kFraction, -kFraction, false};
        return finite_operand<F>(in.a, ftz, y) && quotient_rounds_to<F>(one, y, result, rounding, ftz);
    }
    FPV_HD static bool requires_nan(const Operands& in, bool) { return is_nan(F, in.a); }
};

template <Format F>
struct SquareRoot {
    static constexpr bool kCompact = true;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Finite x;
        return finite_operand<F>(in.a, ftz, x) && root_rounds_to<F>(x, result, rounding);
    }
    FPV_HD static bool requires_nan(const Operands& in, bool ftz) {
        return is_nan(F, in.a) || negative_nonzero<F>(in.a, ftz);
    }
};

template <Format F>
struct ReciprocalSquareRoot {
    static constexpr bool kCompact = false;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Finite x;
        return finite_operand<F>(in.a, ftz, x) && reciprocal_root_rounds_to<F>(x, result, rounding);
    }
    FPV_HD static bool requires_nan(const Operands& in, bool ftz) {
        return is_nan(F, in.a) || negative_nonzero<F>(in.a, ftz);
    }
};

// x + y, or x - y with kNegateSecond.
template <bool kNegateSecond>
struct Sum {
    static constexpr bool kCompact = false;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        exact::detail::Term t[2];
        if (!finite_or_zero(in.a, ftz, t[0]) || !finite_or_zero(in.b, ftz, t[1], kNegateSecond)) return false;
        return sum_rounds_to(t, result, rounding, ftz);
    }
    // Zeros add nothing (a term of zero); infinities, NaNs and flushed subnormals decline.
    FPV_HD static bool finite_or_zero(uint64_t bits, bool ftz, exact::detail::Term& t, bool negate = false) {
        t = {0, 0, false};
        if (b64::is_zero(bits)) return true;
        Finite v;
        if (!finite_operand<Format::binary64>(bits, ftz, v)) return false;
        t = term_of(v, negate);
        return true;
    }
    // A NaN operand, or infinities that cancel.
    FPV_HD static bool requires_nan(const Operands& in, bool) {
        constexpr Format F = Format::binary64;
        if (is_nan(F, in.a) || is_nan(F, in.b)) return true;
        const bool b_negative = ((in.b & sign_bit(F)) != 0) != kNegateSecond;
        return is_infinite(F, in.a) && is_infinite(F, in.b) && ((in.a & sign_bit(F)) != 0) != b_negative;
    }
};

struct Product {
    static constexpr bool kCompact = false;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Finite x, y;
        if (!finite_operand<Format::binary64>(in.a, ftz, x) || !finite_operand<Format::binary64>(in.b, ftz, y)) {
            return false;
        }
        exact::detail::Term t[2];
        product_terms(x, y, t[0], t[1]);
        return sum_rounds_to(t, result, rounding, ftz);
    }
    // A NaN operand, or zero times infinity.
    FPV_HD static bool requires_nan(const Operands& in, bool ftz) {
        constexpr Format F = Format::binary64;
        return is_nan(F, in.a) || is_nan(F, in.b) || (reads_as_zero<F>(in.a, ftz) && is_infinite(F, in.b)) ||
               (is_infinite(F, in.a) && reads_as_zero<F>(in.b, ftz));
    }
};

// a * b + c, rounded once.
struct FusedMultiplyAdd {
    static constexpr bool kCompact = false;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Finite a, b;
        exact::detail::Term t[3] = {};
        const bool product_zero = b64::is_zero(in.a) || b64::is_zero(in.b);
        if (!product_zero) {
            if (!finite_operand<Format::binary64>(in.a, ftz, a) || !finite_operand<Format::binary64>(in.b, ftz, b)) {
                return false;
            }
            product_terms(a, b, t[0], t[1]);
        } else if (!b64::is_zero(in.a) && !finite_operand<Format::binary64>(in.a, ftz, a)) {
            return false;  // 0 * inf, NaN
        } else if (!b64::is_zero(in.b) && !finite_operand<Format::binary64>(in.b, ftz, b)) {
            return false;
        }
        if (!Sum<false>::finite_or_zero(in.c, ftz, t[2])) return false;
        return sum_rounds_to(t, result, rounding, ftz);
    }
    // A NaN operand, zero times infinity, or an infinite product that the addend's opposite
    // infinity cancels.
    FPV_HD static bool requires_nan(const Operands& in, bool ftz) {
        if (Product::requires_nan(in, ftz) || is_nan(Format::binary64, in.c)) return true;
        constexpr Format F = Format::binary64;
        const bool product_infinite = is_infinite(F, in.a) || is_infinite(F, in.b);
        const bool product_negative = ((in.a ^ in.b) & sign_bit(F)) != 0;
        return product_infinite && is_infinite(F, in.c) && ((in.c & sign_bit(F)) != 0) != product_negative;
    }
};

// A binary32 widened to binary64: exact, so the one certified answer is the widened value,
// built here from its integer significand.
struct Widening {
    static constexpr bool kCompact = true;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding, bool ftz) {
        Finite a;
        if (!finite_operand<Format::binary32>(in.a, ftz, a)) return false;
        return result == b64::from_scaled_integer(a.m, a.e, a.negative);
    }
    FPV_HD static bool requires_nan(const Operands& in, bool) { return is_nan(Format::binary32, in.a); }
};

template <class Op, int I>
FPV_HD FPV_INLINE bool flushes_an_operand(const Operands& in) {
    if constexpr (I < arity<Op>) {
        constexpr Format f = operand_format<Op, I>;
        return flush_subnormal(f, in.word(I)) != in.word(I) || flushes_an_operand<Op, I + 1>(in);
    } else {
        return false;
    }
}

// Whether `result` of Op for `in` is certified right: the check's verdict, and, unless NaNs are
// held to their impl's rule, any NaN where IEEE 754 requires one. A flush-to-zero build's NaN
// from a flushed operand is left to MPFR, which also says whether flushing changed the answer.
template <class Op>
FPV_HD FPV_INLINE bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz, bool strict_nan) {
    using Check = typename Op::exact_check;
    if (!is_nan(Op::result, result)) return Check::certifies(in, result, rounding, ftz);
    if (strict_nan || (ftz && flushes_an_operand<Op, 0>(in))) return false;
    return Check::requires_nan(in, ftz);
}

}  // namespace fpv::exact_check
