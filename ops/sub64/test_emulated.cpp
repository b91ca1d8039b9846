// sub64's integer emulations in every rounding mode: the IEEE special cases spelled out, MPFR on
// samples of every class and on mixed operands, the mutants failing that same comparison, and
// the campaign CI runs (tests/shapes/int_emulation_tests.h).
#include "tests/shapes/int_emulation_tests.h"

namespace fpv {
namespace {

using namespace testing::int_emulation_checks;

FPV_INT_EMULATION_TESTS(Sub64Emulation, "sub64", "f64_sub.level1.txt.gz")

uint64_t sub(Rounding r, uint64_t x, uint64_t y) { return emulation("sub64", r).host({x, y, 0}); }

TEST(Sub64Emulation, ZerosInfinitiesAndNansFollowIeeeAndX86InEveryMode) {
    for (const Rounding r : kModes) {
        const uint64_t cancelled = r == Rounding::rd ? kNeg : 0;
        EXPECT_EQ(sub(r, kOne, kOne), cancelled);
        EXPECT_EQ(sub(r, 0, 0), cancelled);
        EXPECT_EQ(sub(r, kNeg, 0), kNeg);
        EXPECT_EQ(sub(r, 0, kNeg), 0u);
        EXPECT_EQ(sub(r, 0, 0x0000000000000005ull), 0x8000000000000005ull);
        EXPECT_EQ(sub(r, kInf, kInf), 0xfff8000000000000ull);
        EXPECT_EQ(sub(r, kMax, kInf), kInf | kNeg);
        // y's NaN comes back quieted, not negated.
        EXPECT_EQ(sub(r, kOne, 0x7ff4000000000000ull), 0x7ffc000000000000ull);
        EXPECT_EQ(sub(r, 0xfff0000000000001ull, 0x7ff4000000000000ull), 0xfff8000000000001ull);
        EXPECT_EQ(sub(r, kMinNormal, 1), 0x000fffffffffffffull);
        EXPECT_EQ(sub(r, 1, kMinNormal), 0x800fffffffffffffull);
    }
}

TEST(Sub64Emulation, DirectedModesRoundByTheSignOfTheDifference) {
    constexpr uint64_t kLeast = 1, kOneUp = 0x3ff0000000000001ull, kOneDown = 0x3fefffffffffffffull;
    // 2^-1074 - 1 is just above -1: toward +infinity that is -(1 - 2^-53), toward -infinity -1.
    EXPECT_EQ(sub(Rounding::ru, kLeast, kOne), kOneDown | kNeg);
    EXPECT_EQ(sub(Rounding::rd, kLeast, kOne), kOne | kNeg);
    EXPECT_EQ(sub(Rounding::rz, kLeast, kOne), kOneDown | kNeg);
    EXPECT_EQ(sub(Rounding::rn, kLeast, kOne), kOne | kNeg);
    EXPECT_EQ(sub(Rounding::ru, kOne, kLeast | kNeg), kOneUp);
    EXPECT_EQ(sub(Rounding::rz, kMax, kMax | kNeg), kMax);
    EXPECT_EQ(sub(Rounding::rn, kMax, kMax | kNeg), kInf);
    EXPECT_EQ(sub(Rounding::rd, kMax | kNeg, kMax), kInf | kNeg);
    EXPECT_EQ(sub(Rounding::ru, kMax | kNeg, kMax), kMax | kNeg);
}

}  // namespace
}  // namespace fpv
