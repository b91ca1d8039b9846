// Judging a binary64 division result against the MPFR reference.
#pragma once

#include "corpus/binary64.h"
#include "reference/classify.h"
#include "reference/mpfr_binary64.h"
#include "reference/reference_mode.h"
#include "reference/verdict.h"

namespace fpv {

// The verdict on a result that differs from the reference's `expected`.
Verdict judge_div64_failure(Binary64Divider& reference, uint64_t x, uint64_t y, uint64_t result,
                            uint64_t expected);

// The quotient by the host's own IEEE 754 division (SSE rounds to nearest and keeps subnormals;
// fpverify never changes MXCSR): the fast reference for div64.
inline uint64_t host_quotient(uint64_t x, uint64_t y) { return bits_of(double_of(x) / double_of(y)); }

// The verdict on `result` as the quotient x/y. Pure: depends on nothing but its arguments.
// Inline, since it runs for every input; only failures leave the fast path. With `fast`, the
// host's division gives the expected quotient and MPFR recomputes the cross_checked() sample
// (its answer wins a disagreement); the errors of wrong results always come from MPFR.
inline Verdict judge_div64(Binary64Divider& reference, uint64_t x, uint64_t y, uint64_t result, bool fast = false) {
    uint64_t expected = fast ? host_quotient(x, y) : reference.quotient(x, y);
    bool conflict = false;
    uint64_t conflicting = 0;
    if (fast && cross_checked(x)) {
        const uint64_t checked = reference.quotient(x, y);
        if (checked != expected && !(b64::is_nan(checked) && b64::is_nan(expected))) {
            conflict = true;
            conflicting = expected;
            expected = checked;
        }
    }
    const bool nan_pair = ((result & ~b64::kSign) > b64::kInfinity) &&
                          ((expected & ~b64::kSign) > b64::kInfinity);
    Verdict v = result == expected || nan_pair ? Verdict{Category::exact, 0, expected, false}
                                               : judge_div64_failure(reference, x, y, result, expected);
    if (conflict) {
        v.reference_conflict = true;
        v.conflicting = conflicting;
        v.checked = expected;
    }
    return v;
}

}  // namespace fpv
