// The verdict on a result of an op judged by correct rounding (Metric::correctly_rounded), for
// any result format and rounding mode: the expected result is MPFR's, or with the fast reference
// the host FPU's exact IEEE answer where the op has one (its host_ieee trait), MPFR recomputing
// the cross_checked() sample and every result the fast answer makes wrong, and winning any
// disagreement. Pure: depends only on its arguments.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>

#include "core/host_rounding.h"
#include "core/impl_traits.h"
#include "core/op_traits.h"
#include "reference/classify.h"
#include "reference/mpfr_reference.h"
#include "reference/reference_mode.h"
#include "reference/verdict.h"

namespace fpv {

// The host's exact answer for `in` in `rounding`, or nothing where the host cannot give one:
// the op has no host_ieee trait, or in flush-to-zero mode the answer is the least normal, which
// may come from a value tiny after rounding (x86's rule) that only MPFR can tell apart.
template <class Op>
std::optional<uint64_t> host_answer(const Operands& in, Rounding rounding, bool ftz) {
    using Host = typename Op::host_ieee;
    if constexpr (is_none<Host>) {
        return std::nullopt;
    } else {
        constexpr Format kResult = Op::result;
        Operands read = in;
        if (ftz) {
            for (int i = 0; i < arity<Op>; ++i) {
                read.set_word(i, flush_subnormal(Op::operands[static_cast<size_t>(i)].format, in.word(i)));
            }
        }
        uint64_t r = in_host_rounding(rounding, [](uint64_t a, uint64_t b, uint64_t c) {
            return Host::eval(Operands{a, b, c});
        }, read.a, read.b, read.c);
        if (Host::canonical_nan && is_nan(kResult, r)) r = binary_format(kResult).canonical_nan;
        if (ftz) {
            if ((r & magnitude_mask(kResult)) == min_normal_bits(kResult)) return std::nullopt;
            r = flush_subnormal(kResult, r);
        }
        return r;
    }
}

// Whether a NaN result keeps the NaN rule its impl declares (`--strict-nan`): quiet always;
// where an operand is a NaN, under `propagate` the first NaN operand quieted, under `operand`
// one of them quieted; under `canonical` the impl's one NaN.
template <class Op>
bool keeps_nan_rule(const ImplSpec& impl, const Operands& in, uint64_t result) {
    constexpr Format kResult = Op::result;
    if (is_signalling_nan(kResult, result)) return false;
    switch (impl.nans) {
        case NanRule::canonical: return result == impl.canonical_nan;
        case NanRule::propagate:
            for (int i = 0; i < arity<Op>; ++i) {
                const Format f = Op::operands[static_cast<size_t>(i)].format;
                if (f == kResult && is_nan(f, in.word(i))) return result == (in.word(i) | quiet_bit(f));
            }
            return true;
        case NanRule::operand: {
            bool any_nan = false;
            for (int i = 0; i < arity<Op>; ++i) {
                const Format f = Op::operands[static_cast<size_t>(i)].format;
                if (f != kResult || !is_nan(f, in.word(i))) continue;
                any_nan = true;
                if (result == (in.word(i) | quiet_bit(f))) return true;
            }
            return !any_nan;
        }
        case NanRule::any: break;
    }
    return true;
}

// Whether the exact result is nonzero and below the least normal in magnitude, from the
// correctly rounded result `expected` and, where that cannot tell (a zero, the least normal),
// the results of other rounding modes.
template <class Op>
bool exact_is_tiny(MpfrReference& mpfr, const Operands& in, uint64_t expected, const ImplSpec& impl) {
    constexpr Format kResult = Op::result;
    const uint64_t magnitude = expected & magnitude_mask(kResult);
    if (is_nan(kResult, expected) || magnitude > min_normal_bits(kResult)) return false;
    if (magnitude != 0 && magnitude < min_normal_bits(kResult)) return true;  // subnormal
    const auto rounded = [&](Rounding r) {
        return mpfr.correctly_rounded<Op>(in, r, impl.ftz) & magnitude_mask(kResult);
    };
    if (magnitude == 0) return rounded(Rounding::ru) != 0 || rounded(Rounding::rd) != 0;  // zero only if exact
    return rounded(Rounding::rz) < min_normal_bits(kResult);  // the least normal, from below or not
}

// Whether MPFR confirms every result the op's fast reference calls wrong (its host_ieee trait's
// confirm_failures).
template <class Op>
constexpr bool confirms_failures() {
    if constexpr (requires { Op::host_ieee::confirm_failures; }) {
        return Op::host_ieee::confirm_failures;
    } else {
        return false;  // the FPU's own arithmetic, or no fast reference (None)
    }
}

// Whether a finite result keeps the claim stated at its input: a distance in binary32 numbers,
// or an absolute or relative error that MPFR measures.
template <class Op>
bool within_claim(MpfrReference& mpfr, const ClaimAt& claim, const Operands& in, uint64_t result, bool ftz,
                  int64_t steps) {
    switch (claim.kind) {
        case ClaimAt::Kind::absolute: return mpfr.absolute_error<Op>(in, result, ftz) <= claim.value;
        case ClaimAt::Kind::relative: return mpfr.relative_error<Op>(in, result, ftz) <= claim.value;
        case ClaimAt::Kind::ulps: return static_cast<double>(steps) <= claim.value;
        case ClaimAt::Kind::none: return false;
    }
    return false;
}

// The verdict on `result` of `impl` (an impl of Op) for `in`; `fast` asks for the host's exact
// answers where the op has them.
// `strict_nan` also holds NaN results to the impl's NaN rule.
template <class Op>
Verdict judge_rounded(MpfrReference& mpfr, const ImplSpec& impl, const Operands& in, uint64_t result, bool fast,
                      bool strict_nan = false) {
    static_assert(Op::metric == Metric::correctly_rounded);
    constexpr Format kResult = Op::result;
    using HostError = typename Op::host_error;
    Verdict v;
    const auto reference = [&](bool ftz) { return mpfr.correctly_rounded<Op>(in, impl.rounding, ftz); };
    const std::optional<uint64_t> host = fast ? host_answer<Op>(in, impl.rounding, impl.ftz) : std::nullopt;
    uint64_t expected = host ? *host : reference(impl.ftz);
    if (host && cross_checked(in.a)) {
        const uint64_t checked = reference(impl.ftz);
        if (!same_answer(kResult, checked, expected)) {
            v.reference_conflict = true;
            v.conflicting = expected;
            v.checked = checked;
            expected = checked;
        }
    }
    v.expected = expected;
    if (impl.ftz) {
        // What flushing cost: the IEEE answer differs from the flush-to-zero one.
        bool touched = flush_subnormal(kResult, expected) != expected || is_zero(kResult, expected);
        for (int i = 0; i < arity<Op>; ++i) {
            const Format f = Op::operands[static_cast<size_t>(i)].format;
            touched = touched || flush_subnormal(f, in.word(i)) != in.word(i);
        }
        if (touched) {
            const std::optional<uint64_t> ieee_host = fast ? host_answer<Op>(in, impl.rounding, false) : std::nullopt;
            v.ftz_changed = !same_answer(kResult, ieee_host ? *ieee_host : reference(false), expected);
        }
    }
    bool exact = same_answer(kResult, result, expected);
    if (exact && strict_nan && is_nan(kResult, result) && !keeps_nan_rule<Op>(impl, in, result)) {
        exact = false;
        v.category = Category::wrong_nan;
        v.error = std::numeric_limits<double>::infinity();
    } else if (!exact) {
        double host_error = 0;
        if (is_nan(kResult, result) || is_nan(kResult, expected)) {
            v.error = std::numeric_limits<double>::infinity();
        } else if constexpr (!is_none<HostError>) {
            if ((HostError::replaces_mpfr || fast) && HostError::ulp_error(in, result, impl.ftz, host_error)) {
                v.error = host_error;
                if (!HostError::replaces_mpfr && cross_checked(in.a)) {
                    const double checked = mpfr.ulp_error<Op>(in, result, impl.ftz);
                    if (bits_of(checked) != bits_of(host_error)) {
                        v.reference_conflict = true;
                        v.conflicting = bits_of(host_error);
                        v.checked = bits_of(checked);
                        v.error = checked;
                    }
                }
            } else {
                v.error = mpfr.ulp_error<Op>(in, result, impl.ftz);
            }
        } else {
            v.error = mpfr.ulp_error<Op>(in, result, impl.ftz);
        }
        v.category = classify(kResult, expected, result, v.error);
        // NVIDIA states its bounds as the distance to the correctly rounded result in ulps, that
        // is, in representable numbers; an infinity for a finite value never passes, nor does a
        // zero of the wrong sign (Annex F states the sign of every zero result: no bound in ulps
        // excuses it). Counted for binary32 results and wherever an impl claims such a bound.
        if (kResult == Format::binary32 || impl.bound > 0) {
            if (!is_nan(kResult, result) && !is_nan(kResult, expected)) {
                // A flush-to-zero build has no subnormals: 0 and 2^-126 are neighbours (the
                // flushed reference's results are never subnormal; an impl's subnormal result
                // counts from where it lies).
                const uint64_t magnitude = result & 0x7fffffffu;
                const bool flushed = impl.ftz && kResult == Format::binary32 && (magnitude == 0 || magnitude >= 0x00800000u);
                v.steps = flushed ? flushed_steps(result, expected) : saturated_steps(kResult, result, expected);
                const bool finite_pair = !is_infinite(kResult, result) && !is_infinite(kResult, expected);
                // Nor does another value where the op's special-value rules state an exact one
                // (exp(0) = 1, pow(x, 0) = 1, tanh(inf) = 1): one MPFR call, at those inputs only.
                const bool stated = special_value_stated<Op>(in) && mpfr.ulp_error<Op>(in, expected, impl.ftz) == 0;
                const ClaimAt claim = impl.claim_at != nullptr ? impl.claim_at(in) : ClaimAt{.value = impl.bound};
                const bool claims = impl.bound > 0 || impl.claim_at != nullptr;
                if (claims && v.category != Category::wrong_zero_sign && !stated) {
                    if (claim.kind == ClaimAt::Kind::none) {
                        // Measured where the impl claims nothing (an infinity included); a NaN
                        // for a number, a zero's sign and the stated special values still fail.
                        v.category = Category::unclaimed;
                    } else if (finite_pair && within_claim<Op>(mpfr, claim, in, result, impl.ftz, v.steps)) {
                        v.category = Category::within_bound;
                    }
                }
            }
        }
    }
    v.measured = !exact && v.category != Category::wrong_nan;  // a NaN's payload has no error in ulps
    v.wrong = v.failed();
    // --strict-nan asks about every NaN, inside the claimed domain or not: a NaN against the
    // impl's rule stays a failure even where the impl claims nothing else.
    if (v.category != Category::wrong_nan && impl.in_domain != nullptr &&
        !impl.in_domain(in, expected, exact_is_tiny<Op>(mpfr, in, expected, impl))) {
        v.wrong = !exact;  // outside the claim: wrong means not the exact answer
        v.category = Category::outside_domain;
    }
    // Where the fast reference is a library rather than the FPU's own IEEE arithmetic (its trait
    // confirm_failures: CORE-MATH), a result it calls wrong is MPFR's to confirm, sampled or not:
    // MPFR's verdict stands, and a fast answer it contradicts is a disagreement of the references
    // (CORE-MATH's powf, 9368e065, rounds pow(0x3f8001b8, 0x49cc7a46) down; the exact value lies
    // just above the midpoint).
    if (confirms_failures<Op>() && host && v.wrong && !cross_checked(in.a)) {
        const uint64_t checked = reference(impl.ftz);
        if (!same_answer(kResult, checked, expected)) {
            Verdict by_mpfr = judge_rounded<Op>(mpfr, impl, in, result, false, strict_nan);
            by_mpfr.reference_conflict = true;
            by_mpfr.conflicting = expected;
            by_mpfr.checked = checked;
            return by_mpfr;
        }
    }
    return v;
}

}  // namespace fpv
