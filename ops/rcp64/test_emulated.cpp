// rcp64's MUFU-seeded emulations in every rounding mode: the IEEE special cases, overflow and
// gradual underflow spelled out, MPFR on samples of every class and on mixed operands, the
// mutants failing that same comparison, and the campaign CI runs over `all`
// (tests/shapes/mufu_emulation_tests.h; there is no TestFloat file of the reciprocal).
#include "tests/shapes/mufu_emulation_tests.h"

namespace fpv {
namespace {

using namespace testing::mufu_emulation_checks;

FPV_MUFU_EMULATION_TESTS(Rcp64Emulation, "rcp64")

constexpr Rounding rn = Rounding::rn, rz = Rounding::rz, ru = Rounding::ru, rd = Rounding::rd;

uint64_t reciprocal(Rounding r, uint64_t x) { return run("rcp64", r, x); }

TEST(Rcp64Emulation, ZerosInfinitiesAndNansFollowIeeeInEveryMode) {
    for (const Rounding r : kModes) {
        EXPECT_EQ(reciprocal(r, 0), kInf);
        EXPECT_EQ(reciprocal(r, kNeg), kInf | kNeg);
        EXPECT_EQ(reciprocal(r, kInf), 0u);
        EXPECT_EQ(reciprocal(r, kInf | kNeg), kNeg);
        EXPECT_EQ(reciprocal(r, 0x7ff0000000000001ull), 0x7ff8000000000001ull);
        EXPECT_EQ(reciprocal(r, 0xfff4000000000123ull), 0xfffc000000000123ull);
        // Powers of two are exact, down to the subnormal 1/2^1023 and up to 1/2^-1023.
        EXPECT_EQ(reciprocal(r, 0xbff0000000000000ull), 0xbff0000000000000ull);
        EXPECT_EQ(reciprocal(r, 0x7fe0000000000000ull), 0x0008000000000000ull);
        EXPECT_EQ(reciprocal(r, 0x0008000000000000ull | kNeg), 0xffe0000000000000ull);
    }
}

TEST(Rcp64Emulation, DirectedModesRoundTheirWay) {
    // 1/3 = 0x1.5555...p-2 truncates to 0x...555.
    EXPECT_EQ(reciprocal(rn, 0x4008000000000000ull), 0x3fd5555555555555ull);
    EXPECT_EQ(reciprocal(ru, 0x4008000000000000ull), 0x3fd5555555555556ull);
    EXPECT_EQ(reciprocal(rd, 0x4008000000000000ull | kNeg), 0xbfd5555555555556ull);
    EXPECT_EQ(reciprocal(rz, 0x4008000000000000ull | kNeg), 0xbfd5555555555555ull);
}

TEST(Rcp64Emulation, OverflowGoesToEachModesLimit) {
    // 1/2^-1074 = 2^1074 and 1/2^-1024 = 2^1024 overflow; 1/(2^-1024 (1 + 2^-50)) does not.
    for (const uint64_t x : {uint64_t{1}, uint64_t{0x0004000000000000}}) {
        EXPECT_EQ(reciprocal(rn, x), kInf);
        EXPECT_EQ(reciprocal(ru, x), kInf);
        EXPECT_EQ(reciprocal(rz, x), kMax);
        EXPECT_EQ(reciprocal(rd, x), kMax);
        EXPECT_EQ(reciprocal(rn, x | kNeg), kInf | kNeg);
        EXPECT_EQ(reciprocal(ru, x | kNeg), kMax | kNeg);
        EXPECT_EQ(reciprocal(rz, x | kNeg), kMax | kNeg);
        EXPECT_EQ(reciprocal(rd, x | kNeg), kInf | kNeg);
    }
    EXPECT_EQ(reciprocal(rn, 0x0004000000000001ull), 0x7feffffffffffff8ull);
    EXPECT_EQ(reciprocal(ru, 0x0004000000000001ull), 0x7feffffffffffff9ull);
}

TEST(Rcp64Emulation, SubnormalResultsRoundGradually) {
    // 1/max = 2^-1024 (1 + 2^-53 + ...): 2^50 units of 2^-1074 and an eighth more.
    EXPECT_EQ(reciprocal(rn, kMax), 0x0004000000000000ull);
    EXPECT_EQ(reciprocal(rz, kMax), 0x0004000000000000ull);
    EXPECT_EQ(reciprocal(ru, kMax), 0x0004000000000001ull);
    EXPECT_EQ(reciprocal(rd, kMax | kNeg), 0x8004000000000001ull);
    // 1/(1.5 * 2^1023) = 2^52/3 = 0x5555555555555.55... units of 2^-1074: below the midpoint.
    EXPECT_EQ(reciprocal(rn, 0x7fe8000000000000ull), 0x0005555555555555ull);
    EXPECT_EQ(reciprocal(ru, 0x7fe8000000000000ull), 0x0005555555555556ull);
}

TEST(Rcp64Emulation, EveryModeIsCleanOverAll) { expect_clean_campaigns("rcp64", {}, 3000, true); }

}  // namespace
}  // namespace fpv
