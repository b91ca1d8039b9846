#include "reference/judge_ff.h"

#include <limits>

#include "reference/mpfr_binary64.h"

namespace fpv {

FloatFloatClaim claim_of(const ImplInfo& impl) {
    FloatFloatClaim claim;
    claim.op = impl.op;
    claim.bound = impl.accuracy.bound;
    claim.error_free = op_info(impl.op).error_free;
    claim.ordered = impl.requires_ordered_operands;
    claim.ftz = impl.ftz;
    return claim;
}

Verdict verdict_of(const CompactVerdict& c) {
    Verdict v;
    v.category = c.category;
    v.error = c.error;
    v.expected = c.expected;
    v.measured = true;  // float-float ops measure every result
    v.wrong = c.wrong;
    v.ftz_changed = c.ftz_changed;
    return v;
}

bool same_verdict(const CompactVerdict& a, const CompactVerdict& b) {
    return a.expected == b.expected && bits_of(a.error) == bits_of(b.error) && a.category == b.category &&
           a.wrong == b.wrong && a.ftz_changed == b.ftz_changed;
}

FloatFloatReference::FloatFloatReference() {
    for (int i = 0; i < ffv::kMaxTerms; ++i) {
        load_binary64(terms_[i], &limbs_[i], 0);
        pointers_[i] = terms_[i];
    }
    mpfr_inits2(64, difference_, exact_, ratio_, static_cast<mpfr_ptr>(nullptr));
}

FloatFloatReference::~FloatFloatReference() {
    mpfr_clears(difference_, exact_, ratio_, static_cast<mpfr_ptr>(nullptr));
}

// mpfr_sum of the terms into `into` (precision 64), round to nearest.
mpfr_srcptr FloatFloatReference::sum(mpfr_ptr into, const double* terms, int n) {
    for (int i = 0; i < n; ++i) load_binary64(terms_[i], &limbs_[i], bits_of(terms[i]));
    mpfr_sum(into, pointers_, static_cast<unsigned long>(n), MPFR_RNDN);
    return into;
}

FloatFloatMeasure FloatFloatReference::measure(OpId op, const Operands& in, uint64_t result) {
    return measure_components(op, ffv::components(op, in), result);
}

FloatFloatMeasure FloatFloatReference::measure_components(OpId op, const FloatFloatComponents& c, uint64_t result) {
    double exact[4] = {}, error[ffv::kMaxTerms] = {};
    const int n_exact = ffv::exact_terms(op, c, exact);
    const int n_error = ffv::error_terms(op, c, result, exact, n_exact, error);
    sum(exact_, exact, n_exact);
    sum(difference_, error, n_error);

    FloatFloatMeasure m;
    m.exact = mpfr_get_d(exact_, MPFR_RNDN);
    if (op == OpId::ff_div || op == OpId::ff_div_f) m.exact = m.exact / (static_cast<double>(c.yh) + c.yl);
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    if (!mpfr_number_p(difference_)) {  // an infinite or NaN result: no finite error
        m.error_u2 = kInfinity;
        return m;
    }
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

bool FloatFloatReference::results_differ(OpId op, const FloatFloatComponents& a, const FloatFloatComponents& b) {
    // mpfr_sum is correctly rounded, so it is zero only when the exact difference is.
    double terms[ffv::kMaxTerms] = {};
    const int n = ffv::difference_terms(op, a, b, terms);
    sum(difference_, terms, n);
    return mpfr_zero_p(difference_) == 0;
}

CompactVerdict FloatFloatReference::judge_with_mpfr(const FloatFloatClaim& claim, const Operands& in,
                                                    uint64_t result) {
    return judge_float_float(
        claim, in, result,
        [this](OpId op, const FloatFloatComponents& c, uint64_t r) { return measure_components(op, c, r); },
        [this](OpId op, const FloatFloatComponents& a, const FloatFloatComponents& b) {
            return results_differ(op, a, b);
        });
}

Verdict FloatFloatReference::judge(const ImplInfo& impl, const Operands& in, uint64_t result,
                                   ReferenceMode mode, const CompactVerdict* precomputed) {
    const FloatFloatClaim claim = claim_of(impl);
    if (mode != ReferenceMode::fast) return verdict_of(judge_with_mpfr(claim, in, result));
    const CompactVerdict fast = precomputed != nullptr ? *precomputed : judge_float_float_exactly(claim, in, result);
    if (!cross_checked_pair(in)) return verdict_of(fast);
    const CompactVerdict checked = judge_with_mpfr(claim, in, result);
    Verdict v = verdict_of(checked);
    if (!same_verdict(fast, checked)) {
        v.reference_conflict = true;
        v.conflicting = bits_of(fast.error);
        v.checked = bits_of(checked.error);
    }
    return v;
}

}  // namespace fpv
