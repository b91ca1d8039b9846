// rsqrt64's MUFU-seeded emulations in every rounding mode: the IEEE 754-2008 rSqrt special
// cases spelled out, MPFR on samples of every class and on mixed operands, the mutants failing
// that same comparison, and the campaign CI runs over `all` (tests/shapes/mufu_emulation_tests.h;
// there is no TestFloat file of 1/sqrt).
#include "tests/shapes/mufu_emulation_tests.h"

namespace fpv {
namespace {

using namespace testing::mufu_emulation_checks;

FPV_MUFU_EMULATION_TESTS(Rsqrt64Emulation, "rsqrt64")

constexpr Rounding rn = Rounding::rn, rz = Rounding::rz, ru = Rounding::ru, rd = Rounding::rd;

uint64_t rsqrt(Rounding r, uint64_t x) { return run("rsqrt64", r, x); }

TEST(Rsqrt64Emulation, ZerosInfinitiesNegativesAndNansFollowIeeeInEveryMode) {
    for (const Rounding r : kModes) {
        EXPECT_EQ(rsqrt(r, 0), kInf);
        EXPECT_EQ(rsqrt(r, kNeg), kInf | kNeg);  // rSqrt(-0) = -infinity
        EXPECT_EQ(rsqrt(r, kInf), 0u);
        EXPECT_EQ(rsqrt(r, kInf | kNeg), kDefaultNan);
        EXPECT_EQ(rsqrt(r, 0xbff0000000000000ull), kDefaultNan);
        EXPECT_EQ(rsqrt(r, kNeg | 1), kDefaultNan);
        EXPECT_EQ(rsqrt(r, 0x7ff0000000000001ull), 0x7ff8000000000001ull);
        EXPECT_EQ(rsqrt(r, 0xfff4000000000123ull), 0xfffc000000000123ull);
        // Powers of four are exact: 1, 4, 1/4, 2^-1074 (subnormal; 1/sqrt = 2^537).
        EXPECT_EQ(rsqrt(r, 0x3ff0000000000000ull), 0x3ff0000000000000ull);
        EXPECT_EQ(rsqrt(r, 0x4010000000000000ull), 0x3fe0000000000000ull);
        EXPECT_EQ(rsqrt(r, 0x3fd0000000000000ull), 0x4000000000000000ull);
        EXPECT_EQ(rsqrt(r, 1), 0x6180000000000000ull);
    }
}

TEST(Rsqrt64Emulation, DirectedModesRoundTheirWay) {
    // 1/sqrt(2) = 0x1.6a09e667f3bcc908b2...p-1.
    EXPECT_EQ(rsqrt(rn, 0x4000000000000000ull), 0x3fe6a09e667f3bcdull);
    EXPECT_EQ(rsqrt(ru, 0x4000000000000000ull), 0x3fe6a09e667f3bcdull);
    EXPECT_EQ(rsqrt(rz, 0x4000000000000000ull), 0x3fe6a09e667f3bccull);
    EXPECT_EQ(rsqrt(rd, 0x4000000000000000ull), 0x3fe6a09e667f3bccull);
    // 1/sqrt(1 + 2^-52) = 1 - 2^-53 + 3 * 2^-107: upward it carries into the next binade.
    EXPECT_EQ(rsqrt(rn, 0x3ff0000000000001ull), 0x3fefffffffffffffull);
    EXPECT_EQ(rsqrt(rz, 0x3ff0000000000001ull), 0x3fefffffffffffffull);
    EXPECT_EQ(rsqrt(ru, 0x3ff0000000000001ull), 0x3ff0000000000000ull);
}

TEST(Rsqrt64Emulation, EveryModeIsCleanOverAll) { expect_clean_campaigns("rsqrt64", {}, 3000, false); }

}  // namespace
}  // namespace fpv
