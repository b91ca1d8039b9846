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

// How many binary64 numbers separate x from y (neither a NaN), saturated where the distance
// does not fit in 63 bits; on the GPU too (reference/entry_judge.h).
FPV_HD inline int64_t binary64_steps(uint64_t x, uint64_t y) {
    constexpr uint64_t kSign = uint64_t{1} << 63;
    const uint64_t mx = x & ~kSign, my = y & ~kSign;
    if (((x ^ y) & kSign) != 0) {
        const uint64_t sum = mx + my;
        return sum > uint64_t{INT64_MAX} ? INT64_MAX : static_cast<int64_t>(sum);
    }
    return static_cast<int64_t>(mx > my ? mx - my : my - mx);
}

// The same for a flush-to-zero binary32 impl, whose numbers are the zeros and the normal ones:
// no subnormal lies between a zero and the least normal (x and y not subnormal).
inline int64_t flushed_steps(uint64_t x, uint64_t y) {
    const auto ordinal = [](uint64_t v) {
        const int64_t m = static_cast<int64_t>(v & 0x7fffffffu);
        const int64_t kept = m >= 0x00800000 ? m - 0x007fffff : m;
        return (v & 0x80000000u) != 0 ? -kept : kept;
    };
    const int64_t d = ordinal(x) - ordinal(y);
    return d < 0 ? -d : d;
}

// Distance in representable numbers, saturated where a binary64 distance does not fit.
inline int64_t saturated_steps(Format f, uint64_t x, uint64_t y) {
    return f == Format::binary64 ? binary64_steps(x, y) : representable_steps(f, x, y);
}

}  // namespace fpv
