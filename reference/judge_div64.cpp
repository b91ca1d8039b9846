#include "reference/judge_div64.h"

#include <limits>

#include "corpus/binary64.h"

namespace fpv {

Category classify_binary64(uint64_t expected, uint64_t result, double ulp_error) {
    using namespace b64;
    if (is_nan(expected)) return is_nan(result) ? Category::exact : Category::missing_nan;
    if (is_nan(result)) return Category::spurious_nan;
    if (result == expected) return Category::exact;
    if (is_inf(expected) && !is_inf(result)) return Category::missing_infinity;
    if (is_inf(result)) return Category::spurious_infinity;
    if (is_zero(result)) {
        if (is_zero(expected)) return Category::wrong_zero_sign;
        return is_subnormal(expected) ? Category::flushed_to_zero : Category::spurious_zero;
    }
    if (!is_zero(expected) && ((result ^ expected) & kSign) != 0) return Category::wrong_sign;
    return ulp_error < 1.0 ? Category::misrounded : Category::wrong_value;
}

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
