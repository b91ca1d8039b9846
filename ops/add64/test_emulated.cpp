// add64's integer emulations in every rounding mode: the IEEE special cases spelled out, MPFR on
// samples of every class and on mixed operands, the mutants failing that same comparison, and
// the campaign CI runs (tests/shapes/int_emulation_tests.h).
#include "tests/shapes/int_emulation_tests.h"

namespace fpv {
namespace {

using namespace testing::int_emulation_checks;

FPV_INT_EMULATION_TESTS(Add64Emulation, "add64", "f64_add.level1.txt.gz")

uint64_t add(Rounding r, uint64_t x, uint64_t y) { return emulation("add64", r).host({x, y, 0}); }

TEST(Add64Emulation, ZerosInfinitiesAndNansFollowIeeeAndX86InEveryMode) {
    for (const Rounding r : kModes) {
        const uint64_t cancelled = r == Rounding::rd ? kNeg : 0;
        EXPECT_EQ(add(r, kOne, kOne | kNeg), cancelled);
        EXPECT_EQ(add(r, 0, kNeg), cancelled);
        EXPECT_EQ(add(r, kNeg, kNeg), kNeg);
        EXPECT_EQ(add(r, 0, 0), 0u);
        EXPECT_EQ(add(r, kNeg, 0x0000000000000005ull), 0x0000000000000005ull);
        EXPECT_EQ(add(r, kInf, kInf | kNeg), 0xfff8000000000000ull);
        EXPECT_EQ(add(r, kInf | kNeg, kMax), kInf | kNeg);
        EXPECT_EQ(add(r, 0x7ff0000000000001ull, 0xfff4000000000000ull), 0x7ff8000000000001ull);
        EXPECT_EQ(add(r, kOne, 0xfff4000000000000ull), 0xfffc000000000000ull);
        // Subnormals add exactly; the least normal minus the least subnormal is subnormal.
        EXPECT_EQ(add(r, 1, 1), 2u);
        EXPECT_EQ(add(r, kMinNormal, 1 | kNeg), 0x000fffffffffffffull);
        EXPECT_EQ(add(r, 0x000fffffffffffffull, 1), kMinNormal);
    }
}

TEST(Add64Emulation, DirectedModesRoundTheirWayAndOverflowToTheirLimit) {
    constexpr uint64_t kLeast = 1, kOneUp = 0x3ff0000000000001ull, kOneDown = 0x3fefffffffffffffull;
    const Rounding rn = Rounding::rn, rz = Rounding::rz, ru = Rounding::ru, rd = Rounding::rd;
    EXPECT_EQ(add(rn, kOne, kLeast), kOne);
    EXPECT_EQ(add(rz, kOne, kLeast), kOne);
    EXPECT_EQ(add(ru, kOne, kLeast), kOneUp);
    EXPECT_EQ(add(rd, kOne, kLeast), kOne);
    EXPECT_EQ(add(rz, kOne, kLeast | kNeg), kOneDown);
    EXPECT_EQ(add(ru, kOne, kLeast | kNeg), kOne);
    EXPECT_EQ(add(rd, kOne | kNeg, kLeast | kNeg), kOneUp | kNeg);
    // 1 + 2^-53 is a tie: to even, down; 1 + 3 * 2^-53 up.
    EXPECT_EQ(add(rn, kOne, 0x3ca0000000000000ull), kOne);
    EXPECT_EQ(add(rn, kOneUp, 0x3ca0000000000000ull), 0x3ff0000000000002ull);
    EXPECT_EQ(add(rn, kOne, 0x3cb8000000000000ull), 0x3ff0000000000002ull);
    EXPECT_EQ(add(rn, kMax, kMax), kInf);
    EXPECT_EQ(add(rz, kMax, kMax), kMax);
    EXPECT_EQ(add(ru, kMax, kMax), kInf);
    EXPECT_EQ(add(rd, kMax, kMax), kMax);
    EXPECT_EQ(add(ru, kMax | kNeg, kMax | kNeg), kMax | kNeg);
    EXPECT_EQ(add(rd, kMax | kNeg, kMax | kNeg), kInf | kNeg);
}

}  // namespace
}  // namespace fpv
