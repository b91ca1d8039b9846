// Exact verdicts without MPFR, for the host and the device alike (DESIGN.md, principle 8): each
// decides whether a result is, provably, the correctly rounded answer in a rounding mode, by
// integer arithmetic that never calls the arithmetic under test. The question asked is where
// the exact value q lies against the rounding interval around the result r, answered by the
// sign of an exact residual: x - (r + d ulp) y for a quotient, x - (r + d ulp)^2 for a square
// root, 1 - (r + d ulp)^2 x for a reciprocal square root, and for sums, products and fused
// multiply-adds an exact sum of a few terms, grouped from the top so that each group fits two or
// four 64-bit words (sum_rounds_to).
//
// A check certifies or declines; it never says "wrong". It settles results of every kind from
// finite operands, overflow to infinity, subnormals, zeros and ties included, and declines
// what it does not settle in a few integer operations: infinite and NaN operands (and
// operations), results at or below the least normal of flush-to-zero builds (where tininess
// after rounding matters) and exact zeros of sums and products of zero operands (whose sign
// follows the operands'); roots of zeros are settled (+-0, and +-infinity for 1/sqrt). The
// judges send every declined input to MPFR, and MPFR re-judges a fixed sample of the certified
// ones (reference/reference_mode.h).
#pragma once

#include <cstdint>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/op_traits.h"
#include "core/operands.h"
#include "core/portability.h"
#include "reference/exact_arith.h"
#include "reference/ulp_measure.h"

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
// the sign of q - (r + d/4 ulp), with r's sign, is one exact sum of a few terms, which lie in
// groups: the upper group is the highest item and every item whose top comes within 3 bits of
// the group's lowest bit (its floor), found by widening the group until it stops growing; the
// other items lie wholly below the floor, by 3 bits or more. The upper sum is a multiple of
// 2^floor and the rest, at most five items each below 2^(floor - 3), smaller than 2^floor: the
// upper sum's sign decides, or where it is zero, the rest's. A sum, a product or an fma's group
// spans at most 53 + 106 + 55 bits and two gaps of 2, so a window of 250 bits holds it; a window
// of 124 bits, two words, holds the usual one (an operand far below the other, an addend far
// from the product).

using exact::detail::Term;

FPV_HD FPV_INLINE int above(const Term& t) { return t.lsb_exponent + 64 - clz64(t.significand); }

constexpr int kNowhere = -(1 << 20);  // below every bit of binary64 terms

// The upper group of `terms` and of the band [band_lsb, band_top) where the offsets d/4 ulp land
// (kNowhere for none): its top (the bit above the highest) and floor. Loops of a length known
// when compiling, no array indexed at run time. False where there is no item at all.
template <int N>
FPV_HD FPV_INLINE bool upper_group(const Term (&terms)[N], int band_lsb, int band_top, int& top, int& floor) {
    top = band_top;
    for (int i = 0; i < N; ++i) {
        if (terms[i].significand != 0 && above(terms[i]) > top) top = above(terms[i]);
    }
    floor = top;
    for (int pass = 0; pass <= N; ++pass) {
        if (band_top > floor - 3 && band_lsb < floor) floor = band_lsb;
        for (int i = 0; i < N; ++i) {
            const bool linked = terms[i].significand != 0 && above(terms[i]) > floor - 3;
            if (linked && terms[i].lsb_exponent < floor) floor = terms[i].lsb_exponent;
        }
    }
    return top != kNowhere;
}

// Two's complement sums with their unit at the floor: 124 bits in a u128 (terms of any span the
// group allows but the widest), 250 in Words256.
struct Words128 {
    u128 v = 0;
    FPV_HD FPV_INLINE void add(const Term& term, int offset) {
        const u128 x = static_cast<u128>(term.significand) << offset;
        v = term.negative ? v - x : v + x;
    }
    FPV_HD FPV_INLINE int sign() const { return (v >> 127) != 0 ? -1 : v != 0 ? 1 : 0; }
};
constexpr int kWords128Span = 124;
constexpr int kWords256Span = 250;

template <class Sum, int N>
FPV_HD FPV_INLINE Sum sum_above(const Term (&terms)[N], int floor) {
    Sum sum;
    for (int i = 0; i < N; ++i) {
        if (terms[i].significand != 0 && terms[i].lsb_exponent >= floor) sum.add(terms[i], terms[i].lsb_exponent - floor);
    }
    return sum;
}
template <int N>
FPV_HD FPV_INLINE int sign_above(const Term (&terms)[N], int top, int floor) {
    return top - floor <= kWords128Span ? sum_above<Words128>(terms, floor).sign()
                                        : sum_above<exact::detail::Words256>(terms, floor).sign();
}
// The group has summed to zero: its terms go.
template <int N>
FPV_HD FPV_INLINE void drop_above(Term (&terms)[N], int floor) {
    for (int i = 0; i < N; ++i) {
        if (terms[i].lsb_exponent >= floor) terms[i].significand = 0;
    }
}

// The sign of the sum of N terms (zeros stand for nothing), group by group from the top: the
// first group whose sum is not zero decides. kUnsettled where a group spans more than 250 bits.
constexpr int kUnsettled = 2;
template <int N>
FPV_HD FPV_INLINE int sign_of_terms(Term (&terms)[N]) {
    for (int round = 0; round < N; ++round) {
        int top = 0, floor = 0;
        if (!upper_group(terms, kNowhere, kNowhere, top, floor)) return 0;
        if (top - floor > kWords256Span) return kUnsettled;
        const int s = sign_above(terms, top, floor);
        if (s != 0) return s;
        drop_above(terms, floor);
    }
    return 0;
}

// The sign of the terms wholly below `floor` where they have one (0 for none), else kUnsettled.
template <int N>
FPV_HD FPV_INLINE int one_sign_below(const Term (&terms)[N], int floor) {
    int sign = 0;
    bool mixed = false;
    for (int i = 0; i < N; ++i) {
        if (terms[i].significand == 0 || terms[i].lsb_exponent >= floor) continue;
        const int s = terms[i].negative ? -1 : 1;
        mixed = mixed || sign == -s;
        sign = s;
    }
    return mixed ? kUnsettled : sign;
}

// The sign of the terms wholly below `floor`: of one sign, that sign; of both, their sum's.
template <int N>
FPV_HD FPV_INLINE int sign_below(const Term (&terms)[N], int floor) {
    const int sign = one_sign_below(terms, floor);
    if (sign != kUnsettled) return sign;
    Term below[N];
    for (int i = 0; i < N; ++i) below[i] = terms[i].lsb_exponent < floor ? terms[i] : Term{0, 0, false};
    return sign_of_terms(below);
}

// Whether r is the exact sum of the N terms (zeros stand for nothing) correctly rounded, by the
// sign of q - (r + d/4 ulp) for each offset d that the rounding mode asks about. Where r and
// its offsets lie in the upper group (nearly always), that group is summed once and each offset
// added to a copy, in two words where it spans 124 bits or less, else four; the rest, below,
// count by their sign. A zero result of an exact value that cancels from nonzero terms is +0,
// or -0 rounding down (IEEE 754, 6.3; fma's product counts as one term); an exact zero of zero
// operands follows the operands' signs, which the terms do not keep, and is declined.
template <class Sum, int N>
FPV_HD FPV_INLINE bool rounds_in_window(const Term (&items)[N], int floor, int lower, const Result& r,
                                        Rounding rounding, bool cancelled) {
    const Sum upper = sum_above<Sum>(items, floor);
    const auto compare = [&](int d) {
        Sum w = upper;
        if (d != 0) w.add({static_cast<uint64_t>(d < 0 ? -d : d), r.e - 2, (d < 0) == r.negative}, r.e - 2 - floor);
        int s = w.sign();
        if (s == 0) s = lower;
        return r.negative ? -s : s;  // the sign of |q| - (|r| + d/4 ulp), q of r's sign
    };
    if (r.zero()) {
        // A zero must carry the sign of a nonzero exact value, or the sign of an exact zero.
        const int q = compare(0);
        if (q == 0) return cancelled && r.negative == (rounding == Rounding::rd);
        if (q < 0) return false;
    }
    return rounds_to(toward(rounding, r.negative), r, compare);
}

// rounds_in_window in the narrower sum that holds the group.
template <int N>
FPV_HD FPV_INLINE bool rounds_in_group(const Term (&items)[N], int top, int floor, int lower, const Result& r,
                                       Rounding rounding, bool cancelled) {
    return top - floor <= kWords128Span
               ? rounds_in_window<Words128>(items, floor, lower, r, rounding, cancelled)
               : rounds_in_window<exact::detail::Words256>(items, floor, lower, r, rounding, cancelled);
}

// r and its offsets lie below an upper group whose sum has sign s: q - (r + d/4 ulp) has it too.
FPV_HD FPV_INLINE bool upper_settles(int s, const Result& r, Rounding rounding) {
    const int compared = r.negative ? -s : s;
    return (!r.zero() || compared > 0) && rounds_to(toward(rounding, r.negative), r, [&](int) { return compared; });
}

// The items of a check: the exact value's terms and the result's own, and the band
// [r.e - 2, r.e + 1) where the offsets d/4 ulp (|d| <= 4) land.
template <int N>
struct SumItems {
    Term term[N];
    int band_lsb = 0, band_top = 0;
};

// The rare layouts, apart so that the usual path stays small: an upper group that cancels to zero
// above r and its offsets (its terms go and the rest is grouped again), and lower terms of both
// signs under r (their own sign, group by group).
template <int N>
FPV_HD FPV_NOINLINE bool rounds_by_groups(SumItems<N> items, Result r, Rounding rounding, bool cancelled) {
    for (int round = 0; round <= N; ++round) {  // each round but the last drops a term
        int top = 0, floor = 0;
        upper_group(items.term, items.band_lsb, items.band_top, top, floor);
        if (top - floor > kWords256Span) return false;
        if (items.band_lsb >= floor) {
            const int lower = sign_below(items.term, floor);
            return lower != kUnsettled && rounds_in_group(items.term, top, floor, lower, r, rounding, cancelled);
        }
        const int s = sign_above(items.term, top, floor);
        if (s != 0) return upper_settles(s, r, rounding);
        drop_above(items.term, floor);
    }
    return false;
}

template <int N>
FPV_HD FPV_INLINE bool sum_rounds_to(const Term (&exact_value)[N], uint64_t result, Rounding rounding, bool ftz) {
    Result r;
    if (!read_result<Format::binary64>(result, ftz, r)) return false;
    SumItems<N + 1> items;
    bool cancelled = false;  // a nonzero term: an exact zero then cancels
    for (int i = 0; i < N; ++i) {
        items.term[i] = exact_value[i];
        cancelled = cancelled || exact_value[i].significand != 0;
    }
    items.term[N] = {r.m, r.e, !r.negative};
    items.band_lsb = r.e - 2;
    items.band_top = r.e + 1;
    int top = 0, floor = 0;
    upper_group(items.term, items.band_lsb, items.band_top, top, floor);
    if (top - floor <= kWords256Span && items.band_lsb >= floor) {
        const int lower = one_sign_below(items.term, floor);
        if (lower != kUnsettled) return rounds_in_group(items.term, top, floor, lower, r, rounding, cancelled);
    } else if (top - floor <= kWords256Span) {
        // r far from the exact value (an overflow to infinity, say): a nonzero upper sum settles it.
        const int s = sign_above(items.term, top, floor);
        if (s != 0) return upper_settles(s, r, rounding);
    }
    return rounds_by_groups(items, r, rounding, cancelled);
}

// An operand as a term (zero for a zero), and the exact product of two as two terms of 64 bits.
FPV_HD FPV_INLINE Term term_of(const Finite& v, bool negate = false) {
    return {v.m, v.e, v.negative != negate};
}
FPV_HD FPV_INLINE void product_terms(const Finite& a, const Finite& b, Term& low,
                                     Term& high) {
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
//       campaign also holds NaNs to their impl's rule (--strict-nan, which MPFR judges);
//   and, for binary32 results, FPV_HD static bool measure(const Operands&, uint64_t result,
//       Rounding, bool ftz, ulp_measure::Measured&): a result that is not correctly rounded,
//       measured as MPFR measures it (reference/ulp_measure.h), or false.

template <Format F>
struct Quotient {
    static constexpr bool kCompact = true;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Finite x, y;
        return finite_operand<F>(in.a, ftz, x) && finite_operand<F>(in.b, ftz, y) &&
               quotient_rounds_to<F>(x, y, result, rounding, ftz);
    }
    FPV_HD static bool measure(const Operands& in, uint64_t result, Rounding rounding, bool ftz,
                               ulp_measure::Measured& m)
        requires(F == Format::binary32)
    {
        return ulp_measure::measure<ulp_measure::QuotientValue<false>, Quotient>(in, result, rounding, ftz, m);
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
    FPV_HD static bool measure(const Operands& in, uint64_t result, Rounding rounding, bool ftz,
                               ulp_measure::Measured& m)
        requires(F == Format::binary32)
    {
        return ulp_measure::measure<ulp_measure::QuotientValue<true>, Reciprocal>(in, result, rounding, ftz, m);
    }
    FPV_HD static bool requires_nan(const Operands& in, bool) { return is_nan(F, in.a); }
};

template <Format F>
struct SquareRoot {
    static constexpr bool kCompact = true;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        if (is_zero(F, in.a)) return result == in.a;  // sqrt(+-0) = +-0 in every mode (IEEE 754 5.4.1)
        Finite x;
        return finite_operand<F>(in.a, ftz, x) && root_rounds_to<F>(x, result, rounding);
    }
    FPV_HD static bool measure(const Operands& in, uint64_t result, Rounding rounding, bool ftz,
                               ulp_measure::Measured& m)
        requires(F == Format::binary32)
    {
        return ulp_measure::measure<ulp_measure::RootValue, SquareRoot>(in, result, rounding, ftz, m);
    }
    FPV_HD static bool requires_nan(const Operands& in, bool ftz) {
        return is_nan(F, in.a) || negative_nonzero<F>(in.a, ftz);
    }
};

template <Format F>
struct ReciprocalSquareRoot {
    static constexpr bool kCompact = false;
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        // rSqrt(+-0) = +-infinity in every mode (IEEE 754 9.2).
        if (is_zero(F, in.a)) return result == ((in.a & sign_bit(F)) | infinity_bits(F));
        Finite x;
        return finite_operand<F>(in.a, ftz, x) && reciprocal_root_rounds_to<F>(x, result, rounding);
    }
    FPV_HD static bool measure(const Operands& in, uint64_t result, Rounding rounding, bool ftz,
                               ulp_measure::Measured& m)
        requires(F == Format::binary32)
    {
        return ulp_measure::measure<ulp_measure::ReciprocalRootValue, ReciprocalSquareRoot>(in, result, rounding, ftz, m);
    }
    FPV_HD static bool requires_nan(const Operands& in, bool ftz) {
        return is_nan(F, in.a) || negative_nonzero<F>(in.a, ftz);
    }
};

// The checks of sums, products and fused multiply-adds give their exact value as a fixed
// array of terms, zeros standing for nothing:
//   FPV_HD static bool exact_terms(const Operands&, bool ftz, Term (&)[kTerms]), false where
//       an operand is infinite, a NaN or, in a flush-to-zero build, flushed (or a product of a
//       zero and such an operand).

// x + y, or x - y with kNegateSecond.
template <bool kNegateSecond>
struct Sum {
    static constexpr bool kCompact = false;
    static constexpr int kTerms = 2;
    FPV_HD static bool exact_terms(const Operands& in, bool ftz, Term (&t)[kTerms]) {
        return finite_or_zero(in.a, ftz, t[0]) && finite_or_zero(in.b, ftz, t[1], kNegateSecond);
    }
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Term t[kTerms];
        return exact_terms(in, ftz, t) && sum_rounds_to(t, result, rounding, ftz);
    }
    // Zeros add nothing (a term of zero); infinities, NaNs and flushed subnormals decline.
    FPV_HD static bool finite_or_zero(uint64_t bits, bool ftz, Term& t, bool negate = false) {
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
    static constexpr int kTerms = 2;
    FPV_HD static bool exact_terms(const Operands& in, bool ftz, Term (&t)[kTerms]) {
        Finite x, y;
        if (!finite_operand<Format::binary64>(in.a, ftz, x) || !finite_operand<Format::binary64>(in.b, ftz, y)) {
            return false;
        }
        product_terms(x, y, t[0], t[1]);
        return true;
    }
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Term t[kTerms];
        return exact_terms(in, ftz, t) && sum_rounds_to(t, result, rounding, ftz);
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
    static constexpr int kTerms = 3;
    FPV_HD static bool exact_terms(const Operands& in, bool ftz, Term (&t)[kTerms]) {
        Finite a, b;
        t[0] = t[1] = {0, 0, false};
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
        return Sum<false>::finite_or_zero(in.c, ftz, t[2]);
    }
    FPV_HD static bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz) {
        Term t[kTerms];
        return exact_terms(in, ftz, t) && sum_rounds_to(t, result, rounding, ftz);
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

// Whether a check measures results that are not correctly rounded.
template <class Check>
concept MeasuresUlps = requires(const Operands& in, ulp_measure::Measured& m) {
    Check::measure(in, uint64_t{}, Rounding::rn, false, m);
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
// `Check` may also be the op's binary64_twin, which the GPU kernels use alike.
template <class Op, class Check = typename Op::exact_check>
FPV_HD FPV_INLINE bool certifies(const Operands& in, uint64_t result, Rounding rounding, bool ftz, bool strict_nan) {
    if (!is_nan(Op::result, result)) return Check::certifies(in, result, rounding, ftz);
    if (strict_nan || (ftz && flushes_an_operand<Op, 0>(in))) return false;
    return Check::requires_nan(in, ftz);
}

}  // namespace fpv::exact_check
