// Judging results of one impl: OpJudge<Op> for loops that know their op at compile time (the
// backends), Judge for code that has an impl at run time (repro, export, bench, tests). Both
// hold per-thread MPFR state: one per thread.
#pragma once

#include <cmath>
#include <cstdlib>
#include <memory>

#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "reference/componentwise_verdict.h"
#include "reference/exact_check.h"
#include "reference/ff_judge.h"
#include "reference/reference_mode.h"
#include "reference/rounded_verdict.h"

namespace fpv {

// Whether the exact reference can certify results of `impl`: its op has an exact check and
// the impl claims every input, or a domain of operands alone (others may depend on the exact
// result's tininess, which MPFR places).
inline bool certifiable(const ImplInfo& impl) {
    return op_info(impl.op).has_exact_check && (impl.spec.in_domain == nullptr || impl.operand_domain);
}

// Whether the exact reference also measures results of `impl` that are within its claimed
// bound but not correctly rounded, without MPFR (reference/ulp_measure.h): its op's check
// measures, and the impl claims a bound.
inline bool measurable(const ImplInfo& impl) {
    if (!certifiable(impl) || impl.spec.bound <= 0) return false;
    return with_op(impl.op, [](auto tag) {
        using Check = typename decltype(tag)::type::exact_check;
        if constexpr (is_none<Check>) {
            return false;
        } else {
            return exact_check::MeasuresUlps<Check>;
        }
    });
}

// Whether the GPU judges results of `impl` under the exact reference, handing the host only what
// it cannot settle: by its op's exact check, or beside the binary64 twin of a math function
// (ops/math32/twin.h), which also measures results within a claimed bound.
inline bool gpu_certifiable(const ImplInfo& impl) {
    return certifiable(impl) || (op_info(impl.op).has_binary64_twin && impl.spec.in_domain == nullptr);
}
inline bool gpu_measurable(const ImplInfo& impl) {
    const bool claims_more = impl.spec.bound > 0 || impl.spec.claim_at != nullptr;
    return measurable(impl) || (gpu_certifiable(impl) && op_info(impl.op).has_binary64_twin && claims_more);
}

// Tests only: FPV_INJECT_WRONG_CERTIFICATE makes the exact reference certify every result it
// may judge, as a broken check would, and the exact sums of componentwise ops wrong, so that
// MPFR's sample must catch it.
inline bool wrong_certificates_planted() { return std::getenv("FPV_INJECT_WRONG_CERTIFICATE") != nullptr; }

template <class Op>
class OpJudge {
public:
    OpJudge(const ImplInfo& impl, ReferenceMode mode, bool strict_nan = false)
        : impl_(impl),
          fast_(mode == ReferenceMode::fast ||
                (mode == ReferenceMode::exact && (Op::metric != Metric::correctly_rounded || kTwin))),
          certify_(mode == ReferenceMode::exact && certifiable(impl)),
          exact_(mode == ReferenceMode::exact),
          strict_nan_(strict_nan),
          wrong_certificates_(wrong_certificates_planted()) {}

    // Float-float results under the exact reference: MPFR recomputes every one judged from now
    // on (the GPU hands over only failures, candidates for the worst lists and the sample).
    void recheck_every_result() { recheck_all_ = true; }

    // `precomputed`: a float-float verdict the GPU already reached with the fast reference;
    // `index`: the input's index in its class, which picks the exact reference's MPFR sample.
    Verdict operator()(const Operands& in, uint64_t result, const CompactVerdict* precomputed = nullptr,
                       uint64_t index = 0) {
        if constexpr (Op::metric == Metric::relative_u2) {
            // Under the exact reference MPFR recomputes the failures and the sample too.
            const FloatFloatRecheck recheck{recheck_all_ || (exact_ && exact_sampled(index)), exact_};
            return judge_ff<Op>(mpfr_, impl_.spec, in, result, fast_, precomputed, recheck);
        } else if constexpr (Op::metric == Metric::componentwise) {
            return judge_componentwise<Op>(dot_, impl_.spec, in, result, fast_, recheck_all_, wrong_certificates_);
        } else {
            if constexpr (!is_none<typename Op::exact_check>) {
                if (certify_ && (wrong_certificates_ || exact_check::certifies<Op>(in, result, impl_.spec.rounding,
                                                                                     impl_.spec.ftz, strict_nan_))) {
                    ++certified_count_;
                    const Category category = claimed(in) ? Category::exact : Category::outside_domain;
                    return exact_sampled(index) ? rejudged(in, result, category) : certified(result, category);
                }
            }
            // What a math function's twin left to the host goes to the fast reference, but for
            // the sample of what the GPU decided, which MPFR re-judges, its verdict standing.
            const bool sampled = kTwin && exact_ && exact_sampled(index);
            Verdict v = judge_rounded<Op>(mpfr_, impl_.spec, in, result, fast_ && !sampled, strict_nan_);
            if (sampled && precomputed != nullptr && !twin_agrees(*precomputed, v)) {
                v.reference_conflict = true;
                v.conflicting = result;  // what the twin certified, or measured within the bound
                v.checked = v.expected;
            }
            return v;
        }
    }

    // The correctly rounded result in `rounding` (vector files of another mode than the impl's).
    uint64_t reference(const Operands& in, Rounding rounding) {
        if constexpr (Op::metric == Metric::correctly_rounded) {
            return mpfr_.correctly_rounded<Op>(in, rounding, false);
        } else if constexpr (Op::metric == Metric::componentwise) {
            load_terms<typename Op::reference>(dot_, in);
            return dot_.rounded(rounding);
        } else {
            return 0;
        }
    }

    // How many results the exact check certified (tests: that the exact reference is used).
    uint64_t certified_count() const { return certified_count_; }

    // What MPFR concludes of a result an exact check certified, when MPFR agrees: exact, or
    // outside the impl's domain (of operands, then).
    static Verdict certified(uint64_t result, Category category = Category::exact) {
        Verdict v;
        v.expected = result;
        v.category = category;
        return v;
    }

private:
    static constexpr bool kTwin = !is_none<twin_of<Op>>;

    // Whether MPFR's verdict is what the twin decided on the GPU: the result correctly rounded,
    // or within its claim (or where it claims nothing) with an error in MPFR's histogram bin and
    // not below MPFR's (the twin measures an upper bound in the exact error's bin: within 2^-15
    // ulp of it, but beside a power of two, where it bounds both binades at once; the bin keeps
    // it below twice MPFR's). The binary32
    // that carried it rounded it to nearest (2^-24 of it, which may round up to the next power of
    // two, the next bin's edge, or past binary32's range to infinity for the errors of results
    // where the impl claims nothing).
    static bool twin_agrees(const CompactVerdict& decided, const Verdict& mpfr) {
        if (decided.category == Category::exact) return mpfr.category == Category::exact;
        if (mpfr.category != Category::within_bound && mpfr.category != Category::unclaimed) return false;
        if (std::isinf(decided.error)) return mpfr.error >= 0x1.fffffep127;
        if (decided.error < mpfr.error * (1 - 0x1p-23)) return false;
        const int bin = std::ilogb(mpfr.error), sent = std::ilogb(decided.error);
        const bool rounded_up_to_edge = sent == bin + 1 && decided.error == std::ldexp(1.0, sent);
        return sent == bin || rounded_up_to_edge;
    }

    bool claimed(const Operands& in) const {
        return impl_.spec.in_domain == nullptr || impl_.spec.in_domain(in, 0, false);  // operands alone
    }

    // A certified result that MPFR re-judges: MPFR's verdict stands, and one other than the
    // certified one is a disagreement (conflicting: the certified answer; checked: MPFR's).
    Verdict rejudged(const Operands& in, uint64_t result, Category category) {
        Verdict v = judge_rounded<Op>(mpfr_, impl_.spec, in, result, false, strict_nan_);
        if (v.category != category || v.ftz_changed || v.measured || v.wrong) {
            v.reference_conflict = true;
            v.conflicting = result;
            v.checked = v.expected;
        }
        return v;
    }

    const ImplInfo& impl_;
    bool fast_, certify_, exact_, strict_nan_, wrong_certificates_;
    bool recheck_all_ = false;
    uint64_t certified_count_ = 0;
    MpfrReference mpfr_;
    MpfrDot dot_;  // componentwise ops' MPFR
};

class Judge {
public:
    explicit Judge(const ImplInfo& impl, ReferenceMode mode = ReferenceMode::mpfr, bool strict_nan = false);

    Verdict operator()(const Operands& in, uint64_t result, const CompactVerdict* precomputed = nullptr,
                       uint64_t index = 0) {
        return judge_->judge(in, result, precomputed, index);
    }

    // Whether two results of op count as the same answer (any NaN matches any NaN).
    static bool same_answer(OpId op, uint64_t a, uint64_t b) { return fpv::same_answer(op_info(op).result, a, b); }

private:
    struct Base {
        virtual ~Base() = default;
        virtual Verdict judge(const Operands& in, uint64_t result, const CompactVerdict* precomputed,
                              uint64_t index) = 0;
    };
    template <class Op>
    struct Typed final : Base {
        Typed(const ImplInfo& impl, ReferenceMode mode, bool strict_nan) : op_judge(impl, mode, strict_nan) {}
        Verdict judge(const Operands& in, uint64_t result, const CompactVerdict* precomputed,
                      uint64_t index) override {
            return op_judge(in, result, precomputed, index);
        }
        OpJudge<Op> op_judge;
    };
    std::unique_ptr<Base> judge_;
};

}  // namespace fpv
