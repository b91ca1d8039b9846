// mul64's integer emulations in every rounding mode: the IEEE special cases spelled out, MPFR on
// samples of every class and on mixed operands, the mutants failing that same comparison, and
// the campaign CI runs (tests/shapes/int_emulation_tests.h).
#include "tests/shapes/int_emulation_tests.h"

namespace fpv {
namespace {

using namespace testing::int_emulation_checks;

FPV_INT_EMULATION_TESTS(Mul64Emulation, "mul64", "f64_mul.level1.txt.gz")

constexpr uint64_t kHalf = 0x3fe0000000000000ull;

uint64_t mul(Rounding r, uint64_t x, uint64_t y) { return emulation("mul64", r).host({x, y, 0}); }

TEST(Mul64Emulation, ZerosInfinitiesAndNansFollowIeeeAndX86InEveryMode) {
    for (const Rounding r : kModes) {
        EXPECT_EQ(mul(r, kNeg, kOne), kNeg);
        EXPECT_EQ(mul(r, kNeg, kOne | kNeg), 0u);
        EXPECT_EQ(mul(r, 0x0000000000000001ull, kNeg), kNeg);
        EXPECT_EQ(mul(r, kInf, kNeg), 0xfff8000000000000ull);
        EXPECT_EQ(mul(r, kInf, 0x0000000000000001ull | kNeg), kInf | kNeg);
        EXPECT_EQ(mul(r, 0x7ff0000000000001ull, 0xfff4000000000000ull), 0x7ff8000000000001ull);
        EXPECT_EQ(mul(r, 0, 0xfff4000000000000ull), 0xfffc000000000000ull);
        // Subnormal operands and exact subnormal products.
        EXPECT_EQ(mul(r, 0x0000000000000003ull, 0x4000000000000000ull), 0x0000000000000006ull);
        EXPECT_EQ(mul(r, 0x0008000000000000ull, 0x4000000000000000ull), kMinNormal);
        EXPECT_EQ(mul(r, kMinNormal, kHalf), 0x0008000000000000ull);
    }
}

TEST(Mul64Emulation, TinyAndHugeProductsRoundTheirWay) {
    // 2^-1075 is a tie between 0 and 2^-1074: to even, 0; 3 * 2^-1076 is above it.
    EXPECT_EQ(mul(Rounding::rn, 0x0000000000000001ull, kHalf), 0u);
    EXPECT_EQ(mul(Rounding::rn, 0x0000000000000003ull, kHalf), 0x0000000000000002ull);
    EXPECT_EQ(mul(Rounding::rn, 0x0000000000000003ull, 0x3fd0000000000000ull), 0x0000000000000001ull);
    EXPECT_EQ(mul(Rounding::ru, 0x0000000000000001ull, 0x3fd0000000000000ull), 0x0000000000000001ull);
    EXPECT_EQ(mul(Rounding::rd, 0x0000000000000001ull, 0x3fd0000000000000ull), 0u);
    EXPECT_EQ(mul(Rounding::rd, 0x8000000000000001ull, 0x3fd0000000000000ull), 0x8000000000000001ull);
    EXPECT_EQ(mul(Rounding::rz, 0x8000000000000001ull, 0x3fd0000000000000ull), kNeg);
    // (2 - 2^-52) * 2^-1023 rounds up to the least normal toward +infinity only.
    EXPECT_EQ(mul(Rounding::ru, 0x3fffffffffffffffull, kMinNormal >> 1), kMinNormal);
    EXPECT_EQ(mul(Rounding::rz, 0x3fffffffffffffffull, kMinNormal >> 1), 0x000fffffffffffffull);
    EXPECT_EQ(mul(Rounding::rn, kMax, 0x4000000000000000ull), kInf);
    EXPECT_EQ(mul(Rounding::rz, kMax, 0x4000000000000000ull), kMax);
    EXPECT_EQ(mul(Rounding::ru, kMax, 0x4000000000000000ull), kInf);
    EXPECT_EQ(mul(Rounding::ru, kMax | kNeg, 0x4000000000000000ull), kMax | kNeg);
    EXPECT_EQ(mul(Rounding::rd, kMax | kNeg, 0x4000000000000000ull), kInf | kNeg);
}

}  // namespace
}  // namespace fpv
