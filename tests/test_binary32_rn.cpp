// b32's binary32 arithmetic (core/binary32.h), which generators use so that a flush-to-zero
// kernel computes their inputs as the host does, against the host's own binary32 arithmetic
// (SSE, rounding to nearest, subnormals kept), bit for bit: sums, products, the widening and the
// rounding of binary64 values, over operands of every binade, subnormal and zero included.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/binary32.h"
#include "corpus/counter_rng.h"

namespace fpv {
namespace {

// A finite binary32 of any binade: a random exponent field (0 makes it subnormal or zero) and
// mantissa, now and then one of the values where rounding turns (zeros, the least subnormal,
// the least normal, the largest finite number).
float any_float(CounterRng& rng) {
    static constexpr uint32_t kEdges[] = {0x00000000u, 0x00000001u, 0x00800000u, 0x007fffffu, 0x7f7fffffu, 0x3f800000u};
    const uint32_t sign = rng.coin() ? b32::kSign : 0u;
    if (rng.below(16) == 0) return float_of(sign | kEdges[rng.below(6)]);
    const uint32_t field = static_cast<uint32_t>(rng.below(255));
    return float_of(sign | field << 23 | (static_cast<uint32_t>(rng.next()) & b32::kMantissaMask));
}

// The second operand near the first in magnitude half the time, so that sums cancel and round.
float partner(CounterRng& rng, float a) {
    if (rng.coin()) return any_float(rng);
    const int e = b32::is_zero(a) ? -140 : b32::exponent_of_value(a);
    const int shift = static_cast<int>(rng.between(-30, 30));
    const int field = std::max(0, std::min(254, e + shift + 127));
    return float_of((rng.coin() ? b32::kSign : 0u) | static_cast<uint32_t>(field) << 23 |
                    (static_cast<uint32_t>(rng.next()) & b32::kMantissaMask));
}

TEST(Binary32Rn, SumsAndProductsAreTheHostsBitForBit) {
    CounterRng rng(0xb32ad0, 0);
    uint64_t subnormal_results = 0;
    for (int i = 0; i < 2000000; ++i) {
        const float a = any_float(rng), b = partner(rng, a);
        volatile float host_sum = a + b, host_product = a * b;  // the host's SSE arithmetic, in binary32
        ASSERT_EQ(bits_of(b32::add_rn(a, b)), bits_of(host_sum)) << std::hexfloat << a << " + " << b;
        ASSERT_EQ(bits_of(b32::mul_rn(a, b)), bits_of(host_product)) << std::hexfloat << a << " * " << b;
        subnormal_results += std::fpclassify(host_sum) == FP_SUBNORMAL || std::fpclassify(host_product) == FP_SUBNORMAL;
    }
    EXPECT_GT(subnormal_results, 10000u);  // the flushing builds' cases were among them
}

TEST(Binary32Rn, WideningAndRoundingAreTheHostsConversions) {
    CounterRng rng(0xb32c07, 0);
    for (int i = 0; i < 2000000; ++i) {
        const float f = any_float(rng);
        ASSERT_EQ(bits_of(b32::widen(f)), bits_of(static_cast<double>(f))) << std::hexfloat << f;
        // Binary64 values around binary32's range, from below half the least subnormal to past
        // the largest finite number, with bits beyond binary32's and exact ties.
        const int e = static_cast<int>(rng.between(-160, 130));
        uint64_t fraction = rng.next() >> 12;
        if (rng.below(4) == 0) fraction &= ~((uint64_t{1} << 28) - 1);  // ties and exact values
        const double v = double_of((rng.coin() ? uint64_t{1} << 63 : 0) | static_cast<uint64_t>(e + 1023) << 52 | fraction);
        volatile float host = static_cast<float>(v);
        ASSERT_EQ(bits_of(b32::narrow_rn(v)), bits_of(host)) << std::hexfloat << v;
    }
}

}  // namespace
}  // namespace fpv
