#include "reference/classify.h"

namespace fpv {

Category classify(const ValueKind& expected, const ValueKind& result, bool identical, double ulp_error) {
    if (expected.nan) return result.nan ? Category::exact : Category::missing_nan;
    if (result.nan) return Category::spurious_nan;
    if (identical) return Category::exact;
    if (expected.infinite && result.infinite) return Category::wrong_sign;  // not identical: the other one
    if (expected.infinite && !result.infinite) return Category::missing_infinity;
    if (result.infinite) return Category::spurious_infinity;
    if (result.zero) {
        if (expected.zero) return Category::wrong_zero_sign;
        return expected.subnormal ? Category::flushed_to_zero : Category::spurious_zero;
    }
    if (!expected.zero && expected.negative != result.negative) return Category::wrong_sign;
    return ulp_error < 1.0 ? Category::misrounded : Category::wrong_value;
}

int64_t representable_steps(Format f, uint64_t x, uint64_t y) {
    // Values in order map to consecutive integers: -0 and +0 both to 0.
    const auto ordinal = [f](uint64_t bits) {
        const int64_t magnitude = static_cast<int64_t>(bits & magnitude_mask(f));
        return (bits & sign_bit(f)) != 0 ? -magnitude : magnitude;
    };
    const int64_t d = ordinal(x) - ordinal(y);
    return d < 0 ? -d : d;
}

}  // namespace fpv
