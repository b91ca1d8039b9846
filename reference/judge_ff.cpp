#include "reference/judge_ff.h"

#include <cmath>
#include <limits>

#include "kernels/ff_primitives.h"
#include "reference/mpfr_binary64.h"

namespace fpv {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

using Components = FloatFloatComponents;

Components components(OpId op, const Operands& in) {
    Components c;
    switch (signature_of(op)) {
        case Signature::f32: c.xh = ff::single(in.a); break;
        case Signature::f32_f32:
            c.xh = ff::single(in.a);
            c.yh = ff::single(in.b);
            break;
        case Signature::ff_f32: {
            const ff::Pair x = ff::unpack(in.a);
            c = {x.hi, x.lo, ff::single(in.b), 0, true, false};
            break;
        }
        default: {
            const ff::Pair x = ff::unpack(in.a), y = ff::unpack(in.b);
            c = {x.hi, x.lo, y.hi, y.lo, true, true};
        }
    }
    return c;
}

bool finite(float f) { return std::isfinite(f); }

bool subnormal(float f) { return f != 0 && std::fpclassify(f) == FP_SUBNORMAL; }

// The flush-to-zero reading of the operands: subnormal components are signed zeros.
Components flushed(Components c) {
    for (float* f : {&c.xh, &c.xl, &c.yh, &c.yl}) {
        if (subnormal(*f)) *f = std::copysign(0.0f, *f);
    }
    return c;
}

bool any_subnormal(const Components& c) {
    return subnormal(c.xh) || subnormal(c.xl) || subnormal(c.yh) || subnormal(c.yl);
}

bool operand_in_range(float f) {
    const double m = std::fabs(static_cast<double>(f));
    return m == 0 || (m >= kDomainOperandMin && m <= kDomainOperandMax);
}

bool normalised(float hi, float lo) { return ff::add(hi, lo) == hi; }

bool inputs_inside(const Components& c) {
    for (float f : {c.xh, c.xl, c.yh, c.yl}) {
        if (!finite(f)) return false;
    }
    if (c.x_pair && !normalised(c.xh, c.xl)) return false;
    if (c.y_pair && !normalised(c.yh, c.yl)) return false;
    return operand_in_range(c.xh) && operand_in_range(c.yh);
}

}  // namespace

// The binary64 terms whose sum is the exact result (the numerator, for quotients).
int FloatFloatReference::exact_terms(OpId op, const Components& c, double* exact) {
    const double xh = c.xh, xl = c.xl, yh = c.yh, yl = c.yl;
    int n_exact = 0;
    const auto add_exact = [&](double v) { exact[n_exact++] = v; };
    switch (op) {
        case OpId::eft_add: add_exact(xh); add_exact(yh); break;
        case OpId::eft_mul: add_exact(xh * yh); break;
        case OpId::eft_split: add_exact(xh); break;
        case OpId::ff_add: add_exact(xh); add_exact(xl); add_exact(yh); add_exact(yl); break;
        case OpId::ff_add_f: add_exact(xh); add_exact(xl); add_exact(yh); break;
        case OpId::ff_mul:
            add_exact(xh * yh); add_exact(xh * yl); add_exact(xl * yh); add_exact(xl * yl);
            break;
        case OpId::ff_mul_f: add_exact(xh * yh); add_exact(xl * yh); break;
        case OpId::ff_div:
        case OpId::ff_div_f: add_exact(xh); add_exact(xl); break;
        default: break;  // not float-float ops
    }
    return n_exact;
}

bool fits_in_bits(float value, int bits) {
    uint32_t m = bits_of(value) & 0x7fffffu;
    if ((bits_of(value) & 0x7f800000u) != 0) m |= 0x800000u;
    if (m == 0) return true;
    while ((m & 1u) == 0) m >>= 1;
    return m < (1u << bits);
}

FloatFloatReference::FloatFloatReference() {
    for (int i = 0; i < kMaxTerms; ++i) {
        load_binary64(terms_[i], &limbs_[i], 0);
        pointers_[i] = terms_[i];
    }
    mpfr_inits2(64, difference_, exact_, ratio_, static_cast<mpfr_ptr>(nullptr));
}

FloatFloatReference::~FloatFloatReference() {
    mpfr_clears(difference_, exact_, ratio_, static_cast<mpfr_ptr>(nullptr));
}

FloatFloatReference::Measure FloatFloatReference::measure(OpId op, const Operands& in, uint64_t result) {
    return measure_components(op, components(op, in), result);
}

FloatFloatReference::Measure FloatFloatReference::measure_components(OpId op, const Components& c,
                                                                     uint64_t result) {
    const ff::Pair r = ff::unpack(result);
    const double yh = c.yh, yl = c.yl, rh = r.hi, rl = r.lo;
    // exact[] sums to the exact result (the numerator n of a quotient); error[] sums to r - x
    // (r * y - n for quotients, whose relative error is |r y - n| / |n|).
    double exact[4] = {}, error[kMaxTerms] = {};
    int n_error = 0;
    const auto add_error = [&](double v) { error[n_error++] = v; };
    const int n_exact = exact_terms(op, c, exact);
    if (op == OpId::ff_div || op == OpId::ff_div_f) {
        add_error(rh * yh); add_error(rl * yh);
        if (op == OpId::ff_div) {
            add_error(rh * yl); add_error(rl * yl);
        }
    } else {
        add_error(rh);
        add_error(rl);
    }
    for (int i = 0; i < n_exact; ++i) add_error(-exact[i]);

    for (int i = 0; i < n_exact; ++i) load_binary64(terms_[i], &limbs_[i], bits_of(exact[i]));
    mpfr_sum(exact_, pointers_, static_cast<unsigned long>(n_exact), MPFR_RNDN);
    for (int i = 0; i < n_error; ++i) load_binary64(terms_[i], &limbs_[i], bits_of(error[i]));
    mpfr_sum(difference_, pointers_, static_cast<unsigned long>(n_error), MPFR_RNDN);

    Measure m;
    m.exact = mpfr_get_d(exact_, MPFR_RNDN);
    if (op == OpId::ff_div || op == OpId::ff_div_f) m.exact = m.exact / (yh + yl);  // for display
    m.error_is_zero = mpfr_zero_p(difference_) != 0;
    if (m.error_is_zero) return m;
    if (mpfr_zero_p(exact_)) {
        m.error_u2 = kInfinity;
        return m;
    }
    mpfr_div(ratio_, difference_, exact_, MPFR_RNDN);
    mpfr_abs(ratio_, ratio_, MPFR_RNDN);
    mpfr_mul_2ui(ratio_, ratio_, 48, MPFR_RNDN);
    m.error_u2 = mpfr_get_d(ratio_, MPFR_RNDN);
    return m;
}

bool FloatFloatReference::exact_sum_differs(OpId op, const Components& a, const Components& b) {
    // Whether the exact results differ, decided exactly: mpfr_sum of a's terms minus b's is
    // correctly rounded, so it is zero only when they are equal. Quotients n/d are compared
    // as n_a d_b - n_b d_a, whose terms are products of two binary32, exact in binary64.
    double terms[kMaxTerms] = {};
    int n = 0;
    if (op == OpId::ff_div || op == OpId::ff_div_f) {
        for (const float na : {a.xh, a.xl}) {
            for (const float db : {b.yh, b.yl}) terms[n++] = static_cast<double>(na) * db;
        }
        for (const float nb : {b.xh, b.xl}) {
            for (const float da : {a.yh, a.yl}) terms[n++] = -static_cast<double>(nb) * da;
        }
    } else {
        double exact[4] = {};
        const int n_a = exact_terms(op, a, exact);
        for (int i = 0; i < n_a; ++i) terms[n++] = exact[i];
        const int n_b = exact_terms(op, b, exact);
        for (int i = 0; i < n_b; ++i) terms[n++] = -exact[i];
    }
    for (int i = 0; i < n; ++i) load_binary64(terms_[i], &limbs_[i], bits_of(terms[i]));
    mpfr_sum(difference_, pointers_, static_cast<unsigned long>(n), MPFR_RNDN);
    return mpfr_zero_p(difference_) == 0;
}

Verdict FloatFloatReference::judge(const ImplInfo& impl, const Operands& in, uint64_t result) {
    const Components raw = components(impl.op, in);
    // An impl built for flush-to-zero reads subnormal operands as zeros, so its exact answer
    // is that of the flushed operands; the results are not flushed: a pair cannot carry an
    // error term below the normal range under FTZ, which is what these impls should show.
    const Components c = impl.ftz ? flushed(raw) : raw;
    const ff::Pair r = ff::unpack(result);
    Verdict v;
    v.measured = true;
    if (impl.ftz && any_subnormal(raw)) v.ftz_changed = exact_sum_differs(impl.op, raw, c);
    const bool result_finite = finite(r.hi) && finite(r.lo);
    if (!(finite(c.xh) && finite(c.xl) && finite(c.yh) && finite(c.yl))) {
        v.category = Category::outside_domain;  // non-finite operands: no relative error
        v.error = kInfinity;
        return v;
    }
    bool inside = inputs_inside(c);
    if (impl.requires_ordered_operands) inside = inside && std::fabs(c.xh) >= std::fabs(c.yh);
    const Measure m = measure_components(impl.op, c, result);
    v.expected = bits_of(m.exact);
    v.error = result_finite ? (m.error_is_zero ? 0.0 : m.error_u2) : kInfinity;
    const double magnitude = std::fabs(m.exact);
    inside = inside && (m.exact == 0 || (magnitude >= kDomainResultMin && magnitude <= kDomainResultMax));
    if (!inside) {
        v.category = Category::outside_domain;
        v.wrong = !m.error_is_zero || !result_finite;
        return v;
    }
    const OpInfo& op = op_info(impl.op);
    if (op.error_free) {
        if (!m.error_is_zero || !result_finite) {
            v.category = Category::not_exact;
        } else if (impl.op == OpId::eft_split && !(fits_in_bits(r.hi, 12) && fits_in_bits(r.lo, 12))) {
            v.category = Category::bad_split;
        } else if (impl.op != OpId::eft_split && !normalised(r.hi, r.lo)) {
            v.category = Category::not_normalized;
        } else {
            v.category = Category::within_bound;
        }
        v.wrong = v.failed();
        return v;
    }
    if (!result_finite || !normalised(r.hi, r.lo)) {
        v.category = result_finite ? Category::not_normalized : Category::above_bound;
    } else if (impl.accuracy.bound < 0) {
        v.category = Category::unclaimed;
    } else {
        v.category = v.error > impl.accuracy.bound ? Category::above_bound : Category::within_bound;
    }
    v.wrong = v.failed();
    return v;
}

}  // namespace fpv
