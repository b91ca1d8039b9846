#include "reference/judge_div64.h"

#include <limits>

#include "corpus/binary64.h"

namespace fpv {

Verdict judge_div64_failure(Binary64Divider& reference, uint64_t x, uint64_t y, uint64_t result,
                            uint64_t expected) {
    Verdict v;
    v.expected = expected;
    const bool nan_involved = b64::is_nan(result) || b64::is_nan(v.expected);
    v.error = nan_involved ? std::numeric_limits<double>::infinity()
                           : reference.ulp_error(x, y, result);
    v.category = classify_binary64(v.expected, result, v.error);
    v.measured = true;
    return v;
}

}  // namespace fpv
