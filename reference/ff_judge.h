// The verdict on a float-float result with MPFR's sums, or with the fast reference (exact
// integer sums, reference/ff_verdict.h) that MPFR recomputes on the cross_checked_pair() sample,
// its verdict winning any disagreement.
#pragma once

#include "core/impl_traits.h"
#include "reference/ff_verdict.h"
#include "reference/mpfr_reference.h"
#include "reference/reference_mode.h"

namespace fpv {

inline FloatFloatClaim claim_of(const ImplSpec& impl) { return {impl.bound, impl.ordered_operands, impl.ftz}; }

// A float-float verdict as the tally takes it: every result is measured.
inline Verdict verdict_of(const CompactVerdict& c) {
    Verdict v;
    v.category = c.category;
    v.error = c.error;
    v.expected = c.expected;
    v.measured = true;
    v.wrong = c.wrong;
    v.ftz_changed = c.ftz_changed;
    return v;
}

// Whether two verdicts are the same, bit for bit.
inline bool same_verdict(const CompactVerdict& a, const CompactVerdict& b) {
    return a.expected == b.expected && bits_of(a.error) == bits_of(b.error) && a.category == b.category &&
           a.wrong == b.wrong && a.ftz_changed == b.ftz_changed;
}

template <class Op>
CompactVerdict judge_float_float_with_mpfr(MpfrReference& mpfr, const FloatFloatClaim& claim, const Operands& in,
                                           uint64_t result) {
    using Terms = typename Op::reference;
    return judge_float_float<Op>(
        claim, in, result,
        [&](const FloatFloatComponents& c, uint64_t r) { return mpfr.measure<Terms>(c, r); },
        [&](const FloatFloatComponents& a, const FloatFloatComponents& b) { return mpfr.results_differ<Terms>(a, b); });
}

// Which fast verdicts MPFR recomputes, besides the cross_checked_pair() sample.
struct FloatFloatRecheck {
    bool all = false;       // this one, whatever it is
    bool failures = false;  // those that find a failure
};

// `precomputed`, when given, is the fast verdict already reached elsewhere (the GPU).
template <class Op>
Verdict judge_ff(MpfrReference& mpfr, const ImplSpec& impl, const Operands& in, uint64_t result, bool fast,
                 const CompactVerdict* precomputed = nullptr, FloatFloatRecheck recheck = {}) {
    static_assert(Op::metric == Metric::relative_u2);
    const FloatFloatClaim claim = claim_of(impl);
    if (!fast) return verdict_of(judge_float_float_with_mpfr<Op>(mpfr, claim, in, result));
    const CompactVerdict quick =
        precomputed != nullptr ? *precomputed : judge_float_float_exactly<Op>(claim, in, result);
    const bool checked_here =
        recheck.all || (recheck.failures && is_failure(quick.category)) || cross_checked_pair(in.a, in.b);
    if (!checked_here) return verdict_of(quick);
    const CompactVerdict checked = judge_float_float_with_mpfr<Op>(mpfr, claim, in, result);
    Verdict v = verdict_of(checked);
    if (!same_verdict(quick, checked)) {
        v.reference_conflict = true;
        v.conflicting = bits_of(quick.error);
        v.checked = bits_of(checked.error);
    }
    return v;
}

}  // namespace fpv
