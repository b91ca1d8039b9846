// Judging results of one impl: OpJudge<Op> for loops that know their op at compile time (the
// backends), Judge for code that has an impl at run time (repro, export, bench, tests). Both
// hold per-thread MPFR state: one per thread.
#pragma once

#include <memory>

#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "reference/ff_judge.h"
#include "reference/reference_mode.h"
#include "reference/rounded_verdict.h"

namespace fpv {

// Whether the exact reference can certify results of `impl`: its op has an exact check and
// the impl claims every input (a domain needs MPFR's tininess to place an input).
inline bool certifiable(const ImplInfo& impl) {
    return op_info(impl.op).has_exact_check && impl.spec.in_domain == nullptr;
}

template <class Op>
class OpJudge {
public:
    OpJudge(const ImplInfo& impl, ReferenceMode mode, bool strict_nan = false)
        : impl_(impl),
          fast_(mode == ReferenceMode::fast || (mode == ReferenceMode::exact && Op::metric == Metric::relative_u2)),
          certify_(mode == ReferenceMode::exact && certifiable(impl)),
          strict_nan_(strict_nan) {}

    // `precomputed`: a float-float verdict the GPU already reached with the fast reference;
    // `index`: the input's index in its class, which picks the exact reference's MPFR sample.
    Verdict operator()(const Operands& in, uint64_t result, const CompactVerdict* precomputed = nullptr,
                       uint64_t index = 0) {
        if constexpr (Op::metric == Metric::relative_u2) {
            return judge_ff<Op>(mpfr_, impl_.spec, in, result, fast_, precomputed);
        } else {
            if constexpr (!is_none<typename Op::exact_check>) {
                if (certify_ && Op::exact_check::certifies(in, result, impl_.spec.rounding, impl_.spec.ftz)) {
                    ++certified_count_;
                    return exact_sampled(index) ? rejudged(in, result) : certified(result);
                }
            }
            return judge_rounded<Op>(mpfr_, impl_.spec, in, result, fast_, strict_nan_);
        }
    }

    // The correctly rounded result in `rounding` (vector files of another mode than the impl's).
    uint64_t reference(const Operands& in, Rounding rounding) {
        if constexpr (Op::metric == Metric::correctly_rounded) {
            return mpfr_.correctly_rounded<Op>(in, rounding, false);
        } else {
            return 0;
        }
    }

    // How many results the exact check certified (tests: that the exact reference is used).
    uint64_t certified_count() const { return certified_count_; }

    // What MPFR concludes of a result an exact check certified, when MPFR agrees.
    static Verdict certified(uint64_t result) {
        Verdict v;
        v.expected = result;
        return v;
    }

private:
    // A certified result that MPFR re-judges: MPFR's verdict stands, and one that is not "exact"
    // is a disagreement (conflicting: the certified answer; checked: MPFR's).
    Verdict rejudged(const Operands& in, uint64_t result) {
        Verdict v = judge_rounded<Op>(mpfr_, impl_.spec, in, result, false, strict_nan_);
        if (v.category != Category::exact || v.ftz_changed || v.measured) {
            v.reference_conflict = true;
            v.conflicting = result;
            v.checked = v.expected;
        }
        return v;
    }

    const ImplInfo& impl_;
    bool fast_, certify_, strict_nan_;
    uint64_t certified_count_ = 0;
    MpfrReference mpfr_;
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
