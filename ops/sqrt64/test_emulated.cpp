// sqrt64's MUFU-seeded emulations in every rounding mode: the IEEE special cases spelled out,
// MPFR on samples of every class and on mixed operands, the mutants failing that same
// comparison, and the campaign CI runs over `all` and the TestFloat files of each mode
// (tests/shapes/mufu_emulation_tests.h).
#include "tests/shapes/mufu_emulation_tests.h"

namespace fpv {
namespace {

using namespace testing::mufu_emulation_checks;

FPV_MUFU_EMULATION_TESTS(Sqrt64Emulation, "sqrt64")

uint64_t root(Rounding r, uint64_t x) { return run("sqrt64", r, x); }

TEST(Sqrt64Emulation, ZerosInfinitiesNegativesAndNansFollowIeeeAndX86InEveryMode) {
    for (const Rounding r : kModes) {
        EXPECT_EQ(root(r, 0), 0u);
        EXPECT_EQ(root(r, kNeg), kNeg);  // sqrt(-0) = -0
        EXPECT_EQ(root(r, kInf), kInf);
        EXPECT_EQ(root(r, kInf | kNeg), kDefaultNan);
        EXPECT_EQ(root(r, 0xbff0000000000000ull), kDefaultNan);
        EXPECT_EQ(root(r, kNeg | 1), kDefaultNan);  // the least negative subnormal
        EXPECT_EQ(root(r, 0x7ff0000000000001ull), 0x7ff8000000000001ull);
        EXPECT_EQ(root(r, 0xfff4000000000123ull), 0xfffc000000000123ull);
        // Exact roots, subnormal operands included: 2^-1074 = (2^-537)^2, 2^-1072, 4, 9/4.
        EXPECT_EQ(root(r, 1), 0x1e60000000000000ull);
        EXPECT_EQ(root(r, 4), 0x1e70000000000000ull);
        EXPECT_EQ(root(r, 0x4010000000000000ull), 0x4000000000000000ull);
        EXPECT_EQ(root(r, 0x4002000000000000ull), 0x3ff8000000000000ull);
    }
}

TEST(Sqrt64Emulation, DirectedModesRoundTheirWay) {
    // sqrt(2) = 0x1.6a09e667f3bcc908b2...p+0: to nearest and upward 0x...bcd, else 0x...bcc.
    EXPECT_EQ(root(Rounding::rn, 0x4000000000000000ull), 0x3ff6a09e667f3bcdull);
    EXPECT_EQ(root(Rounding::ru, 0x4000000000000000ull), 0x3ff6a09e667f3bcdull);
    EXPECT_EQ(root(Rounding::rz, 0x4000000000000000ull), 0x3ff6a09e667f3bccull);
    EXPECT_EQ(root(Rounding::rd, 0x4000000000000000ull), 0x3ff6a09e667f3bccull);
    // The largest finite number: its root rounds up to nearest only just below 2^512.
    EXPECT_EQ(root(Rounding::rn, 0x7fefffffffffffffull), 0x5fefffffffffffffull);
    EXPECT_EQ(root(Rounding::ru, 0x7fefffffffffffffull), 0x5ff0000000000000ull);
    EXPECT_EQ(root(Rounding::rz, 0x7fefffffffffffffull), 0x5fefffffffffffffull);
}

TEST(Sqrt64Emulation, EveryModeIsCleanOverAllAndTheTestFloatFilesOfItsMode) {
    expect_clean_campaigns("sqrt64",
                           {{{"f64_sqrt.level1.txt", "f64_sqrt.level2.txt"},
                             {"f64_sqrt.level1.rminMag.txt.gz"},
                             {"f64_sqrt.level1.rmax.txt.gz"},
                             {"f64_sqrt.level1.rmin.txt.gz"}}},
                           3000, true);
}

}  // namespace
}  // namespace fpv
