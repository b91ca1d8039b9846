// Annex F's rule at the special values: where it states a result that is a binary32 number, no
// bound in ulps excuses another (exp(0) = 1 + 1 ulp fails a 2-ulp claim), while a stated value
// that is rounded (atan(inf) = pi/2) is judged as any result; and the report tabulates every
// result that differs at those points, from the specials class alone.
#include <gtest/gtest.h>

#include "ops/judge.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using testing::CommandResult;
using testing::TempDir;
using testing::run_fpverify;

Category category_of(const char* impl, const Operands& in, uint64_t result) {
    Judge judge(*find_impl(impl), ReferenceMode::mpfr);
    return judge(in, result).category;
}

TEST(SpecialValues, AStatedValueThatIsANumberAdmitsNoOther) {
    constexpr uint64_t kOneUp = 0x3f800001u;  // 1 + 2^-23, one binary32 number above 1
    // exp(+-0) = 1 (F.9.3.1), pow(x, +-0) = 1 and pow(+1, y) = 1 (F.9.4.4), hypot(x, +-0) = |x|
    // (F.9.4.3), tanh(+inf) = 1 (F.9.2.6): one step off fails, though each claim allows one.
    EXPECT_TRUE(is_failure(category_of("exp32.expf_glibc", {0x80000000u, 0, 0}, kOneUp)));
    EXPECT_TRUE(is_failure(category_of("pow32.powf_glibc", {0x3fc00000u, 0x00000000u, 0}, kOneUp)));
    EXPECT_TRUE(is_failure(category_of("pow32.powf_glibc", {0x3f800000u, 0x40200000u, 0}, kOneUp)));
    EXPECT_TRUE(is_failure(category_of("pow32.powf_glibc", {0x3f800000u, 0x7fc00000u, 0}, kOneUp)));
    EXPECT_TRUE(is_failure(category_of("hypot32.hypotf_glibc", {0x40400000u, 0x80000000u, 0}, 0x40400001u)));
    EXPECT_TRUE(is_failure(category_of("tanh32.tanhf_glibc", {0x7f800000u, 0, 0}, 0x3f7fffffu)));
    // erfc(0) = 1: Annex F is silent, and fpverify holds it to its exact value alike.
    EXPECT_TRUE(is_failure(category_of("erfc32.erfcf_glibc", {0, 0, 0}, kOneUp)));
    // Elsewhere the same step is within the claim: exp(2^-30) rounds to 1, pow(1.5, 2) = 2.25
    // exactly (not a point Annex F states), and atan(+inf) = pi/2 is a rounded value.
    EXPECT_EQ(category_of("exp32.expf_glibc", {0x30800000u, 0, 0}, kOneUp), Category::within_bound);
    EXPECT_EQ(category_of("pow32.powf_glibc", {0x3fc00000u, 0x40000000u, 0}, 0x40100001u), Category::within_bound);
    EXPECT_EQ(category_of("atan32.atanf_glibc", {0x7f800000u, 0, 0}, 0x3fc90fdau), Category::within_bound);
    EXPECT_EQ(category_of("exp32.expf_glibc", {0x80000000u, 0, 0}, 0x3f800000u), Category::exact);
}

// The planted wrong special value (pow(-0, -1) = +inf among them) fills the report's table of
// differences; its parent, glibc's powf, has none; and of the campaign's classes only specials
// holds a difference.
TEST(SpecialValues, TheReportTabulatesEveryDifferenceAtTheSpecialValues) {
    TempDir dir;
    const std::string db = dir.path("sv.db");
    const CommandResult run = run_fpverify({"run", "--db", db, "--impl", "pow32.mut_minus_zero_sign,pow32.powf_glibc",
                                            "--classes", "specials,random,normal", "--count", "20000",
                                            "--backend", "cpu"});
    ASSERT_EQ(run.status, 1) << run.err;
    const CommandResult report = run_fpverify({"report", "--db", db, "--format", "md"});
    ASSERT_EQ(report.status, 0) << report.err;
    const std::string& md = report.out;
    const size_t section = md.find("## Special values (C99 Annex F)");
    ASSERT_NE(section, std::string::npos) << md;
    EXPECT_NE(md.find("| `pow32.mut_minus_zero_sign` | `specials` | 3,600 | 115 | 115 |", section), std::string::npos)
        << md.substr(section, 3000);
    EXPECT_NE(md.find("| `pow32.powf_glibc` | `specials` | 3,600 | 0 | 0 |", section), std::string::npos);
    EXPECT_NE(md.find("| `pow32.mut_minus_zero_sign` | `x = 0x80000000 (-0), y = 0xbf800000 (-1)` | `0xff800000 (-inf)` "
                      "| `0x7f800000 (inf)` | wrong_sign |",
                      section),
              std::string::npos)
        << md.substr(section, 3000);
    EXPECT_EQ(md.find("| `pow32.powf_glibc` | `x =", section), std::string::npos);
    // The other classes of the mutant hold no failure.
    const CommandResult per_class = run_fpverify({"query", "--db", db, "--format", "csv",
                                                  "SELECT class, failed FROM units WHERE impl = "
                                                  "'pow32.mut_minus_zero_sign' ORDER BY class"});
    ASSERT_EQ(per_class.status, 0) << per_class.err;
    EXPECT_NE(per_class.out.find("normal,0"), std::string::npos) << per_class.out;
    EXPECT_NE(per_class.out.find("random,0"), std::string::npos) << per_class.out;
    EXPECT_NE(per_class.out.find("specials,115"), std::string::npos) << per_class.out;
}

}  // namespace
}  // namespace fpv
