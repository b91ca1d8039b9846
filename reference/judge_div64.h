// Judging a binary64 division result against the MPFR reference.
#pragma once

#include "reference/mpfr_binary64.h"
#include "reference/verdict.h"

namespace fpv {

// The verdict on `result` as the quotient x/y. Pure: depends on nothing but its arguments.
Verdict judge_div64(Binary64Divider& reference, uint64_t x, uint64_t y, uint64_t result);

// The category of a result that differs from the expected one, given its ulp error.
Category classify_binary64(uint64_t expected, uint64_t result, double ulp_error);

}  // namespace fpv
