#include "reference/classify.h"

namespace fpv {

ValueKind kind_of_binary64(uint64_t bits) {
    const uint64_t magnitude = bits & ~(uint64_t{1} << 63);
    const uint64_t field = magnitude >> 52;
    return {magnitude > 0x7ff0000000000000ull, magnitude == 0x7ff0000000000000ull, magnitude == 0,
            field == 0 && magnitude != 0, (bits >> 63) != 0};
}

ValueKind kind_of_binary32(uint32_t bits) {
    const uint32_t magnitude = bits & 0x7fffffffu;
    const uint32_t field = magnitude >> 23;
    return {magnitude > 0x7f800000u, magnitude == 0x7f800000u, magnitude == 0,
            field == 0 && magnitude != 0, (bits >> 31) != 0};
}

Category classify(const ValueKind& expected, const ValueKind& result, bool identical, double ulp_error) {
    if (expected.nan) return result.nan ? Category::exact : Category::missing_nan;
    if (result.nan) return Category::spurious_nan;
    if (identical) return Category::exact;
    if (expected.infinite && !result.infinite) return Category::missing_infinity;
    if (result.infinite) return Category::spurious_infinity;
    if (result.zero) {
        if (expected.zero) return Category::wrong_zero_sign;
        return expected.subnormal ? Category::flushed_to_zero : Category::spurious_zero;
    }
    if (!expected.zero && expected.negative != result.negative) return Category::wrong_sign;
    return ulp_error < 1.0 ? Category::misrounded : Category::wrong_value;
}

Category classify_binary64(uint64_t expected, uint64_t result, double ulp_error) {
    return classify(kind_of_binary64(expected), kind_of_binary64(result), expected == result, ulp_error);
}

Category classify_binary32(uint32_t expected, uint32_t result, double ulp_error) {
    return classify(kind_of_binary32(expected), kind_of_binary32(result), expected == result, ulp_error);
}

}  // namespace fpv
