// Per-thread judging of results for any op: the op's reference and metric.
#pragma once

#include "corpus/operands.h"
#include "kernels/catalogue.h"
#include "reference/judge_div64.h"
#include "reference/verdict.h"

namespace fpv {

class Judge {
public:
    explicit Judge(OpId op) : op_(op) {}

    Verdict operator()(const Operands& in, uint64_t result) {
        switch (op_) {
            case OpId::div64: return judge_div64(divider_, in.a, in.b, result);
        }
        return {};
    }

    // The correctly rounded result, for cross-checking vector files.
    uint64_t reference(const Operands& in) {
        switch (op_) {
            case OpId::div64: return divider_.quotient(in.a, in.b);
        }
        return 0;
    }

    // Whether two results count as the same answer (any NaN matches any NaN).
    static bool same_answer(uint64_t a, uint64_t b);

private:
    OpId op_;
    Binary64Divider divider_;
};

}  // namespace fpv
