// The classes of pow, atan2 and hypot hold what they guarantee, checked with MPFR (pow's
// thresholds: y log2|x| within 2 of a threshold) and on the bits (integer and half-integer
// exponents, ratios of 2^-30 .. 2^30 between normal operands).
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstdlib>

#include "core/binary32.h"
#include "model/input_set.h"
#include "ops/catalogue.h"

namespace fpv {
namespace {

constexpr uint64_t kDraws = 20000;

int exponent_field(uint64_t bits) { return static_cast<int>((bits >> 23) & 0xffu); }
bool normal(uint64_t bits) { return exponent_field(bits) != 0 && exponent_field(bits) != 0xff; }

TEST(PairClasses, PowThresholdsLieWithinTwoOfAThreshold) {
    const InputSet set = resolve_class("thresholds", impl_named("pow32.powf_glibc").op, 3);
    mpfr_t x, y, v;
    mpfr_inits2(200, x, y, v, static_cast<mpfr_ptr>(nullptr));
    int near_one = 0, negative = 0;
    for (uint64_t i = 0; i < kDraws; ++i) {
        const Operands in = set.input(i);
        ASSERT_TRUE(normal(in.a) && normal(in.b)) << std::hex << in.a << " " << in.b;
        mpfr_set_flt(x, std::fabs(float_of(static_cast<uint32_t>(in.a))), MPFR_RNDN);
        mpfr_set_flt(y, float_of(static_cast<uint32_t>(in.b)), MPFR_RNDN);
        mpfr_log2(v, x, MPFR_RNDN);
        mpfr_mul(v, v, y, MPFR_RNDN);
        const double log2_power = mpfr_get_d(v, MPFR_RNDN);
        double nearest = 1e9;
        for (const double t : {128.0, -126.0, -149.0, -150.0}) nearest = std::min(nearest, std::fabs(log2_power - t));
        ASSERT_LE(nearest, 2.001) << std::hex << in.a << " " << in.b << " " << log2_power;
        near_one += (in.a & 0x7fffffffu) > 0x3f7ffbffu && (in.a & 0x7fffffffu) < 0x3f800401u;
        negative += (in.a >> 31) != 0;
    }
    mpfr_clears(x, y, v, static_cast<mpfr_ptr>(nullptr));
    EXPECT_GT(near_one, static_cast<int>(kDraws / 3));
    EXPECT_GT(negative, static_cast<int>(kDraws / 16));
}

TEST(PairClasses, PowIntegerExponentsAreIntegersAndHalfIntegers) {
    const InputSet set = resolve_class("integer_y", impl_named("pow32.powf_glibc").op, 3);
    int halves = 0, odd = 0;
    for (uint64_t i = 0; i < kDraws; ++i) {
        const Operands in = set.input(i);
        ASSERT_TRUE(normal(in.a));
        const double y = float_of(static_cast<uint32_t>(in.b));
        ASSERT_EQ(2 * y, std::floor(2 * y)) << y;
        ASSERT_LE(std::fabs(y), 0x1p24) << y;
        halves += y != std::floor(y);
        odd += y == std::floor(y) && std::fmod(std::fabs(y), 2.0) == 1.0;
    }
    EXPECT_GT(halves, static_cast<int>(kDraws / 3));
    EXPECT_GT(odd, static_cast<int>(kDraws / 8));
}

TEST(PairClasses, RatiosSpanThirtyBinadesEitherWay) {
    for (const char* impl : {"atan2_32.atan2f_glibc", "hypot32.hypotf_glibc"}) {
        const InputSet set = resolve_class("ratios", impl_named(impl).op, 3);
        int top = 0, bottom = 0, widest = 0;
        for (uint64_t i = 0; i < kDraws; ++i) {
            const Operands in = set.input(i);
            ASSERT_TRUE(normal(in.a) && normal(in.b)) << std::hex << in.a << " " << in.b;
            const int apart = std::abs(exponent_field(in.a) - exponent_field(in.b));
            ASSERT_LE(apart, 30);
            widest = std::max(widest, apart);
            top += exponent_field(in.a) >= 252;
            bottom += exponent_field(in.a) <= 7;
        }
        EXPECT_EQ(widest, 30) << impl;
        EXPECT_GT(top, static_cast<int>(kDraws / 4)) << impl;
        EXPECT_GT(bottom, static_cast<int>(kDraws / 4)) << impl;
    }
}

}  // namespace
}  // namespace fpv
