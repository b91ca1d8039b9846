// What the exact accumulator (reference/exact_dot.h) says of one entry of a matrix product, in
// code the host and the GPU share: the correctly rounded entry, its error in eps * sum |a b| and
// in ulps, and whether the impl's claim holds. The host's verdict (reference/componentwise_verdict.h)
// and the GPU's kernels (verifier/gpu/entry_kernels.cuh) both start from measure_entry, so an
// entry judged on either gets the same numbers, bit for bit.
#pragma once

#include <cstdint>

#include "core/formats.h"
#include "core/operands.h"
#include "core/rn_arith.h"
#include "reference/classify.h"
#include "reference/exact_dot.h"

namespace fpv {

template <class Terms>
FPV_HD inline void accumulate_terms(const Operands& in, exact_dot::Accumulator& acc) {
    acc.clear();
    const uint32_t k = Terms::length(in);
    for (uint32_t l = 0; l < k; ++l) acc.add_product(Terms::a(in, l), Terms::b(in, l));
}

// The bound an impl claims for an entry of k terms, in eps * sum |a b|: bound + per_term * k,
// each operation rounded alone (nvcc would otherwise fuse them, and the GPU's bound differ).
FPV_HD inline double bound_for_terms(double bound, double per_term, uint32_t k) {
    return rn::add(bound, rn::mul(per_term, static_cast<double>(k)));
}

struct EntryMeasure {
    uint64_t expected = 0;  // the exact entry rounded in the impl's mode
    double error = 0;       // |C - exact| / (eps * sum |a b|) (Accumulator::componentwise_error)
    double ulps = 0;        // |C - exact| / ulp(expected); 0 or +inf where that is not finite
};

// `planted` (tests only) makes the answer wrong as a broken accumulator would, so that MPFR's
// sample must catch it: the last bit of the entry flipped, the error doubled.
FPV_HD inline EntryMeasure measure_entry(const exact_dot::Accumulator& acc, uint64_t result, Rounding rounding,
                                         bool planted = false) {
    constexpr uint64_t kMagnitude = ~b64::kSign;
    EntryMeasure m;
    m.expected = acc.rounded(rounding);
    m.error = acc.componentwise_error(result);
    const uint64_t nearest = rounding == Rounding::rn ? m.expected : acc.rounded(Rounding::rn);
    // In ulps where the exact entry lies within binary64's range (rounded to nearest it is
    // finite) and so do it and the result; otherwise 0 for the correctly rounded entry and +inf
    // for another (beyond the range a directed mode's largest finite number is correct however
    // many of its ulps away the exact value lies).
    const bool measurable = (result & kMagnitude) < b64::kInfinity && (m.expected & kMagnitude) < b64::kInfinity &&
                            (nearest & kMagnitude) < b64::kInfinity;
    if (measurable) {
        m.ulps = acc.error_in_ulps(result, m.expected);
    } else {
        m.ulps = same_answer(Format::binary64, result, m.expected) ? 0.0 : __builtin_huge_val();
    }
    if (planted) {
        m.expected ^= 1;
        m.error *= 2;
    }
    return m;
}

// An entry's verdict as far as the GPU keeps it: correctly rounded, or within the claimed bound
// (with its distance in steps), or a failure the host must classify.
struct EntryVerdict {
    EntryMeasure measure;
    bool correct = false, within_bound = false;
    int64_t steps = 0;  // from the correctly rounded entry, where not it
};

// `bound`: bound_for_terms of the impl's claim; a claim of 0 is a claim of correct rounding.
FPV_HD inline EntryVerdict judge_entry(const exact_dot::Accumulator& acc, uint64_t result, Rounding rounding,
                                       double bound, bool claims_correct_rounding, bool planted = false) {
    EntryVerdict v;
    v.measure = measure_entry(acc, result, rounding, planted);
    v.correct = same_answer(Format::binary64, result, v.measure.expected);
    if (v.correct) {
        // The correctly rounded entry is as close as binary64 gets, even where the exact value
        // lies beyond the largest double or is invalid: no error to speak of.
        if ((bits_of(v.measure.error) & b64::kInfinity) == b64::kInfinity) v.measure.error = 0;
        return v;
    }
    v.within_bound = !claims_correct_rounding && v.measure.error <= bound;
    const bool nan_involved = b64::is_nan(result) || b64::is_nan(v.measure.expected);
    if (!nan_involved) v.steps = binary64_steps(result, v.measure.expected);
    return v;
}

}  // namespace fpv
