// Shards and merge: N shards of a campaign merged equal the unsharded run field for field;
// shards that do not fit together are refused with nothing written.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

// Every stored field of a campaign's tallies, without what says when, where or how fast.
std::vector<std::vector<std::vector<std::string>>> stored_tallies(const std::string& db, int campaign) {
    const std::string c = std::to_string(campaign);
    const std::vector<std::string> queries = {
        "SELECT ordinal, impl, op, class, planned, next_index, tested, passed, failed, outside, quote(max_error), "
        "reference_disagreements, failures_stored, source_digest, input_key, generator_version, ftz_changed, "
        "exhaustive, wrong_runs_overflow, map_partial FROM units WHERE campaign_id = " + c + " ORDER BY ordinal",
        "SELECT ordinal, category, count FROM category_counts WHERE campaign_id = " + c + " ORDER BY 1, 2",
        "SELECT ordinal, inside, bin, count FROM error_histogram WHERE campaign_id = " + c + " ORDER BY 1, 2, 3",
        "SELECT ordinal, inside, rank, impl, class, input_index, a, b, c, result, expected, quote(error), category "
        "FROM worst_cases WHERE campaign_id = " + c + " ORDER BY 1, 2, 3",
        "SELECT ordinal, impl, class, input_index, a, b, c, result, expected, quote(error), category FROM failures "
        "WHERE campaign_id = " + c + " ORDER BY ordinal, input_index",
        "SELECT ordinal, first_bits, last_bits FROM wrong_runs WHERE campaign_id = " + c + " ORDER BY 1, 2",
        "SELECT ordinal, sign, exponent_field, count FROM wrong_binades WHERE campaign_id = " + c + " ORDER BY 1, 2, 3",
        "SELECT ordinal, steps, count FROM ulp_steps WHERE campaign_id = " + c + " ORDER BY 1, 2",
        "SELECT ordinal, cell, tested, failed FROM failure_map WHERE campaign_id = " + c + " ORDER BY 1, 2",
        "SELECT ordinal, input_index, a, b, c, vector_result, reference_result FROM disagreements "
        "WHERE campaign_id = " + c + " ORDER BY 1, 2",
        "SELECT name, seed, count_per_unit, failures_kept, worst_kept, impls, classes, reference, strict_nan "
        "FROM campaigns WHERE id = " + c};
    std::vector<std::vector<std::vector<std::string>>> tables;
    for (const std::string& q : queries) tables.push_back(sql_rows(db, q));
    return tables;
}

// Failures with vector-file lines (div64), an exhaustive range whose wrong runs cross the
// shards' borders (f2d), measured errors of a float-float impl: every part of a tally.
std::vector<std::string> spec_args(int which) {
    const std::vector<std::vector<std::string>> specs = {
        {"--impl", "div64.emu_halley,div64.emu_nr", "--classes",
         "normal,ties,testfloat:" + testing::vectors_dir() + "/f64_div.level1.txt"},
        {"--impl", "f2d.shift_xor,f2d.byte_perm", "--classes", "range32:0x37ffe000-0x38001fff", "--reference", "fast"},
        {"--impl", "ff_add.accurate,ff_mul.dw_times_dw3", "--classes", "all"}};
    std::vector<std::string> args = specs[static_cast<size_t>(which)];
    const std::vector<std::string> common = {"--count", "20000", "--seed", "5", "--failures-kept", "40", "--worst",
                                             "6", "--backend", "cpu", "--threads", "2", "--quiet", "--no-progress"};
    args.insert(args.end(), common.begin(), common.end());
    return args;
}

CommandResult run_shard(const std::string& db, const std::string& shard, int which = 0) {
    std::vector<std::string> args = {"run", "--db", db};
    if (!shard.empty()) args.insert(args.end(), {"--shard", shard});
    const std::vector<std::string> spec = spec_args(which);
    args.insert(args.end(), spec.begin(), spec.end());
    return run_fpverify(args);
}

TEST(Shards, MergedShardsEqualTheUnshardedRunFieldForField) {
    for (int which : {0, 1, 2}) {
        TempDir dir;
        const CommandResult whole = run_shard(dir.path("whole.db"), "", which);
        ASSERT_LE(whole.status, 1) << whole.err;
        std::vector<std::string> merge = {"merge", "--into", dir.path("all.db")};
        for (int k : {2, 0, 1}) {  // any order
            const std::string db = dir.path("shard" + std::to_string(k) + ".db");
            const CommandResult part = run_shard(db, std::to_string(k) + "/3", which);
            ASSERT_LE(part.status, 1) << part.err;
            merge.push_back(db);
        }
        const CommandResult merged = run_fpverify(merge);
        ASSERT_EQ(merged.status, 0) << merged.err;
        const auto expected = stored_tallies(dir.path("whole.db"), 1);
        const auto got = stored_tallies(dir.path("all.db"), 1);
        ASSERT_EQ(expected.size(), got.size());
        for (size_t t = 0; t < expected.size(); ++t) EXPECT_EQ(expected[t], got[t]) << "spec " << which << ", table " << t;
        EXPECT_FALSE(expected[3].empty()) << "spec " << which << ": no worst case, the test compares little";
        if (which == 0) {
            EXPECT_FALSE(expected[4].empty()) << "no stored failure";
        } else if (which == 1) {
            EXPECT_FALSE(expected[5].empty()) << "no wrong run";
        }
        EXPECT_EQ(sql_rows(dir.path("all.db"), "SELECT status FROM campaigns")[0][0], "finished");
        const CommandResult report = run_fpverify({"report", "--db", dir.path("all.db")});
        EXPECT_TRUE(contains(report.out, "Merged from shards")) << report.out;
        // The JSON report says so too: the shards it came from, and each shard which one it is.
        const nlohmann::json all = nlohmann::json::parse(
            run_fpverify({"report", "--db", dir.path("all.db"), "--format", "json"}).out)["campaign"];
        ASSERT_EQ(all["merged_from"].size(), 3u) << all.dump();
        EXPECT_TRUE(contains(all["merged_from"][0].get<std::string>(), "(shard ")) << all.dump();
        EXPECT_EQ(all["shard_count"], 1);
        const nlohmann::json one = nlohmann::json::parse(
            run_fpverify({"report", "--db", dir.path("shard1.db"), "--format", "json"}).out)["campaign"];
        EXPECT_EQ(one["shard_index"], 1);
        EXPECT_EQ(one["shard_count"], 3);
        EXPECT_TRUE(one["merged_from"].empty()) << one.dump();
    }
}

TEST(Shards, MismatchedOverlappingMissingOrUnfinishedShardsAreRefusedWithNothingWritten) {
    TempDir dir;
    const std::string s0 = dir.path("s0.db"), s1 = dir.path("s1.db"), other = dir.path("other.db");
    ASSERT_EQ(run_shard(s0, "0/3").status, 1);
    ASSERT_EQ(run_shard(s1, "1/3").status, 1);
    std::vector<std::string> reseeded = {"run", "--db", other, "--shard", "2/3"};
    std::vector<std::string> spec = spec_args(0);
    spec[7] = "6";  // the seed
    reseeded.insert(reseeded.end(), spec.begin(), spec.end());
    ASSERT_EQ(run_fpverify(reseeded).status, 1);

    const std::string into = dir.path("m.db");
    const CommandResult mismatch = run_fpverify({"merge", "--into", into, s0, s1, other});
    EXPECT_EQ(mismatch.status, 2);
    EXPECT_TRUE(contains(mismatch.err, "seed")) << mismatch.err;
    const CommandResult overlap = run_fpverify({"merge", "--into", into, s0, s1, s1});
    EXPECT_EQ(overlap.status, 2);
    EXPECT_TRUE(contains(overlap.err, "overlap")) << overlap.err;
    const CommandResult missing = run_fpverify({"merge", "--into", into, s0, s1});
    EXPECT_EQ(missing.status, 2);
    EXPECT_TRUE(contains(missing.err, "shard 2 of 3 missing")) << missing.err;
    EXPECT_FALSE(file_exists(into)) << "a refused merge wrote its database";

    const CommandResult partial = run_fpverify({"merge", "--into", into, s0, s1, "--partial"});
    EXPECT_EQ(partial.status, 0) << partial.err;
    EXPECT_EQ(sql_rows(into, "SELECT status FROM campaigns")[0][0], "partial");
    const CommandResult resume = run_fpverify({"resume", "--db", into, "--campaign", "1"});
    EXPECT_EQ(resume.status, 2);
    EXPECT_TRUE(contains(resume.err, "partial merge")) << resume.err;

    // A shard not finished is merged only with --partial.
    const std::string s2 = dir.path("s2.db");
    ASSERT_EQ(run_shard(s2, "2/3").status, 1);
    ASSERT_TRUE(testing::sql_exec(s2, "UPDATE campaigns SET status = 'paused'"));
    const std::string into2 = dir.path("m2.db");
    const CommandResult unfinished = run_fpverify({"merge", "--into", into2, s0, s1, s2});
    EXPECT_EQ(unfinished.status, 2);
    EXPECT_TRUE(contains(unfinished.err, "is paused")) << unfinished.err;
    EXPECT_FALSE(file_exists(into2));
}

// Issue 42, N9: shards written by different builds of fpverify do not add up to one campaign, and
// a merge says which build judged its inputs, not which one merged them.
TEST(Shards, ShardsOfDifferentBuildsAreRefusedAndAMergeKeepsTheBuildThatJudged) {
    TempDir dir;
    const std::string s0 = dir.path("s0.db"), s1 = dir.path("s1.db");
    ASSERT_EQ(run_shard(s0, "0/2").status, 1);
    ASSERT_EQ(run_shard(s1, "1/2").status, 1);
    ASSERT_TRUE(testing::sql_exec(s0, "UPDATE campaigns SET fpverify_version = 'build-a'"));
    ASSERT_TRUE(testing::sql_exec(s1, "UPDATE campaigns SET fpverify_version = 'build-b'"));
    const std::string into = dir.path("m.db");
    const CommandResult mixed = run_fpverify({"merge", "--into", into, s0, s1});
    EXPECT_EQ(mixed.status, 2) << mixed.err;
    EXPECT_TRUE(contains(mixed.err, "build-a") && contains(mixed.err, "build-b")) << mixed.err;
    EXPECT_FALSE(file_exists(into)) << "a refused merge wrote its database";

    ASSERT_TRUE(testing::sql_exec(s1, "UPDATE campaigns SET fpverify_version = 'build-a'"));
    const CommandResult same = run_fpverify({"merge", "--into", into, s0, s1});
    ASSERT_EQ(same.status, 0) << same.err;
    const auto merged = sql_rows(into, "SELECT fpverify_version, notes FROM campaigns");
    ASSERT_EQ(merged.size(), 1u);
    EXPECT_EQ(merged[0][0], "build-a");
    EXPECT_TRUE(contains(merged[0][1], "merged by fpverify ")) << merged[0][1];
}

}  // namespace
}  // namespace fpv
