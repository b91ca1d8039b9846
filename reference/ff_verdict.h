// The verdict on a float-float result, for the host and the device: which terms sum to the exact
// result and to the result's error, what lies inside an impl's domain, and the category. The
// terms depend on the kind of op (its `reference` trait: SumTerms, ProductTerms, QuotientTerms,
// SplitTerms); how the sums are evaluated is a parameter: MPFR on the host
// (reference/mpfr_reference.h), or the exact integer arithmetic of reference/exact_arith.h
// anywhere (the fast reference). Both round the same way, so they give identical verdicts, and
// MPFR checks the fast one on a sample.
#pragma once

#include "core/op_traits.h"
#include "core/operands.h"
#include "core/pair32.h"
#include "core/rn_arith.h"
#include "reference/exact_arith.h"
#include "reference/verdict.h"

namespace fpv {

inline constexpr double kU2 = 0x1p-48;  // u^2 for binary32, u = 2^-24
// The bounds of JMP17 and MR22 assume no underflow and no overflow: fpverify's float-float
// domain keeps operand high parts in [2^-30, 2^30] and exact results in [2^-60, 2^62] (or 0).
inline constexpr double kDomainOperandMin = 0x1p-30, kDomainOperandMax = 0x1p30;
inline constexpr double kDomainResultMin = 0x1p-60, kDomainResultMax = 0x1p62;

// The operands of an op as floats: x = (xh, xl) and y = (yh, yl); lone floats have lo = 0.
struct FloatFloatComponents {
    float xh = 0, xl = 0, yh = 0, yl = 0;
    bool x_pair = false, y_pair = false, has_y = false;
};

// What a verdict needs to know of an impl.
struct FloatFloatClaim {
    double bound = -1;     // proven bound in u^2; -1: none
    bool ordered = false;  // |x| >= |y| is part of the domain (Fast2Sum)
    bool ftz = false;      // built with -ftz=true: judged on flushed operands
};

// The measured quantities, as MPFR computes them at precision 64: the exact result rounded to
// binary64 (for quotients, the numerator's divided by y in binary64, for display), and the
// relative error in u^2 rounded to 64 bits and then to binary64.
struct FloatFloatMeasure {
    double exact = 0;
    double error_u2 = 0;
    bool error_is_zero = false;
};

// A verdict small enough to come back from the GPU for every input.
struct CompactVerdict {
    uint64_t expected = 0;  // bits of the exact result rounded to binary64
    double error = 0;       // u^2
    Category category = Category::within_bound;
    bool wrong = false;
    bool ftz_changed = false;
};

namespace ffv {

inline constexpr int kMaxTerms = 8;

FPV_HD FPV_INLINE bool finite(float f) { return (bits_of(f) & 0x7f800000u) != 0x7f800000u; }
FPV_HD FPV_INLINE bool subnormal(float f) {
    const uint32_t b = bits_of(f);
    return (b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0;
}
FPV_HD FPV_INLINE double magnitude(double d) { return double_of(bits_of(d) & ~(uint64_t{1} << 63)); }
FPV_HD FPV_INLINE float magnitude(float f) { return float_of(bits_of(f) & 0x7fffffffu); }

// The operands of Op as components: its first operand is x, its second y.
template <class Op>
FPV_HD FPV_INLINE FloatFloatComponents components(const Operands& in) {
    FloatFloatComponents c;
    const auto read = [](Format f, uint64_t word, float& hi, float& lo, bool& pair) {
        if (f == Format::pair32) {
            const Pair p = unpack(word);
            hi = p.hi;
            lo = p.lo;
            pair = true;
        } else {
            hi = single(word);
        }
    };
    read(operand_format<Op, 0>, in.a, c.xh, c.xl, c.x_pair);
    if constexpr (arity<Op> == 2) {
        read(operand_format<Op, 1>, in.b, c.yh, c.yl, c.y_pair);
        c.has_y = true;
    }
    return c;
}

// The flush-to-zero reading of the operands: subnormal components are zeros of their sign.
FPV_HD FPV_INLINE FloatFloatComponents flushed(FloatFloatComponents c) {
    float* parts[4] = {&c.xh, &c.xl, &c.yh, &c.yl};
    for (float* f : parts) {
        if (subnormal(*f)) *f = float_of(bits_of(*f) & 0x80000000u);
    }
    return c;
}

FPV_HD FPV_INLINE bool any_subnormal(const FloatFloatComponents& c) {
    return subnormal(c.xh) || subnormal(c.xl) || subnormal(c.yh) || subnormal(c.yl);
}

FPV_HD FPV_INLINE bool normalised(float hi, float lo) { return rn::add(hi, lo) == hi; }

FPV_HD FPV_INLINE bool operand_in_range(float f) {
    const double m = magnitude(static_cast<double>(f));
    return m == 0 || (m >= kDomainOperandMin && m <= kDomainOperandMax);
}

FPV_HD FPV_INLINE bool inputs_inside(const FloatFloatComponents& c) {
    if (!(finite(c.xh) && finite(c.xl) && finite(c.yh) && finite(c.yl))) return false;
    if (c.x_pair && !normalised(c.xh, c.xl)) return false;
    if (c.y_pair && !normalised(c.yh, c.yl)) return false;
    return operand_in_range(c.xh) && operand_in_range(c.yh);
}

// Whether a float's significand fits in `bits` bits (for the halves of a split).
FPV_HD FPV_INLINE bool fits_in_bits(float value, int bits) {
    uint32_t m = bits_of(value) & 0x7fffffu;
    if ((bits_of(value) & 0x7f800000u) != 0) m |= 0x800000u;
    if (m == 0) return true;
    while ((m & 1u) == 0) m >>= 1;
    return m < (1u << bits);
}

// The terms whose sum is an op's exact result (the numerator, for quotients), as binary64
// numbers: products of two binary32 are exact in binary64. Absent low parts are not terms (an
// extra +0 would change the sign of an exact zero sum).
struct SumTerms {
    static constexpr bool quotient = false;
    static constexpr int halves_bits = 0;
    FPV_HD static int exact(const FloatFloatComponents& c, double* out) {
        int n = 0;
        out[n++] = c.xh;
        if (c.x_pair) out[n++] = c.xl;
        if (c.has_y) out[n++] = c.yh;
        if (c.y_pair) out[n++] = c.yl;
        return n;
    }
};

struct ProductTerms {
    static constexpr bool quotient = false;
    static constexpr int halves_bits = 0;
    FPV_HD static int exact(const FloatFloatComponents& c, double* out) {
        const double x[2] = {c.xh, c.xl}, y[2] = {c.yh, c.yl};
        int n = 0;
        for (int i = 0; i < (c.x_pair ? 2 : 1); ++i) {
            for (int j = 0; j < (c.y_pair ? 2 : 1); ++j) out[n++] = x[i] * y[j];
        }
        return n;
    }
};

// x / y: the exact value is the numerator's, and the error is measured as r y - x.
struct QuotientTerms {
    static constexpr bool quotient = true;
    static constexpr int halves_bits = 0;
    FPV_HD static int exact(const FloatFloatComponents& c, double* out) {
        int n = 0;
        out[n++] = c.xh;
        if (c.x_pair) out[n++] = c.xl;
        return n;
    }
};

// a = hi + lo with halves of at most 12 significant bits each.
struct SplitTerms {
    static constexpr bool quotient = false;
    static constexpr int halves_bits = 12;
    FPV_HD static int exact(const FloatFloatComponents& c, double* out) {
        out[0] = c.xh;
        return 1;
    }
};

// The terms of the result's error: r - x, or r y - n for quotients n / y (whose relative error
// is |r y - n| / |n|).
template <class Terms>
FPV_HD FPV_INLINE int error_terms(const FloatFloatComponents& c, uint64_t result, const double* exact, int n_exact,
                                  double* error) {
    const Pair r = unpack(result);
    const double yh = c.yh, yl = c.yl, rh = r.hi, rl = r.lo;
    int n = 0;
    if constexpr (Terms::quotient) {
        error[n++] = rh * yh;
        error[n++] = rl * yh;
        if (c.y_pair) {
            error[n++] = rh * yl;
            error[n++] = rl * yl;
        }
    } else {
        error[n++] = rh;
        error[n++] = rl;
    }
    for (int i = 0; i < n_exact; ++i) error[n++] = -exact[i];
    return n;
}

// The terms of the difference between the exact results of two readings of the operands (for
// FTZ: raw and flushed); quotients n/d are compared as n_a d_b - n_b d_a, products of binary32.
template <class Terms>
FPV_HD FPV_INLINE int difference_terms(const FloatFloatComponents& a, const FloatFloatComponents& b, double* terms) {
    int n = 0;
    if constexpr (Terms::quotient) {
        const float na[2] = {a.xh, a.xl}, nb[2] = {b.xh, b.xl}, da[2] = {a.yh, a.yl}, db[2] = {b.yh, b.yl};
        for (int i = 0; i < 2; ++i) {
            for (int j = 0; j < 2; ++j) terms[n++] = static_cast<double>(na[i]) * db[j];
        }
        for (int i = 0; i < 2; ++i) {
            for (int j = 0; j < 2; ++j) terms[n++] = -static_cast<double>(nb[i]) * da[j];
        }
        return n;
    }
    double exact[4] = {};
    const int n_a = Terms::exact(a, exact);
    for (int i = 0; i < n_a; ++i) terms[n++] = exact[i];
    const int n_b = Terms::exact(b, exact);
    for (int i = 0; i < n_b; ++i) terms[n++] = -exact[i];
    return n;
}

FPV_HD FPV_INLINE bool failing(Category c) {
    return c != Category::exact && c != Category::within_bound && c != Category::unclaimed &&
           c != Category::outside_domain;
}

}  // namespace ffv

// The measure by exact integer arithmetic: the same roundings as MPFR's (two sums at
// precision 64, their quotient at precision 64, times 2^48, to binary64).
template <class Terms>
FPV_HD FPV_INLINE FloatFloatMeasure measure_exactly(const FloatFloatComponents& c, uint64_t result) {
    double exact[4] = {}, error[ffv::kMaxTerms] = {};
    const int n_exact = Terms::exact(c, exact);
    const int n_error = ffv::error_terms<Terms>(c, result, exact, n_exact, error);
    const exact::Rounded64 x = exact::sum_rn64(exact, n_exact);
    const exact::Rounded64 d = exact::sum_rn64(error, n_error);
    FloatFloatMeasure m;
    m.exact = exact::to_double(x);
    if constexpr (Terms::quotient) m.exact = m.exact / (static_cast<double>(c.yh) + c.yl);
    const double infinity = double_of(0x7ff0000000000000ull);
    if (!d.finite) {  // an infinite or NaN result: no finite error
        m.error_u2 = infinity;
        return m;
    }
    m.error_is_zero = d.zero();
    if (m.error_is_zero) return m;
    if (x.zero()) {
        m.error_u2 = infinity;
        return m;
    }
    exact::Rounded64 ratio = exact::quotient_rn64(d, x);
    ratio.negative = false;
    m.error_u2 = exact::to_double(exact::scaled(ratio, 48));
    return m;
}

// Whether the exact sums of two readings of the operands differ, exactly.
template <class Terms>
FPV_HD FPV_INLINE bool exact_results_differ(const FloatFloatComponents& a, const FloatFloatComponents& b) {
    double terms[ffv::kMaxTerms] = {};
    const int n = ffv::difference_terms<Terms>(a, b, terms);
    const exact::Rounded64 d = exact::sum_rn64(terms, n);
    return !d.finite || !d.zero();
}

// The verdict on `result` of Op for inputs `in`. measure(components, result) gives the measure,
// differ(a, b) whether two readings of the operands have different exact results.
template <class Op, class Measure, class Differ>
FPV_HD FPV_INLINE CompactVerdict judge_float_float(const FloatFloatClaim& claim, const Operands& in, uint64_t result,
                                                   Measure&& measure, Differ&& differ) {
    using namespace ffv;
    using Terms = typename Op::reference;
    const FloatFloatComponents raw = components<Op>(in);
    // An impl built for flush-to-zero reads subnormal operands as zeros, so its exact answer
    // is that of the flushed operands; the results are not flushed: a pair cannot carry an
    // error term below the normal range under FTZ, which is what these impls should show.
    const FloatFloatComponents c = claim.ftz ? flushed(raw) : raw;
    const Pair r = unpack(result);
    const double infinity = double_of(0x7ff0000000000000ull);
    CompactVerdict v;
    if (claim.ftz && any_subnormal(raw)) v.ftz_changed = differ(raw, c);
    const bool result_finite = finite(r.hi) && finite(r.lo);
    if (!(finite(c.xh) && finite(c.xl) && finite(c.yh) && finite(c.yl))) {
        v.category = Category::outside_domain;  // non-finite operands: no relative error
        v.error = infinity;
        return v;
    }
    bool inside = inputs_inside(c);
    if (claim.ordered) inside = inside && magnitude(c.xh) >= magnitude(c.yh);
    const FloatFloatMeasure m = measure(c, result);
    v.expected = bits_of(m.exact);
    v.error = result_finite ? (m.error_is_zero ? 0.0 : m.error_u2) : infinity;
    const double size = magnitude(m.exact);
    inside = inside && (m.exact == 0 || (size >= kDomainResultMin && size <= kDomainResultMax));
    if (!inside) {
        v.category = Category::outside_domain;
        v.wrong = !m.error_is_zero || !result_finite;
        return v;
    }
    if (Op::error_free) {
        if (!m.error_is_zero || !result_finite) {
            v.category = Category::not_exact;
        } else if (Terms::halves_bits > 0 &&
                   !(fits_in_bits(r.hi, Terms::halves_bits) && fits_in_bits(r.lo, Terms::halves_bits))) {
            v.category = Category::bad_split;
        } else if (Terms::halves_bits == 0 && !normalised(r.hi, r.lo)) {
            v.category = Category::not_normalized;
        } else {
            v.category = Category::within_bound;
        }
    } else if (!result_finite || !normalised(r.hi, r.lo)) {
        v.category = result_finite ? Category::not_normalized : Category::above_bound;
    } else if (claim.bound < 0) {
        v.category = Category::unclaimed;
    } else {
        v.category = v.error > claim.bound ? Category::above_bound : Category::within_bound;
    }
    v.wrong = failing(v.category);
    return v;
}

// The verdict with the fast reference: exact integer arithmetic, host or device.
template <class Op>
FPV_HD FPV_INLINE CompactVerdict judge_float_float_exactly(const FloatFloatClaim& claim, const Operands& in,
                                                           uint64_t result) {
    using Terms = typename Op::reference;
    return judge_float_float<Op>(
        claim, in, result,
        [](const FloatFloatComponents& c, uint64_t r) { return measure_exactly<Terms>(c, r); },
        [](const FloatFloatComponents& a, const FloatFloatComponents& b) { return exact_results_differ<Terms>(a, b); });
}

}  // namespace fpv
