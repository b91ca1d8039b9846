// Per-thread judging of results for any op: the op's reference and metric.
#pragma once

#include "corpus/operands.h"
#include "kernels/catalogue.h"
#include "corpus/generators.h"
#include "reference/judge_b32.h"
#include "reference/judge_div64.h"
#include "reference/judge_ff.h"
#include "reference/verdict.h"

namespace fpv {

class Judge {
public:
    explicit Judge(const ImplInfo& impl, ReferenceMode mode = ReferenceMode::mpfr) : impl_(impl), mode_(mode) {}

    // `precomputed`: a float-float verdict the GPU already computed with the fast reference.
    Verdict operator()(const Operands& in, uint64_t result, const CompactVerdict* precomputed = nullptr) {
        if (impl_.op == OpId::div64) {
            Verdict v = judge_div64(divider_, in.a, in.b, result, mode_ == ReferenceMode::fast);
            v.wrong = v.failed();
            return v;
        }
        if (is_binary32_op(impl_.op)) return binary32_.judge(impl_, in, result, mode_);
        return float_float_.judge(impl_, in, result, mode_, precomputed);
    }

    // The correctly rounded result, for cross-checking vector files (div64).
    uint64_t reference(const Operands& in) { return divider_.quotient(in.a, in.b); }

    // Whether two results of op count as the same answer (any NaN matches any NaN).
    static bool same_answer(OpId op, uint64_t a, uint64_t b);

    // Whether `--reference fast` changes anything for op: div64 and the binary32 ops with an
    // exact host instruction, f2d, and every float-float op (exact sums without MPFR).
    static bool has_fast_reference(OpId op) {
        return is_binary32_op(op) ? Binary32Reference::has_fast_reference(op) : true;
    }

private:
    const ImplInfo& impl_;
    ReferenceMode mode_;
    Binary64Divider divider_;
    FloatFloatReference float_float_;
    Binary32Reference binary32_;
};

}  // namespace fpv
