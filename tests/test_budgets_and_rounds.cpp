// Campaigns run in parts: time budgets that pause with every unit advanced, rounds that leave the
// tallies as an uninterrupted run's, and `status` watching from another process.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/matrix_product.h"
#include "model/tally_codec.h"
#include "verifier/engine/campaign_setup.h"
#include "cli/duration_parse.h"
#include "verifier/engine/engine.h"
#include "core/usage_error.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using nlohmann::json;
using namespace testing;

TEST(BudgetsAndRounds, DurationsAndShardsParseAsDocumented) {
    EXPECT_EQ(parse_duration("90s", "--for"), 90);
    EXPECT_EQ(parse_duration("30m", "--for"), 1800);
    EXPECT_EQ(parse_duration("8h", "--for"), 28800);
    EXPECT_EQ(parse_duration("1h30m", "--for"), 5400);
    EXPECT_EQ(parse_duration("2d", "--for"), 172800);
    EXPECT_EQ(parse_duration("2.5", "--for"), 2.5);
    for (const char* bad : {"", "0", "-1h", "1h30", "8x", "h", "inf", "nan"}) {
        EXPECT_THROW(parse_duration(bad, "--for"), UsageError) << bad;
    }
    EXPECT_EQ(parse_shard("2/5").index, 2);
    EXPECT_EQ(parse_shard("2/5").count, 5);
    for (const char* bad : {"5/5", "-1/3", "1/0", "1", "a/b", "1/3x"}) EXPECT_THROW(parse_shard(bad), UsageError) << bad;
}

TEST(BudgetsAndRounds, ShardRangesAreDisjointAndCoverEveryIndex) {
    for (uint64_t size : {uint64_t{0}, uint64_t{1}, uint64_t{7}, uint64_t{1000003}, uint64_t{1} << 62}) {
        for (int n : {1, 2, 3, 7, 64}) {
            uint64_t next = 0;
            for (int k = 0; k < n; ++k) {
                const ShardRange r = shard_range(size, k, n);
                EXPECT_EQ(r.begin, next);
                EXPECT_LE(r.begin, r.end);
                next = r.end;
            }
            EXPECT_EQ(next, size);
        }
    }
}

TEST(BudgetsAndRounds, RoundsDoubleEachUnitsShareUpToItsEnd) {
    UnitState u;
    u.begin_index = 100;
    u.planned = 100 + 1000000;
    EXPECT_EQ(round_target(u, 0, 0), 100 + 65536u);
    EXPECT_EQ(round_target(u, 1, 0), 100 + 131072u);
    EXPECT_EQ(round_target(u, 4, 0), 100 + 1000000u);
    EXPECT_EQ(round_target(u, 0, 10000), 100 + 70000u);  // whole fixed batches
    EXPECT_EQ(round_target(u, 60, 0), u.planned);
}

TEST(BudgetsAndRounds, TalliesSurviveTheTripBetweenRanksBitForBit) {
    Tally t;
    TallyLimits limits;
    t.tested = 12345;
    t.by_category[1] = 7;
    t.error_histogram.add(-3, 5);
    t.outside_histogram.add(1000, 2);
    FailureRecord r{42, {1, 2, 3}, 0x3ff0000000000001, 0x3ff0000000000000, 0.5000000000000001, Category::wrong_value};
    t.worst = {r};
    t.failures = {r};
    t.disagreements = {r};
    t.wrong_runs.runs = {{5, 9}};
    t.wrong_by_binade.counts.assign(WrongBinades::kBinades, 0);
    t.wrong_by_binade.counts[300] = 4;
    t.step_counts.counts.assign(UlpSteps::kBuckets, 0);
    t.step_counts.counts[2] = 1;
    t.ftz_changed.count = 3;
    t.products_run.add(kBitsFellBack, {2, 2, 2, 0});
    t.products_run.add(55, {7, 7, 0, 4096 * 7});
    t.ulp_errors.record(0.0);
    t.ulp_errors.record(0.75);
    t.ulp_errors.record(__builtin_huge_val());
    t.reference_disagreements = 1;
    EXPECT_EQ(decode_tally(encode_tally(t)), t);
    EXPECT_EQ(decode_tally(encode_tally(Tally{})), Tally{});
    EXPECT_THROW(decode_tally({0xc1, 0x00}), std::runtime_error);
    (void)limits;
}


// inputs judged per unit, by ordinal
std::vector<uint64_t> judged_per_unit(const std::string& db) {
    std::vector<uint64_t> judged;
    for (const auto& row : sql_rows(db, "SELECT next_index - begin_index FROM units ORDER BY ordinal")) {
        judged.push_back(std::stoull(row[0]));
    }
    return judged;
}

TEST(BudgetsAndRounds, ABudgetPausesWithEveryUnitAdvancedAndResumeContinues) {
    TempDir dir;
    const std::string db = dir.path("night.db");
    const auto started = std::chrono::steady_clock::now();
    const CommandResult r = run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr,div64.emu_halley", "--classes",
                                          "normal,ties,random", "--count", "1e12", "--threads", "2", "--for", "6s",
                                          "--no-progress"});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    ASSERT_EQ(r.status, 3) << r.err;
    EXPECT_LT(seconds, 60) << "a 6 s budget took " << seconds << " s";
    EXPECT_TRUE(contains(r.err, "paused, its time budget spent")) << r.err;
    EXPECT_TRUE(contains(r.err, "fpverify resume --db " + db + " --campaign 1")) << r.err;
    EXPECT_TRUE(contains(r.out, "95% bound")) << r.out;
    EXPECT_EQ(sql_rows(db, "SELECT status FROM campaigns")[0][0], "paused");
    EXPECT_TRUE(sql_rows(db, "SELECT * FROM leases").empty()) << "the lease outlived its process";

    const std::vector<uint64_t> first = judged_per_unit(db);
    ASSERT_EQ(first.size(), 6u);
    const uint64_t least = *std::min_element(first.begin(), first.end());
    const uint64_t most = *std::max_element(first.begin(), first.end());
    EXPECT_GT(least, 0u) << "a unit made no progress";
    EXPECT_LE(most, 2 * least) << "units advance in rounds: no unit has more than twice another's share";

    const CommandResult md = run_fpverify({"report", "--db", db, "--format", "md"});
    EXPECT_TRUE(contains(md.out, "Status: paused")) << md.out;
    EXPECT_TRUE(contains(md.out, "95 % bound")) << md.out;
    EXPECT_TRUE(contains(md.out, "| < ")) << "div64.emu_nr fails nowhere: its rows give the bound";
    const json report = json::parse(run_fpverify({"report", "--db", db, "--format", "json"}).out);
    EXPECT_TRUE(report["units"][0]["failure_rate_bound_95"].is_number()) << report["units"][0];
    EXPECT_TRUE(report["units"][3]["failure_rate_bound_95"].is_null()) << "div64.emu_halley fails";

    const CommandResult resumed = run_fpverify({"resume", "--db", db, "--for", "2s", "--quiet"});
    EXPECT_EQ(resumed.status, 3) << resumed.err;
    const std::vector<uint64_t> second = judged_per_unit(db);
    uint64_t before = 0, after = 0;
    for (size_t i = 0; i < first.size(); ++i) {
        EXPECT_GE(second[i], first[i]);
        before += first[i];
        after += second[i];
    }
    EXPECT_GT(after, before) << "the resumed session judged nothing";
}

TEST(BudgetsAndRounds, PausedAndResumedInRoundsTheTalliesAreTheUninterruptedOnes) {
    TempDir dir;
    const std::vector<std::string> common = {"--impl", "div64.emu_halley,div64.emu_nr", "--classes", "midpoint,normal",
                                             "--count", "2000000", "--seed", "9", "--threads", "2", "--quiet",
                                             "--no-progress"};
    std::vector<std::string> whole = {"run", "--db", dir.path("whole.db")};
    whole.insert(whole.end(), common.begin(), common.end());
    ASSERT_EQ(run_fpverify(whole).status, 1);

    const std::string db = dir.path("slices.db");
    std::vector<std::string> first = {"run", "--db", db, "--for", "0.3s"};
    first.insert(first.end(), common.begin(), common.end());
    int status = run_fpverify(first).status;
    int sessions = 1;
    while (status == 3 && sessions < 200) {
        status = run_fpverify({"resume", "--db", db, "--for", "0.3s", "--quiet"}).status;
        ++sessions;
    }
    EXPECT_EQ(status, 1);
    EXPECT_GT(sessions, 1) << "the campaign never paused: the test shows nothing";
    EXPECT_EQ(comparable_units(db), comparable_units(dir.path("whole.db")));
}

TEST(BudgetsAndRounds, StatusWatchesARunningCampaignFromAnotherProcess) {
    TempDir dir;
    const std::string db = dir.path("watched.db");
    const int pid = testing::spawn_fpverify({"run", "--db", db, "--impl", "div64.emu_halley", "--classes",
                                             "normal,ties", "--count", "1e12", "--threads", "1", "--for", "60s",
                                             "--name", "watched"});
    ASSERT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
        const auto rows = sql_rows(db, "SELECT sum(next_index) FROM units");
        if (!rows.empty() && rows[0][0] != "NULL" && std::stoull(rows[0][0]) > 0) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    const CommandResult watching = run_fpverify({"status", "--db", db});
    EXPECT_EQ(watching.status, 0) << watching.err;
    EXPECT_TRUE(contains(watching.out, "campaign 1 (watched): running")) << watching.out;
    EXPECT_TRUE(contains(watching.out, "owned by process " + std::to_string(pid))) << watching.out;
    EXPECT_TRUE(contains(watching.out, "div64.emu_halley")) << watching.out;
    EXPECT_TRUE(contains(watching.out, "time left")) << watching.out;

    kill(pid, SIGTERM);
    EXPECT_EQ(testing::wait_for(pid), 3) << "stopped by a signal, a campaign pauses (exit 3)";
    const CommandResult after = run_fpverify({"status", "--db", db});
    EXPECT_TRUE(contains(after.out, "campaign 1 (watched): paused")) << after.out;
    EXPECT_TRUE(contains(after.out, "no owner")) << after.out;
    EXPECT_EQ(run_fpverify({"status", "--db", dir.path("absent.db")}).status, 2);
}

}  // namespace
}  // namespace fpv
