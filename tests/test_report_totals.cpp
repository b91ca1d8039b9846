// A report's totals over a campaign's units: summed wider than one unit's 64-bit count, so that
// 16 units of 2^62 inputs each are 2^66 inputs, not 2^66 mod 2^64.
#include <gtest/gtest.h>

#include "model/text_format.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

TEST(ReportTotals, GroupedCountsAreExactBeyondSixtyFourBits) {
    EXPECT_EQ(grouped(0), "0");
    EXPECT_EQ(grouped(999), "999");
    EXPECT_EQ(grouped(1000), "1,000");
    EXPECT_EQ(grouped(UINT64_MAX), "18,446,744,073,709,551,615");
    EXPECT_EQ(grouped(WideCount{UINT64_MAX} + 1), "18,446,744,073,709,551,616");
    EXPECT_EQ(grouped(WideCount{16} << 62), "73,786,976,294,838,206,464");
}

// The exact sum of the units' sizes.
WideCount planned_total(const std::string& db) {
    WideCount total = 0;
    for (const auto& row : testing::sql_rows(db, "SELECT planned - begin_index FROM units")) {
        total += std::stoull(row[0]);
    }
    return total;
}

TEST(ReportTotals, SixteenUnitsOfTwoToTheSixtyTwoAreCountedExactly) {
    TempDir dir;
    const std::string db = dir.path("huge.db");
    // 2 impls x 8 classes of 2^62 inputs each; the budget stops it at once (paused, resumable).
    const CommandResult r = run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr,div64.emu_halley", "--classes",
                                          "random,normal,ties,midpoint,underflow,overflow,subnormal,patterns",
                                          "--count", "2^62", "--for", "1s", "--quiet", "--no-progress"});
    ASSERT_LE(r.status, 3) << r.err;
    ASSERT_EQ(testing::sql_rows(db, "SELECT count(*) FROM units")[0][0], "16");
    const std::string total = grouped(planned_total(db));
    EXPECT_TRUE(planned_total(db) > UINT64_MAX) << total << ": the test needs more than 2^64";
    const CommandResult report = run_fpverify({"report", "--db", db});
    ASSERT_EQ(report.status, 0) << report.err;
    EXPECT_TRUE(contains(report.out, " of " + total + " inputs judged")) << total << "\n" << report.out.substr(0, 800);
    // Built directly: every unit planned at 2^62 exactly.
    ASSERT_TRUE(testing::sql_exec(db, "UPDATE units SET planned = 4611686018427387904, begin_index = 0"));
    const CommandResult exact = run_fpverify({"report", "--db", db});
    ASSERT_EQ(exact.status, 0) << exact.err;
    EXPECT_TRUE(contains(exact.out, " of 73,786,976,294,838,206,464 inputs judged")) << exact.out.substr(0, 800);
}

}  // namespace
}  // namespace fpv
