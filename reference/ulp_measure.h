// Errors in ulps of binary32 results that are not correctly rounded, measured in binary64
// arithmetic alone, on the host and the GPU alike, to the bit MPFR gives
// (MpfrReference::ulp_error: |r - q| / ulp(q), q the exact value, rounded once to binary64
// toward zero);
// with them the correctly rounded result (found by the op's exact check among the neighbours of
// a binary64 approximation) and the distance in representable numbers. A GPU kernel tallies an
// approximate function's results within its bound with these and hands MPFR only the rest.
//
// Quotients, reciprocals, square roots and reciprocal square roots of normal operands whose
// correctly rounded result is a normal number above the least one, for results of its sign
// within about 1/16 of it. Everything else declines, and so does an error that the last bits of
// its double-word quotient could round either way (the margin is 2^-89 of it, where the
// computation errs by less than 2^-95), so that MPFR measures those.
#pragma once

#include <cstdint>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/operands.h"
#include "core/portability.h"
#include "core/rn_arith.h"

namespace fpv::ulp_measure {

struct Measured {
    uint64_t expected = 0;  // the correctly rounded result
    // |r - q| / ulp(q) rounded toward zero (the twin: an upper bound of that, in its bin)
    double error = 0;
    int64_t steps = 0;      // how many binary32 numbers lie between the result and `expected`
    // Upper bounds of |r - q| and |r - q| / |q| for claims of an absolute or a relative error,
    // where the measure gives them.
    double absolute = __builtin_huge_val();
    double relative = __builtin_huge_val();
};

// hi + lo, |lo| at most half an ulp of hi.
struct Pair {
    double hi = 0, lo = 0;
};

FPV_HD FPV_INLINE Pair fast_two_sum(double a, double b) {  // |a| >= |b|: exact
    const double s = rn::add(a, b);
    return {s, rn::sub(b, rn::sub(s, a))};
}
FPV_HD FPV_INLINE Pair two_sum(double a, double b) {  // any order: exact
    const double s = rn::add(a, b);
    const double a_part = rn::sub(s, b);
    return {s, rn::add(rn::sub(a, a_part), rn::sub(b, rn::sub(s, a_part)))};
}
FPV_HD FPV_INLINE Pair two_product(double a, double b) {  // exact short of underflow
    const double p = rn::mul(a, b);
    return {p, rn::fma(a, b, -p)};
}

FPV_HD FPV_INLINE double power_of_two(int e) {  // binary64's normal range
    return double_of(static_cast<uint64_t>(e + 1023) << 52);
}
FPV_HD FPV_INLINE int exponent_of(double v) {  // floor(log2 |v|) of a normal v
    return static_cast<int>(b64::exponent_field(bits_of(v))) - 1023;
}
FPV_HD FPV_INLINE double magnitude(double v) { return double_of(bits_of(v) & ~b64::kSign); }

constexpr uint32_t kSign32 = 0x80000000u, kMinNormal32 = 0x00800000u, kInfinity32 = 0x7f800000u;

// A normal binary32 as the binary64 of the same value, built from its bits (no binary32
// arithmetic, which a flush-to-zero build would change); false for every other value.
FPV_HD FPV_INLINE bool widen_normal(uint64_t bits, double& out) {
    const uint32_t field = static_cast<uint32_t>(bits >> 23) & 0xffu;
    if (bits > 0xffffffffu || field == 0 || field == 0xffu) return false;
    out = double_of((bits & kSign32) << 32 | uint64_t{field - 127 + 1023} << 52 | (bits & 0x7fffffu) << 29);
    return true;
}

// v rounded to binary32 in `rounding`, where it lands among the normal numbers above the least
// and below the largest (a neighbour must be one of them too); false elsewhere.
FPV_HD FPV_INLINE bool narrow(double v, Rounding rounding, uint32_t& out) {
    const uint64_t bits = bits_of(v);
    const bool negative = (bits & b64::kSign) != 0;
    const int field = static_cast<int>(b64::exponent_field(bits)) - 1023 + 127;
    if (field < 1 || field > 254) return false;
    const uint64_t rest = bits & ((uint64_t{1} << 29) - 1), half = uint64_t{1} << 28;
    uint32_t m = static_cast<uint32_t>(field) << 23 | static_cast<uint32_t>((bits & b64::kMantissaMask) >> 29);
    bool up = false;
    switch (rounding) {
        case Rounding::rn: up = rest > half || (rest == half && (m & 1u) != 0); break;
        case Rounding::rz: break;
        case Rounding::ru: up = !negative && rest != 0; break;
        case Rounding::rd: up = negative && rest != 0; break;
    }
    m += up ? 1u : 0u;
    if (m <= kMinNormal32 || m >= kInfinity32 - 1) return false;
    out = (negative ? kSign32 : 0u) | m;
    return true;
}

// The binary64 one step nearer zero than a nonzero finite v.
FPV_HD FPV_INLINE double toward_zero_by_one(double v) { return double_of(bits_of(v) - 1); }

// RZ(q), q rounded toward zero, for the exact q within |q| 2^-95 of q_hi + q_lo
// (|q_lo| <= |q_hi|), where that is certain: q_hi + q_lo lies farther than 2^-89 |q| from
// RN(q_hi + q_lo), so q lies strictly between two neighbouring binary64 numbers. (A remainder
// is at most half an ulp, a quarter below a power of two, far from the next neighbour.)
FPV_HD FPV_INLINE bool truncated_surely(double q_hi, double q_lo, double& out) {
    const Pair s = fast_two_sum(q_hi, q_lo);
    const uint32_t field = b64::exponent_field(bits_of(s.hi));
    if (field == 0 || field == 0x7ffu) return false;
    const double margin = rn::mul(magnitude(s.hi), 0x1p-89);
    if (!(magnitude(s.lo) > margin)) return false;
    const bool beyond = (s.lo < 0) == (s.hi < 0);  // q lies farther from zero than s.hi
    out = beyond ? s.hi : toward_zero_by_one(s.hi);
    return true;
}

// sqrt(a) as s_hi + s_lo, within 2^-104 of it relatively: s_hi correctly rounded, its remainder
// a - s_hi^2 exact in one FMA.
FPV_HD FPV_INLINE Pair root_of(double a) {
    const double s = rn::sqrt(a);
    return {s, rn::div(rn::fma(-s, s, a), rn::mul(2.0, s))};
}

// r - x/y rounded toward zero, for a binary32 result r and binary32 operands x, y (binary64
// values): r y has 48 bits, and where r y - x is at most |x| / 16 the two differ in exponent by
// at most one, so that residual, one FMA, spans at most 50 bits and is exact; divided by y it is
// r - x/y, rounded to nearest, and the division's remainder (exact in one FMA) says on which
// side of it the exact quotient lies. False where the residual is larger.
FPV_HD FPV_INLINE bool quotient_deviation(double x, double y, double r, double& d) {
    const double residual = rn::fma(r, y, -x);
    if (!(magnitude(residual) <= rn::mul(magnitude(x), 0.0625))) return false;
    d = rn::div(residual, y);
    if (residual == 0) return true;
    if (d == 0 || b64::exponent_field(bits_of(d)) == 0) return false;  // the remainder would not be exact
    const double remainder = rn::fma(-d, y, residual);  // residual/y - d = remainder/y
    const bool rounded_away = remainder != 0 && ((remainder < 0) != ((d < 0) != (y < 0)));
    if (rounded_away) d = toward_zero_by_one(d);
    return true;
}

// The deviation r - q of a result from the exact value, rounded toward zero, and floor(log2 q):
// one struct per kind of exact value. `approximate` gives q within 2^-51 relatively.

// x / y (kReciprocal: 1 / a).
template <bool kReciprocal>
struct QuotientValue {
    FPV_HD static bool operands(const Operands& in, double& x, double& y) {
        if constexpr (kReciprocal) {
            x = 1.0;
            return widen_normal(in.a, y);
        } else {
            return widen_normal(in.a, x) && widen_normal(in.b, y);
        }
    }
    FPV_HD static bool approximate(const Operands& in, double& q) {
        double x = 0, y = 0;
        if (!operands(in, x, y)) return false;
        q = rn::div(x, y);
        return true;
    }
    // The quotient of two binary32 never rounds up to a power of two in binary64 (it is 2^-25
    // away from one, relatively), so RN(x / y) has q's exponent.
    FPV_HD static bool deviation(const Operands& in, double r, double& d, int& exponent) {
        double x = 0, y = 0;
        if (!operands(in, x, y) || !quotient_deviation(x, y, r, d)) return false;
        exponent = exponent_of(rn::div(x, y));
        return true;
    }
};

// sqrt(a).
struct RootValue {
    FPV_HD static bool approximate(const Operands& in, double& q) {
        double a = 0;
        if (!widen_normal(in.a, a) || a < 0) return false;
        q = rn::sqrt(a);
        return true;
    }
    // r - s = (r^2 - a) / (r + s): the numerator exact in one FMA where it is at most a / 8
    // (r^2 has 48 bits and lies within a binade of a), the denominator a sum of positive
    // double words; s exact (a remainder of zero) subtracts exactly.
    FPV_HD static bool deviation(const Operands& in, double r, double& d, int& exponent) {
        double a = 0;
        if (!widen_normal(in.a, a) || a < 0 || r < 0) return false;
        const Pair s = root_of(a);
        // sqrt of a binary32 never rounds up to a power of two in binary64: a at most
        // 2^2k (1 - 2^-24) gives sqrt(a) at most 2^k (1 - 2^-25).
        exponent = exponent_of(s.hi);
        const double n = rn::fma(r, r, -a);
        if (!(magnitude(n) <= rn::mul(a, 0.125))) return false;
        if (s.lo == 0) {
            d = rn::sub(r, s.hi);
            return true;
        }
        Pair denominator = two_sum(r, s.hi);
        denominator.lo = rn::add(denominator.lo, s.lo);
        const double q_hi = rn::div(n, denominator.hi);
        const double remainder = rn::fma(-q_hi, denominator.hi, n);  // exact
        const double q_lo = rn::div(rn::fma(-q_hi, denominator.lo, remainder), denominator.hi);
        return truncated_surely(q_hi, q_lo, d);
    }
};

// 1 / sqrt(a).
struct ReciprocalRootValue {
    FPV_HD static bool approximate(const Operands& in, double& q) {
        double a = 0;
        if (!widen_normal(in.a, a) || a < 0) return false;
        q = rn::div(1.0, rn::sqrt(a));
        return true;
    }
    // r - 1/s = (r^2 a - 1) / (s (r s + 1)), s = sqrt(a): r^2 a is exact as two words (r^2 has
    // 48 bits), and minus one exactly where it lies in [7/8, 9/8]; the denominator is a product
    // and a sum of positive double words.
    FPV_HD static bool deviation(const Operands& in, double r, double& d, int& exponent) {
        double a = 0;
        if (!widen_normal(in.a, a) || a < 0 || r < 0) return false;
        const Pair s = root_of(a);
        // 1/sqrt(a) is a power of two exactly or 2^-25 away from one, relatively.
        exponent = exponent_of(rn::div(1.0, s.hi));
        const Pair p = two_product(rn::mul(r, r), a);
        if (!(p.hi >= 0.875 && p.hi <= 1.125)) return false;
        // a a power of four: 1/s is a power of two, and r - 1/s exact (Sterbenz), which the
        // double-word quotient below could not truncate (nothing to tell the side by).
        if (s.lo == 0 && (bits_of(s.hi) & b64::kMantissaMask) == 0) {
            d = rn::sub(r, rn::div(1.0, s.hi));
            return d != 0;
        }
        const Pair n = two_sum(rn::sub(p.hi, 1.0), p.lo);  // exact
        if (n.hi == 0) return false;  // r is 1/sqrt(a): correctly rounded, not for measuring
        Pair rs = two_product(r, s.hi);
        rs.lo = rn::fma(r, s.lo, rs.lo);
        Pair u = two_sum(1.0, rs.hi);
        u.lo = rn::add(u.lo, rs.lo);
        Pair denominator = two_product(s.hi, u.hi);
        denominator.lo = rn::add(denominator.lo, rn::fma(s.hi, u.lo, rn::mul(s.lo, u.hi)));
        const double q_hi = rn::div(n.hi, denominator.hi);
        const double remainder = rn::fma(-q_hi, denominator.hi, n.hi);  // exact
        const double q_lo = rn::div(rn::fma(-q_hi, denominator.lo, rn::add(remainder, n.lo)), denominator.hi);
        return truncated_surely(q_hi, q_lo, d);
    }
};

// The measure of `result` (a binary32) for `in`, with `Check::certifies` naming the correctly
// rounded result in `rounding`: false where it declines (see the top of this file), and where
// `result` is that correctly rounded result.
template <class Value, class Check>
FPV_HD FPV_INLINE bool measure(const Operands& in, uint64_t result, Rounding rounding, bool ftz, Measured& m) {
    double q = 0, r = 0;
    uint32_t candidate = 0;
    if (!Value::approximate(in, q) || !narrow(q, rounding, candidate) || !widen_normal(result, r)) return false;
    // The approximation is within 2^-51 of q, so the correctly rounded q is its rounding or a
    // neighbour; the check says which, with the exact residuals.
    const uint32_t sign = candidate & kSign32;
    uint32_t expected = candidate;
    if (!Check::certifies(in, expected, rounding, ftz)) {
        expected = candidate + 1;
        if ((expected & ~kSign32) >= kInfinity32 - 1 || !Check::certifies(in, expected, rounding, ftz)) {
            expected = candidate - 1;
            if ((expected & ~kSign32) <= kMinNormal32 || !Check::certifies(in, expected, rounding, ftz)) return false;
        }
    }
    const uint32_t r_bits = static_cast<uint32_t>(result);
    if (r_bits == expected || (r_bits & kSign32) != sign) return false;
    double d = 0;
    int exponent = 0;
    if (!Value::deviation(in, r, d, exponent)) return false;
    m.expected = expected;
    m.error = rn::mul(magnitude(d), power_of_two(23 - exponent));  // exact: a power of two
    const uint32_t a = r_bits & ~kSign32, b = expected & ~kSign32;
    m.steps = a > b ? a - b : b - a;
    return true;
}

}  // namespace fpv::ulp_measure
