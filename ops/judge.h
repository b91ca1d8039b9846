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

template <class Op>
class OpJudge {
public:
    OpJudge(const ImplInfo& impl, ReferenceMode mode, bool strict_nan = false)
        : impl_(impl), fast_(mode == ReferenceMode::fast), strict_nan_(strict_nan) {}

    // `precomputed`: a float-float verdict the GPU already reached with the fast reference.
    Verdict operator()(const Operands& in, uint64_t result, const CompactVerdict* precomputed = nullptr) {
        if constexpr (Op::metric == Metric::relative_u2) {
            return judge_ff<Op>(mpfr_, impl_.spec, in, result, fast_, precomputed);
        } else {
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

private:
    const ImplInfo& impl_;
    bool fast_, strict_nan_;
    MpfrReference mpfr_;
};

class Judge {
public:
    explicit Judge(const ImplInfo& impl, ReferenceMode mode = ReferenceMode::mpfr, bool strict_nan = false);

    Verdict operator()(const Operands& in, uint64_t result, const CompactVerdict* precomputed = nullptr) {
        return judge_->judge(in, result, precomputed);
    }

    // Whether two results of op count as the same answer (any NaN matches any NaN).
    static bool same_answer(OpId op, uint64_t a, uint64_t b) { return fpv::same_answer(op_info(op).result, a, b); }

private:
    struct Base {
        virtual ~Base() = default;
        virtual Verdict judge(const Operands& in, uint64_t result, const CompactVerdict* precomputed) = 0;
    };
    template <class Op>
    struct Typed final : Base {
        Typed(const ImplInfo& impl, ReferenceMode mode, bool strict_nan) : op_judge(impl, mode, strict_nan) {}
        Verdict judge(const Operands& in, uint64_t result, const CompactVerdict* precomputed) override {
            return op_judge(in, result, precomputed);
        }
        OpJudge<Op> op_judge;
    };
    std::unique_ptr<Base> judge_;
};

}  // namespace fpv
