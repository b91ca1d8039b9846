// fma64's integer emulations in every rounding mode: the IEEE special cases spelled out, MPFR on
// samples of every class and on mixed operands, the mutants failing that same comparison, and
// the campaign CI runs (tests/shapes/int_emulation_tests.h).
#include "tests/shapes/int_emulation_tests.h"

namespace fpv {
namespace {

using namespace testing::int_emulation_checks;

FPV_INT_EMULATION_TESTS(Fma64Emulation, "fma64", "f64_mulAdd.level1.first150k.txt.gz")

constexpr uint64_t kTwo = 0x4000000000000000ull, kLeast = 1;

uint64_t fma(Rounding r, uint64_t a, uint64_t b, uint64_t c) { return emulation("fma64", r).host({a, b, c}); }

TEST(Fma64Emulation, ZerosInfinitiesAndNansFollowIeeeAndX86InEveryMode) {
    for (const Rounding r : kModes) {
        const uint64_t cancelled = r == Rounding::rd ? kNeg : 0;
        // Exact zeros: 1*1 - 1, and a zero product plus a zero of either sign.
        EXPECT_EQ(fma(r, kOne, kOne, kOne | kNeg), cancelled);
        EXPECT_EQ(fma(r, kNeg, kOne, 0), cancelled);
        EXPECT_EQ(fma(r, kNeg, kOne, kNeg), kNeg);
        EXPECT_EQ(fma(r, kNeg, kOne | kNeg, 0), 0u);
        EXPECT_EQ(fma(r, 0, kOne, 0x0000000000000007ull), 0x0000000000000007ull);
        // A tiny nonzero product plus a zero keeps the product's sign, rounded its way.
        EXPECT_EQ(fma(r, kLeast, kLeast | kNeg, 0), r == Rounding::rd ? (kLeast | kNeg) : kNeg);
        EXPECT_EQ(fma(r, kInf, 0, kOne), 0xfff8000000000000ull);
        EXPECT_EQ(fma(r, kInf, kOne, kInf | kNeg), 0xfff8000000000000ull);
        EXPECT_EQ(fma(r, kInf, kOne | kNeg, kInf | kNeg), kInf | kNeg);
        EXPECT_EQ(fma(r, kMax, kMax, kInf | kNeg), kInf | kNeg);
        // The first NaN of a, b, c, quieted, even where 0 * inf is invalid.
        EXPECT_EQ(fma(r, 0, kInf, 0x7ff4000000000000ull), 0x7ffc000000000000ull);
        EXPECT_EQ(fma(r, kOne, 0xfff0000000000001ull, 0x7ff4000000000000ull), 0xfff8000000000001ull);
        EXPECT_EQ(fma(r, 0x7ff0000000000002ull, 0xfff0000000000001ull, 0x7ff4000000000000ull), 0x7ff8000000000002ull);
    }
}

TEST(Fma64Emulation, OneRoundingOfTheExactProductAndSum) {
    // (1 + 2^-52)(1 + 2^-51) - 1 = 3 * 2^-52 + 2^-103 exactly, where rounding the product
    // first loses the 2^-103.
    constexpr uint64_t kOneUp = 0x3ff0000000000001ull;
    EXPECT_EQ(fma(Rounding::rn, kOneUp, 0x3ff0000000000002ull, kOne | kNeg), 0x3cc8000000000001ull);
    // c far below a*b decides the directed modes alone: 1*1 + 2^-1074.
    EXPECT_EQ(fma(Rounding::ru, kOne, kOne, kLeast), kOneUp);
    EXPECT_EQ(fma(Rounding::rn, kOne, kOne, kLeast), kOne);
    EXPECT_EQ(fma(Rounding::rd, kOne, kOne, kLeast | kNeg), 0x3fefffffffffffffull);
    EXPECT_EQ(fma(Rounding::rz, kOne, kOne, kLeast | kNeg), 0x3fefffffffffffffull);
    EXPECT_EQ(fma(Rounding::ru, kOne, kOne, kLeast | kNeg), kOne);
    // A product beyond the largest finite brought back by c, and overflow by mode.
    EXPECT_EQ(fma(Rounding::rn, kMax, kTwo, kMax | kNeg), kMax);
    EXPECT_EQ(fma(Rounding::rn, kMax, kTwo, kOne), kInf);
    EXPECT_EQ(fma(Rounding::rz, kMax, kTwo, kOne), kMax);
    EXPECT_EQ(fma(Rounding::rd, kMax, kTwo | kNeg, kOne), kInf | kNeg);
    EXPECT_EQ(fma(Rounding::ru, kMax, kTwo | kNeg, kOne), kMax | kNeg);
    // A subnormal result from products below the normal range: 2^-1074 * 0.5 + 2^-1074.
    EXPECT_EQ(fma(Rounding::rn, kLeast, 0x3fe0000000000000ull, kLeast), 0x0000000000000002ull);
    EXPECT_EQ(fma(Rounding::rz, kLeast, 0x3fe0000000000000ull, kLeast), kLeast);
}

}  // namespace
}  // namespace fpv
