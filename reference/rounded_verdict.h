// The verdict on a result of an op judged by correct rounding (Metric::correctly_rounded), for
// any result format and rounding mode: the expected result is MPFR's, or with the fast reference
// the host FPU's exact IEEE answer where the op has one (its host_ieee trait), MPFR recomputing
// the cross_checked() sample and winning any disagreement. Pure: depends only on its arguments.
#pragma once

#include <limits>
#include <optional>

#include "core/impl_traits.h"
#include "core/op_traits.h"
#include "reference/classify.h"
#include "reference/mpfr_reference.h"
#include "reference/reference_mode.h"
#include "reference/verdict.h"

namespace fpv {

// The host's exact answer for `in`, or nothing where the host cannot give one: the op has no
// host_ieee trait, the rounding is not the host's, or in flush-to-zero mode the answer is the
// least normal, which may come from a value tiny after rounding (x86's rule) that only MPFR
// can tell apart.
template <class Op>
std::optional<uint64_t> host_answer(const Operands& in, Rounding rounding, bool ftz) {
    using Host = typename Op::host_ieee;
    if constexpr (is_none<Host>) {
        return std::nullopt;
    } else {
        if (rounding != Rounding::rn) return std::nullopt;
        constexpr Format kResult = Op::result;
        Operands read = in;
        if (ftz) {
            for (int i = 0; i < arity<Op>; ++i) {
                read.set_word(i, flush_subnormal(Op::operands[static_cast<size_t>(i)].format, in.word(i)));
            }
        }
        uint64_t r = Host::eval(read);
        if (Host::canonical_nan && is_nan(kResult, r)) r = binary_format(kResult).canonical_nan;
        if (ftz) {
            if ((r & magnitude_mask(kResult)) == min_normal_bits(kResult)) return std::nullopt;
            r = flush_subnormal(kResult, r);
        }
        return r;
    }
}

// The verdict on `result` of `impl` (an impl of Op) for `in`; `fast` asks for the host's exact
// answers where the op has them.
template <class Op>
Verdict judge_rounded(MpfrReference& mpfr, const ImplSpec& impl, const Operands& in, uint64_t result, bool fast) {
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
    const bool exact = same_answer(kResult, result, expected);
    if (!exact) {
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
        // is, in representable numbers; an infinity for a finite value never passes.
        if constexpr (kResult == Format::binary32) {
            if (!is_nan(kResult, result) && !is_nan(kResult, expected)) {
                v.steps = representable_steps(kResult, result, expected);
                const bool finite_pair = !is_infinite(kResult, result) && !is_infinite(kResult, expected);
                if (impl.bound > 0 && finite_pair && static_cast<double>(v.steps) <= impl.bound) {
                    v.category = Category::within_bound;
                }
            }
        }
    }
    v.measured = !exact;
    v.wrong = v.failed();
    if (impl.in_domain != nullptr && !impl.in_domain(in)) {
        v.wrong = !exact;  // outside the claim: wrong means not the exact answer
        v.category = Category::outside_domain;
    }
    return v;
}

}  // namespace fpv
