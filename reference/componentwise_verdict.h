// The verdict on an entry of a matrix product (Metric::componentwise): the expected result is
// the correctly rounded entry in the impl's rounding mode, the error is |C - exact| in units of
// eps * sum |a b| (eps = 2^-52), measured for every entry, and the claim is a bound in those
// units that may grow with the number of terms (ImplSpec::bound_per_term; an impl that claims
// 0 claims correct rounding). Under the fast and exact references the exact accumulator
// (reference/exact_dot.h) decides, and MPFR (reference/mpfr_dot.h) recomputes a sample, one
// entry in 1024, and every failure, and wins any disagreement; under the MPFR reference MPFR
// alone decides. The op's reference trait gives the terms: length(in), a(in, l), b(in, l).
#pragma once

#include <cmath>
#include <vector>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/impl_traits.h"
#include "reference/classify.h"
#include "reference/entry_judge.h"
#include "reference/exact_dot.h"
#include "reference/mpfr_dot.h"
#include "reference/reference_mode.h"
#include "reference/verdict.h"

namespace fpv {

template <class Terms>
void load_terms(MpfrDot& mpfr, const Operands& in) {
    thread_local std::vector<uint64_t> a, b;
    const uint32_t k = Terms::length(in);
    a.resize(k);
    b.resize(k);
    for (uint32_t l = 0; l < k; ++l) {
        a[l] = Terms::a(in, l);
        b[l] = Terms::b(in, l);
    }
    mpfr.load(a, b);
}

// The bound an impl claims for an entry of k terms, in eps * sum |a b|.
inline double componentwise_bound(const ImplSpec& impl, uint32_t k) {
    return bound_for_terms(impl.bound, impl.bound_per_term, k);
}

// Two measurements of one error that agree: equal, or within the rounding of their arithmetic.
inline bool same_measure(double x, double y) {
    if (x == y || (std::isinf(x) && std::isinf(y))) return true;
    return std::abs(x - y) <= 0x1p-40 * std::max(std::abs(x), std::abs(y));
}

// `plant_wrong_sum` (tests only) makes the exact accumulator's answer wrong, as a broken one
// would be, so that MPFR's sample must catch it: the last bit of the entry flipped, the error doubled.
template <class Op>
Verdict judge_componentwise(MpfrDot& mpfr, const ImplSpec& impl, const Operands& in, uint64_t result, bool fast,
                            bool recheck_all = false, bool plant_wrong_sum = false) {
    static_assert(Op::metric == Metric::componentwise);
    using Terms = typename Op::reference;
    constexpr Format kResult = Op::result;
    Verdict v;
    uint64_t expected = 0;
    double error = 0, ulps = 0;
    // The distance in ulps of the correctly rounded entry, where the exact entry lies within
    // binary64's range (rounded to nearest it is finite) and so do it and the result; otherwise 0
    // for the correctly rounded entry and +inf for another (beyond the range a directed mode's
    // largest finite number is correct however many of its ulps away the exact value lies).
    const auto finite = [](uint64_t x) { return (x & ~b64::kSign) < b64::kInfinity; };
    const auto measurable = [&](uint64_t exp, uint64_t nearest) {
        return finite(result) && finite(exp) && finite(nearest);
    };
    const auto non_finite_ulps = [&](uint64_t exp) {
        return same_answer(kResult, result, exp) ? 0.0 : __builtin_huge_val();
    };
    if (fast) {
        exact_dot::Accumulator acc;
        accumulate_terms<Terms>(in, acc);
        const EntryMeasure m = measure_entry(acc, result, impl.rounding, plant_wrong_sum);
        expected = m.expected;
        error = m.error;
        ulps = m.ulps;
    }
    const auto claim_holds = [&](uint64_t exp, double err) {
        const bool correct_rounding = impl.bound == 0 && impl.bound_per_term == 0;
        return same_answer(kResult, result, exp) || (!correct_rounding && err <= componentwise_bound(impl, Terms::length(in)));
    };
    if (!fast || recheck_all || cross_checked_pair(in.a, in.b) || !claim_holds(expected, error)) {
        load_terms<Terms>(mpfr, in);
        const uint64_t checked = mpfr.rounded(impl.rounding);
        const double checked_error = mpfr.componentwise_error(result);
        const uint64_t nearest = impl.rounding == Rounding::rn ? checked : mpfr.rounded(Rounding::rn);
        const double checked_ulps =
            measurable(checked, nearest) ? mpfr.error_in_ulps(result, checked) : non_finite_ulps(checked);
        if (fast && (!same_answer(kResult, checked, expected) || !same_measure(checked_error, error) ||
                     !same_measure(checked_ulps, ulps))) {
            v.reference_conflict = true;
            v.conflicting = same_answer(kResult, checked, expected) ? bits_of(error) : expected;
            v.checked = same_answer(kResult, checked, expected) ? bits_of(checked_error) : checked;
        }
        expected = checked;
        error = checked_error;
        ulps = checked_ulps;
    }
    v.expected = expected;
    v.ulps = ulps;
    // The correctly rounded entry is as close as binary64 gets, even where the exact value lies
    // beyond the largest double (an infinity) or is invalid (a NaN): no error to speak of.
    v.error = same_answer(kResult, result, expected) && !std::isfinite(error) ? 0 : error;
    v.measured = true;
    if (!same_answer(kResult, result, expected)) {
        const bool nan_involved = is_nan(kResult, result) || is_nan(kResult, expected);
        if (!nan_involved) v.steps = saturated_steps(kResult, result, expected);
        // classify() reads an error in ulps: below 1 is the other neighbour of the exact value.
        v.category = classify(kResult, expected, result, v.steps == 1 ? 0.5 : 1.0);
        if (claim_holds(expected, error)) v.category = Category::within_bound;
    }
    v.wrong = v.failed();
    // Outside the impl's documented operands an entry is counted apart; wrong there means not
    // the correctly rounded entry.
    if (impl.in_domain != nullptr && !impl.in_domain(in, expected, false)) {
        v.wrong = !same_answer(kResult, result, expected);
        v.category = Category::outside_domain;
    }
    return v;
}

}  // namespace fpv
