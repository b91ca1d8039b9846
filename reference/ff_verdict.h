// The verdict on a float-float result, for the host and the device: which terms sum to the exact
// result and to the result's error, what lies inside an impl's domain, and the category. How the
// sums are evaluated is a parameter: MPFR on the host (reference/judge_ff.cpp), or the exact
// integer arithmetic of reference/exact_arith.h anywhere (the fast reference). Both round the
// same way, so they give identical verdicts, and MPFR checks the fast one on a sample.
#pragma once

#include "corpus/operands.h"
#include "kernels/catalogue.h"
#include "kernels/ff_primitives.h"
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
    bool x_pair = false, y_pair = false;
};

// What a verdict needs to know of an impl.
struct FloatFloatClaim {
    OpId op = OpId::ff_add;
    double bound = -1;          // proven bound in u^2; -1: none
    bool error_free = false;    // the op's result must be exact
    bool ordered = false;       // |x| >= |y| is part of the domain (Fast2Sum)
    bool ftz = false;           // built with -ftz=true: judged on flushed operands
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
FPV_HD FPV_INLINE double magnitude(double d) { return double_of(bits_of(d) & ~b64::kSign); }
FPV_HD FPV_INLINE float magnitude(float f) { return float_of(bits_of(f) & 0x7fffffffu); }

FPV_HD FPV_INLINE FloatFloatComponents components(OpId op, const Operands& in) {
    FloatFloatComponents c;
    switch (signature_of(op)) {
        case Signature::f32: c.xh = ff::single(in.a); break;
        case Signature::f32_f32:
            c.xh = ff::single(in.a);
            c.yh = ff::single(in.b);
            break;
        case Signature::ff_f32: {
            const ff::Pair x = ff::unpack(in.a);
            c.xh = x.hi;
            c.xl = x.lo;
            c.yh = ff::single(in.b);
            c.x_pair = true;
            break;
        }
        default: {
            const ff::Pair x = ff::unpack(in.a), y = ff::unpack(in.b);
            c.xh = x.hi;
            c.xl = x.lo;
            c.yh = y.hi;
            c.yl = y.lo;
            c.x_pair = c.y_pair = true;
        }
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

FPV_HD FPV_INLINE bool normalised(float hi, float lo) { return ff::add(hi, lo) == hi; }

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

// The binary64 terms whose sum is the exact result (the numerator, for quotients): products of
// two binary32 are exact in binary64.
FPV_HD FPV_INLINE int exact_terms(OpId op, const FloatFloatComponents& c, double* exact) {
    const double xh = c.xh, xl = c.xl, yh = c.yh, yl = c.yl;
    int n = 0;
    switch (op) {
        case OpId::eft_add: exact[n++] = xh; exact[n++] = yh; break;
        case OpId::eft_mul: exact[n++] = xh * yh; break;
        case OpId::eft_split: exact[n++] = xh; break;
        case OpId::ff_add: exact[n++] = xh; exact[n++] = xl; exact[n++] = yh; exact[n++] = yl; break;
        case OpId::ff_add_f: exact[n++] = xh; exact[n++] = xl; exact[n++] = yh; break;
        case OpId::ff_mul:
            exact[n++] = xh * yh; exact[n++] = xh * yl; exact[n++] = xl * yh; exact[n++] = xl * yl;
            break;
        case OpId::ff_mul_f: exact[n++] = xh * yh; exact[n++] = xl * yh; break;
        case OpId::ff_div:
        case OpId::ff_div_f: exact[n++] = xh; exact[n++] = xl; break;
        default: break;  // not float-float ops
    }
    return n;
}

// The terms of the result's error: r - x, or r y - n for quotients n / y (whose relative error
// is |r y - n| / |n|).
FPV_HD FPV_INLINE int error_terms(OpId op, const FloatFloatComponents& c, uint64_t result, const double* exact,
                                  int n_exact, double* error) {
    const ff::Pair r = ff::unpack(result);
    const double yh = c.yh, yl = c.yl, rh = r.hi, rl = r.lo;
    int n = 0;
    if (op == OpId::ff_div || op == OpId::ff_div_f) {
        error[n++] = rh * yh;
        error[n++] = rl * yh;
        if (op == OpId::ff_div) {
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
FPV_HD FPV_INLINE int difference_terms(OpId op, const FloatFloatComponents& a, const FloatFloatComponents& b,
                                       double* terms) {
    int n = 0;
    if (op == OpId::ff_div || op == OpId::ff_div_f) {
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
    const int n_a = exact_terms(op, a, exact);
    for (int i = 0; i < n_a; ++i) terms[n++] = exact[i];
    const int n_b = exact_terms(op, b, exact);
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
FPV_HD FPV_INLINE FloatFloatMeasure measure_exactly(OpId op, const FloatFloatComponents& c, uint64_t result) {
    double exact[4] = {}, error[ffv::kMaxTerms] = {};
    const int n_exact = ffv::exact_terms(op, c, exact);
    const int n_error = ffv::error_terms(op, c, result, exact, n_exact, error);
    const exact::Rounded64 x = exact::sum_rn64(exact, n_exact);
    const exact::Rounded64 d = exact::sum_rn64(error, n_error);
    FloatFloatMeasure m;
    m.exact = exact::to_double(x);
    if (op == OpId::ff_div || op == OpId::ff_div_f) m.exact = m.exact / (static_cast<double>(c.yh) + c.yl);
    const double infinity = double_of(b64::kInfinity);
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
FPV_HD FPV_INLINE bool exact_results_differ(OpId op, const FloatFloatComponents& a, const FloatFloatComponents& b) {
    double terms[ffv::kMaxTerms] = {};
    const int n = ffv::difference_terms(op, a, b, terms);
    const exact::Rounded64 d = exact::sum_rn64(terms, n);
    return !d.finite || !d.zero();
}

// The verdict on `result` for inputs `in`. measure(op, components, result) gives the measure,
// differ(op, a, b) whether two readings of the operands have different exact results.
template <class Measure, class Differ>
FPV_HD FPV_INLINE CompactVerdict judge_float_float(const FloatFloatClaim& claim, const Operands& in, uint64_t result,
                                                   Measure&& measure, Differ&& differ) {
    using namespace ffv;
    const FloatFloatComponents raw = components(claim.op, in);
    // An impl built for flush-to-zero reads subnormal operands as zeros, so its exact answer
    // is that of the flushed operands; the results are not flushed: a pair cannot carry an
    // error term below the normal range under FTZ, which is what these impls should show.
    const FloatFloatComponents c = claim.ftz ? flushed(raw) : raw;
    const ff::Pair r = ff::unpack(result);
    const double infinity = double_of(b64::kInfinity);
    CompactVerdict v;
    if (claim.ftz && any_subnormal(raw)) v.ftz_changed = differ(claim.op, raw, c);
    const bool result_finite = finite(r.hi) && finite(r.lo);
    if (!(finite(c.xh) && finite(c.xl) && finite(c.yh) && finite(c.yl))) {
        v.category = Category::outside_domain;  // non-finite operands: no relative error
        v.error = infinity;
        return v;
    }
    bool inside = inputs_inside(c);
    if (claim.ordered) inside = inside && magnitude(c.xh) >= magnitude(c.yh);
    const FloatFloatMeasure m = measure(claim.op, c, result);
    v.expected = bits_of(m.exact);
    v.error = result_finite ? (m.error_is_zero ? 0.0 : m.error_u2) : infinity;
    const double size = magnitude(m.exact);
    inside = inside && (m.exact == 0 || (size >= kDomainResultMin && size <= kDomainResultMax));
    if (!inside) {
        v.category = Category::outside_domain;
        v.wrong = !m.error_is_zero || !result_finite;
        return v;
    }
    if (claim.error_free) {
        if (!m.error_is_zero || !result_finite) {
            v.category = Category::not_exact;
        } else if (claim.op == OpId::eft_split && !(fits_in_bits(r.hi, 12) && fits_in_bits(r.lo, 12))) {
            v.category = Category::bad_split;
        } else if (claim.op != OpId::eft_split && !normalised(r.hi, r.lo)) {
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
FPV_HD FPV_INLINE CompactVerdict judge_float_float_exactly(const FloatFloatClaim& claim, const Operands& in,
                                                           uint64_t result) {
    return judge_float_float(
        claim, in, result,
        [](OpId op, const FloatFloatComponents& c, uint64_t r) { return measure_exactly(op, c, r); },
        [](OpId op, const FloatFloatComponents& a, const FloatFloatComponents& b) {
            return exact_results_differ(op, a, b);
        });
}

}  // namespace fpv
