// The category of a result that is not the reference's, for any binary format, and the
// distance between two results in representable numbers.
#pragma once

#include <cstdint>
#include <limits>

#include "core/formats.h"
#include "reference/verdict.h"

namespace fpv {

struct ValueKind {
    bool nan = false, infinite = false, zero = false, subnormal = false, negative = false;
};

// Inline, so that a format known where it is called folds its masks: verdicts call these for
// every wrong result.
constexpr ValueKind kind_of(Format f, uint64_t bits) {
    const uint64_t magnitude = bits & magnitude_mask(f);
    return {is_nan(f, bits), is_infinite(f, bits), magnitude == 0,
            (magnitude & infinity_bits(f)) == 0 && magnitude != 0, (bits & sign_bit(f)) != 0};
}

// `identical`: the two bit patterns are equal.
Category classify(const ValueKind& expected, const ValueKind& result, bool identical, double ulp_error);

inline Category classify(Format f, uint64_t expected, uint64_t result, double ulp_error) {
    return classify(kind_of(f, expected), kind_of(f, result), expected == result, ulp_error);
}

// How many representable numbers of the format separate x from y (non-NaN; infinities count as
// one step beyond the largest finite number, the zeros as one number): NVIDIA's measure of an
// error in ulps. For formats of 32 bits (a binary64 distance may not fit in 63 bits).
int64_t representable_steps(Format f, uint64_t x, uint64_t y);

// Distance in representable numbers, saturated where a binary64 distance does not fit.
inline int64_t saturated_steps(Format f, uint64_t x, uint64_t y) {
    if (f == Format::binary64 && ((x ^ y) & sign_bit(f)) != 0) {
        const uint64_t sum = (x & magnitude_mask(f)) + (y & magnitude_mask(f));
        return sum > uint64_t{INT64_MAX} ? INT64_MAX : static_cast<int64_t>(sum);
    }
    return representable_steps(f, x, y);
}

}  // namespace fpv
