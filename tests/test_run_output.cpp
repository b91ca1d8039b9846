// What `run` prints: the table at the end says what the database and the report say, and its
// notes on standard error come only with a command that is good and say what a reader needs.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

// Float-float impls measure an error on every result: the summary's max error is the stored
// one even where nothing failed (it used to print "-" unless a unit had failures).
TEST(RunSummary, MaxErrorIsTheStoredOneForFloatFloatUnits) {
    TempDir dir;
    const std::string db = dir.path("ff.db");
    const CommandResult run = run_fpverify({"run", "--db", db, "--impl", "ff_add.accurate", "--classes", "random",
                                            "--count", "2000", "--backend", "cpu", "--no-progress"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto rows = sql_rows(db, "SELECT max_error, failed FROM units");
    ASSERT_EQ(rows.size(), 1u);
    ASSERT_NE(rows[0][0], "NULL");
    EXPECT_EQ(rows[0][1], "0");
    char expected[32];
    std::snprintf(expected, sizeof expected, "%.3g", std::stod(rows[0][0]));
    std::istringstream lines(run.out);
    std::string line;
    bool found = false;
    while (std::getline(lines, line)) {
        if (!line.starts_with("ff_add.accurate")) continue;
        found = true;
        EXPECT_TRUE(line.ends_with(" " + std::string(expected))) << line;
    }
    EXPECT_TRUE(found) << run.out;
}

// A usage error comes alone, not after a note on which backend would have run.
TEST(RunNotes, AUsageErrorIsNotPrecededByTheBackendNote) {
    TempDir dir;
    const CommandResult bad = run_fpverify({"run", "--db", dir.path("x.db"), "--impl", "div64.emu_nr", "--classes",
                                            "no_such_class", "--backend", "auto", "--no-progress"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_TRUE(contains(bad.err, "no_such_class")) << bad.err;
    EXPECT_FALSE(contains(bad.err, "running on the")) << bad.err;
}

// --reference fast on an op without an exact answer besides MPFR's means MPFR judges it all:
// said once, naming the op; an op that has one is not named.
TEST(RunNotes, FastReferenceOnAnOpWithoutOneSaysMpfrJudgesIt) {
    TempDir dir;
    const CommandResult run = run_fpverify({"run", "--db", dir.path("f.db"), "--impl",
                                            "rsqrt64.emu,rsqrt64.emu_rz,div64.emu_nr", "--classes", "normal",
                                            "--count", "500", "--reference", "fast", "--backend", "cpu",
                                            "--no-progress", "--quiet"});
    EXPECT_EQ(run.status, 0) << run.err;
    const std::string note = "fpverify: rsqrt64 has no fast reference: MPFR judges its every input";
    ASSERT_TRUE(contains(run.err, note)) << run.err;
    EXPECT_EQ(run.err.find(note), run.err.rfind(note)) << run.err;
    EXPECT_FALSE(contains(run.err, "div64 has no fast reference")) << run.err;
}

}  // namespace
}  // namespace fpv
