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
    OpJudge(const ImplInfo& impl, ReferenceMode mode) : impl_(impl), fast_(mode == ReferenceMode::fast) {}

    // `precomputed`: a float-float verdict the GPU already reached with the fast reference.
    Verdict operator()(const Operands& in, uint64_t result, const CompactVerdict* precomputed = nullptr) {
        if constexpr (Op::metric == Metric::relative_u2) {
            return judge_ff<Op>(mpfr_, impl_.spec, in, result, fast_, precomputed);
        } else {
            return judge_rounded<Op>(mpfr_, impl_.spec, in, result, fast_);
        }
    }

private:
    const ImplInfo& impl_;
    bool fast_;
    MpfrReference mpfr_;
};

class Judge {
public:
    explicit Judge(const ImplInfo& impl, ReferenceMode mode = ReferenceMode::mpfr);

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
        Typed(const ImplInfo& impl, ReferenceMode mode) : op_judge(impl, mode) {}
        Verdict judge(const Operands& in, uint64_t result, const CompactVerdict* precomputed) override {
            return op_judge(in, result, precomputed);
        }
        OpJudge<Op> op_judge;
    };
    std::unique_ptr<Base> judge_;
};

}  // namespace fpv
