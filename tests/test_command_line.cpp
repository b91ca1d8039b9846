// What the command line takes without a word: an empty value, a thread count from
// OMP_NUM_THREADS, a batch so small that committing dominates. Each is now refused (exit 2,
// nothing written) or said on stderr.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

std::vector<std::string> small_run(const std::string& db, const std::string& count = "2000") {
    return {"run", "--db", db, "--impl", "div64.emu_nr", "--classes", "normal", "--count", count,
            "--backend", "cpu", "--quiet", "--no-progress"};
}

TEST(CommandLine, EmptyValuesAreRefusedNamingTheOption) {
    TempDir dir;
    const std::string db = dir.path("c.db");
    ASSERT_EQ(run_fpverify(small_run(db)).status, 0);
    const std::string fresh = dir.path("fresh.db");
    const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
        {"--for", concat(small_run(fresh), {"--for", ""})},
        {"--batch", concat(small_run(fresh), {"--batch", ""})},
        {"--reference", concat(small_run(fresh), {"--reference", ""})},
        {"--shard", concat(small_run(fresh), {"--shard", ""})},
        {"--devices", concat(small_run(fresh), {"--devices", ""})},
        {"--name", concat(small_run(fresh), {"--name", ""})},
        {"--impl", {"run", "--db", fresh, "--impl", "", "--count", "10"}},
        {"--classes", {"run", "--db", fresh, "--impl", "div64.emu_nr", "--classes", ""}},
        {"--for", {"resume", "--db", db, "--for", ""}},
        {"--out", {"report", "--db", db, "--out", ""}},
        {"--compare", {"report", "--db", db, "--compare", ""}},
        {"--out", {"export", "--db", db, "--out", ""}},
        {"--impl", {"export", "--db", db, "--impl", ""}},
        {"--timeout", {"query", "--db", db, "--timeout", "", "SELECT 1"}},
        {"--preset", {"query", "--db", db, "--preset", ""}},
        {"--into", {"merge", "--into", "", db}},
    };
    for (const auto& [option, args] : cases) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << args[0] << " " << option << " '': " << r.err;
        EXPECT_TRUE(contains(r.err, option + ": an empty value")) << args[0] << " " << option << ": " << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 200);
    }
    EXPECT_FALSE(file_exists(fresh)) << "a refused run created its database";
    // --db "" keeps its own refusal.
    EXPECT_TRUE(contains(run_fpverify(small_run("")).err, "in-memory or temporary database"));
}

CommandResult run_with_omp_threads(const std::string& value, const std::vector<std::string>& args) {
    return run_command("env", concat({"OMP_NUM_THREADS=" + value, testing::fpverify_binary()}, args));
}

TEST(CommandLine, OmpNumThreadsIsHeldToTheRuleOfThreads) {
    TempDir dir;
    // Beyond --threads' maximum: refused before anything is written, naming the variable.
    const std::string refused = dir.path("refused.db");
    const CommandResult beyond = run_with_omp_threads("100000", small_run(refused));
    EXPECT_EQ(beyond.status, 2) << beyond.err;
    EXPECT_TRUE(contains(beyond.err, "OMP_NUM_THREADS=100000")) << beyond.err;
    EXPECT_FALSE(contains(beyond.err, "ask for fewer with --threads")) << beyond.err;
    EXPECT_FALSE(file_exists(refused));
    // More than the cores: it runs, and says so.
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    const std::string many = std::to_string(2 * cores + 1);
    const CommandResult crowded = run_with_omp_threads(many, small_run(dir.path("crowded.db")));
    EXPECT_EQ(crowded.status, 0) << crowded.err;
    EXPECT_TRUE(contains(crowded.err, "warning: OMP_NUM_THREADS=" + many + ": " + many + " host threads on " +
                                          std::to_string(cores) + " cores"))
        << crowded.err;
    // --threads decides where it is given; OMP_NUM_THREADS then says nothing.
    const CommandResult chosen =
        run_with_omp_threads("100000", concat(small_run(dir.path("chosen.db")), {"--threads", "1"}));
    EXPECT_EQ(chosen.status, 0) << chosen.err;
    EXPECT_FALSE(contains(chosen.err, "OMP_NUM_THREADS")) << chosen.err;
    // A campaign started with the default resumes under the same rule.
    const std::string paused = dir.path("paused.db");
    ASSERT_EQ(run_fpverify({"run", "--db", paused, "--impl", "div64.emu_nr", "--count", "1e12", "--threads", "0",
                            "--backend", "cpu", "--for", "1s", "--quiet", "--no-progress"})
                  .status,
              3);
    const CommandResult resumed = run_with_omp_threads("100000", {"resume", "--db", paused, "--for", "1s"});
    EXPECT_EQ(resumed.status, 2) << resumed.err;
    EXPECT_TRUE(contains(resumed.err, "OMP_NUM_THREADS=100000")) << resumed.err;
}

TEST(CommandLine, BatchesSoSmallThatCommittingDominatesAreWarnedAbout) {
    TempDir dir;
    const CommandResult tiny = run_fpverify(concat(small_run(dir.path("tiny.db"), "300"), {"--batch", "1"}));
    EXPECT_EQ(tiny.status, 0) << tiny.err;
    EXPECT_TRUE(contains(tiny.err, "warning: --batch 1: each batch takes")) << tiny.err;
    const CommandResult adaptive = run_fpverify(small_run(dir.path("adaptive.db")));
    EXPECT_EQ(adaptive.status, 0) << adaptive.err;
    EXPECT_FALSE(contains(adaptive.err, "warning")) << adaptive.err;
    EXPECT_EQ(testing::comparable_units(dir.path("tiny.db"))[0]["tested"], 300);
    // Issue 42, N14: batches of a few milliseconds whose commits are a small share of them are no
    // waste worth a warning (it fired under 50 ms a batch, at 7 % of it committing).
    const CommandResult modest = run_fpverify({"run", "--db", dir.path("modest.db"), "--impl", "gemm64.dot_fma",
                                               "--classes", "uniform:k=64", "--count", "20000", "--batch", "500",
                                               "--threads", "1", "--backend", "cpu", "--quiet", "--no-progress"});
    EXPECT_EQ(modest.status, 0) << modest.err;
    EXPECT_FALSE(contains(modest.err, "warning")) << modest.err;
}

}  // namespace
}  // namespace fpv
