// Judging a binary64 division result against the MPFR reference.
#pragma once

#include "corpus/binary64.h"
#include "reference/classify.h"
#include "reference/mpfr_binary64.h"
#include "reference/verdict.h"

namespace fpv {

// The verdict on a result that differs from the reference's `expected`.
Verdict judge_div64_failure(Binary64Divider& reference, uint64_t x, uint64_t y, uint64_t result,
                            uint64_t expected);

// The verdict on `result` as the quotient x/y. Pure: depends on nothing but its arguments.
// Inline, since it runs for every input; only failures leave the fast path.
inline Verdict judge_div64(Binary64Divider& reference, uint64_t x, uint64_t y, uint64_t result) {
    const uint64_t expected = reference.quotient(x, y);
    const bool nan_pair = ((result & ~b64::kSign) > b64::kInfinity) &&
                          ((expected & ~b64::kSign) > b64::kInfinity);
    if (result == expected || nan_pair) return Verdict{Category::exact, 0, expected, false};
    return judge_div64_failure(reference, x, y, result, expected);
}



}  // namespace fpv
