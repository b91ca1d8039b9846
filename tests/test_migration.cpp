// A database of schema version 2, written by the fpverify of commit 4ca242f (one finished
// campaign, one stopped by SIGTERM halfway), is migrated in place on first open: its report is
// the one that fpverify wrote, and its stopped campaign resumes to the tallies of an
// uninterrupted run. And a resume whose inputs would change is refused, naming the unit.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "tests/golden_support.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using nlohmann::json;
using namespace testing;

// A copy of the fixture, which the test may change.
std::string copy_of_v2(const TempDir& dir) {
    const std::string db = dir.path("v2.db");
    std::filesystem::copy_file(testing::golden_dir() + "/campaigns_v2.db", db);
    return db;
}

void execute(const std::string& db, const std::string& sql) {
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    char* error = nullptr;
    const int status = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &error);
    EXPECT_EQ(status, SQLITE_OK) << (error != nullptr ? error : "");
    sqlite3_free(error);
    sqlite3_close(handle);
}

std::string schema_version(const std::string& db) {
    return run_fpverify({"query", "--db", db, "--format", "csv", "SELECT value FROM meta WHERE key = 'schema_version'"})
        .out;
}

void expect_report_like(const std::string& db, int campaign, const std::string& golden_name) {
    const CommandResult report = run_fpverify({"report", "--db", db, "--campaign", std::to_string(campaign), "--format", "json"});
    ASSERT_EQ(report.status, 0) << report.err;
    const json golden = json::parse(testing::gunzip(testing::golden_dir() + "/" + golden_name + ".json.gz"));
    const std::vector<std::string> differences = testing::report_differences(golden, json::parse(report.out));
    EXPECT_TRUE(differences.empty()) << golden_name << ": " << differences.size() << " differences, the first "
                                     << differences.front();
}

void strip_version_6(const std::string& db);

// A version 2 file reports as its own fpverify did. Its interrupted campaign cannot be resumed by
// this build: it had judged 66,000 inputs of ff_add.accurate x cancellation, a class whose inputs
// changed since (version 2, issue 29), so the resume is refused, naming the unit, with nothing
// written. (Until then it resumed to the tallies of an uninterrupted run, fixture v2_whole.)
TEST(Migration, AVersion2DatabaseReportsAsItsOwnFpverifyDidAndItsInputsKeepTheirVersion) {
    TempDir dir;
    const std::string db = copy_of_v2(dir);
    // Read-only commands migrate too: the first open writes version 5 in place, through 3 and 4.
    expect_report_like(db, 1, "v2_finished");
    EXPECT_EQ(schema_version(db), "value\n9\n");
    EXPECT_EQ(testing::failures_csv(db, "WHERE campaign_id = 1"), testing::gunzip(testing::golden_dir() + "/v2_finished.failures.csv.gz"));
    // Every unit now says what its inputs depend on: the key of its class and version 1, the
    // generators of the fpverify that wrote the file, whatever version a class has now.
    const CommandResult keys = run_fpverify({"query", "--db", db, "--format", "csv",
                                             "SELECT count(*) FROM units WHERE input_key = '' OR generator_version != 1"});
    EXPECT_EQ(keys.out, "count(*)\n0\n");

    const std::string progress = "SELECT sum(next_index) FROM units WHERE campaign_id = 2";
    const std::string before = run_fpverify({"query", "--db", db, progress}).out;
    const CommandResult resumed = run_fpverify({"resume", "--db", db, "--campaign", "2", "--no-progress", "--quiet"});
    EXPECT_EQ(resumed.status, 2) << resumed.err;
    EXPECT_TRUE(contains(resumed.err, "ff_add.accurate x cancellation")) << resumed.err;
    EXPECT_TRUE(contains(resumed.err, "generator version 1")) << resumed.err;
    EXPECT_EQ(run_fpverify({"query", "--db", db, progress}).out, before);
}

TEST(Migration, AResumeWhoseInputsWouldChangeIsRefusedNamingTheUnit) {
    TempDir dir;
    const std::string db = copy_of_v2(dir);
    ASSERT_EQ(run_fpverify({"report", "--db", db}).status, 0);  // migrates
    const std::string progress = "SELECT sum(next_index) FROM units WHERE campaign_id = 2";
    const std::string before = run_fpverify({"query", "--db", db, progress}).out;

    // A generator version this build does not have.
    execute(db, "UPDATE units SET generator_version = 7 WHERE campaign_id = 2 AND ordinal = 4");
    CommandResult refused = run_fpverify({"resume", "--db", db, "--campaign", "2", "--no-progress"});
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_TRUE(contains(refused.err, "unit 4 (div64.emu_halley x ties)")) << refused.err;
    EXPECT_TRUE(contains(refused.err, "generator version 7")) << refused.err;

    // A key that this build would not draw for the unit (another seed, another op's salt).
    execute(db, "UPDATE units SET generator_version = 1, input_key = '0x0000000000000001' "
                "WHERE campaign_id = 2 AND ordinal = 4");
    refused = run_fpverify({"resume", "--db", db, "--campaign", "2", "--no-progress"});
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_TRUE(contains(refused.err, "inputs would change")) << refused.err;

    // Nothing was judged or written.
    EXPECT_EQ(run_fpverify({"query", "--db", db, progress}).out, before);
}

// Version 3 (issue 10) lacked the strict-NaN flag of campaigns: its campaigns were not strict.
TEST(Migration, AVersion3DatabaseGainsTheStrictNanFlagAndResumes) {
    TempDir dir;
    const std::string db = dir.path("v3.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "sqrt64.host_ru", "--classes", "normal", "--count", "1000",
                            "--backend", "cpu", "--no-progress", "--quiet"}).status, 0);
    // What version 3 looked like.
    strip_version_6(db);
    execute(db, "ALTER TABLE campaigns DROP COLUMN strict_nan; UPDATE meta SET value = '3' WHERE key = 'schema_version'");
    const CommandResult report = run_fpverify({"report", "--db", db, "--format", "json"});
    ASSERT_EQ(report.status, 0) << report.err;
    EXPECT_TRUE(contains(report.out, "\"strict_nan\": false")) << report.out.substr(0, 300);
    EXPECT_EQ(schema_version(db), "value\n9\n");
    const CommandResult more = run_fpverify({"run", "--db", db, "--impl", "sqrt64.host_ru", "--classes", "specials",
                                             "--count", "1000", "--backend", "cpu", "--no-progress", "--quiet",
                                             "--strict-nan"});
    EXPECT_EQ(more.status, 0) << more.err;
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--format", "csv", "SELECT strict_nan FROM campaigns ORDER BY id"}).out,
              "strict_nan\n0\n1\n");
}

// The stored definition of the campaigns table, read without fpverify (which would migrate it).
std::string campaigns_schema(const std::string& db) {
    sqlite3* handle = nullptr;
    std::string sql;
    if (sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(handle, "SELECT sql FROM sqlite_schema WHERE name = 'campaigns'", -1, &s, nullptr) ==
                SQLITE_OK &&
            sqlite3_step(s) == SQLITE_ROW) {
            sql = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
        }
        sqlite3_finalize(s);
    }
    sqlite3_close(handle);
    return sql;
}

// What version 8 looked like: no entry measured in ulps.
void strip_version_9(const std::string& db) {
    execute(db, "DROP TABLE ulp_errors; UPDATE meta SET value = '8' WHERE key = 'schema_version'");
}

// What version 7 looked like: no record of what ran in whole products.
void strip_version_8(const std::string& db) {
    strip_version_9(db);
    execute(db, "DROP TABLE products_run; UPDATE meta SET value = '7' WHERE key = 'schema_version'");
}

// What version 6 looked like: no failure maps.
void strip_version_7(const std::string& db) {
    strip_version_8(db);
    execute(db, R"sql(
        ALTER TABLE units DROP COLUMN map_partial;
        DROP TABLE failure_map;
        UPDATE meta SET value = '6' WHERE key = 'schema_version';
    )sql");
}

// What version 5 looked like: no leases, shards, merges or paused campaigns.
void strip_version_6(const std::string& db) {
    strip_version_7(db);
    execute(db, R"sql(
        ALTER TABLE campaigns DROP COLUMN shard_index;
        ALTER TABLE campaigns DROP COLUMN shard_count;
        ALTER TABLE campaigns DROP COLUMN merged_from;
        ALTER TABLE units DROP COLUMN begin_index;
        DROP TABLE leases;
        PRAGMA writable_schema = ON;
        UPDATE sqlite_schema SET sql = replace(sql, '''running'', ''paused'', ''finished'', ''partial''',
                                               '''running'', ''finished''') WHERE name = 'campaigns';
        PRAGMA writable_schema = OFF;
        UPDATE meta SET value = '5' WHERE key = 'schema_version';
    )sql");
}

// Version 5 (issue 13) had no leases, shards, merges or paused campaigns.
TEST(Migration, AVersion5DatabaseGainsLeasesShardsAndPausedCampaigns) {
    TempDir dir;
    const std::string db = dir.path("v5.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr", "--classes", "normal", "--count", "1000",
                            "--backend", "cpu", "--no-progress", "--quiet"}).status, 0);
    strip_version_6(db);
    ASSERT_TRUE(contains(campaigns_schema(db), "IN ('running', 'finished'))")) << "the test's version 5 schema";
    const CommandResult paused = run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr", "--classes", "normal",
                                               "--count", "1e12", "--for", "0.5s", "--shard", "1/4", "--backend", "cpu",
                                               "--no-progress", "--quiet"});
    EXPECT_EQ(paused.status, 3) << paused.err;
    EXPECT_EQ(schema_version(db), "value\n9\n");
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--format", "csv",
                            "SELECT status, shard_index, shard_count FROM campaigns ORDER BY id"}).out,
              "status,shard_index,shard_count\nfinished,0,1\npaused,1,4\n");
    EXPECT_EQ(run_fpverify({"report", "--db", db, "--campaign", "1"}).status, 0);
}

// Version 6 (issue 14) had no failure maps: a unit under way resumes with a map of what it
// judges from then on, marked partial in every report; a new campaign has whole maps.
TEST(Migration, AVersion6DatabaseGainsFailureMapsMarkedPartialWhereUnitsHadBegun) {
    TempDir dir;
    const std::string db = dir.path("v6.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.emu_halley", "--classes", "normal", "--count", "4096",
                            "--backend", "cpu", "--no-progress", "--quiet"}).status, 1);
    const CommandResult paused = run_fpverify({"run", "--db", db, "--impl", "div64.emu_halley", "--classes", "normal",
                                               "--count", "1e12", "--for", "0.5s", "--backend", "cpu",
                                               "--no-progress", "--quiet"});
    ASSERT_EQ(paused.status, 3) << paused.err;
    strip_version_7(db);
    const CommandResult resumed =
        run_fpverify({"resume", "--db", db, "--for", "0.5s", "--no-progress", "--quiet"});
    EXPECT_EQ(resumed.status, 3) << resumed.err;
    EXPECT_EQ(schema_version(db), "value\n9\n");
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--format", "csv",
                            "SELECT campaign_id, map_partial, tested > 0 FROM units ORDER BY campaign_id"}).out,
              "campaign_id,map_partial,tested > 0\n1,1,1\n2,1,1\n");
    // The resumed unit mapped what it judged after the migration, and only that.
    const std::string mapped = run_fpverify({"query", "--db", db, "--format", "csv",
                                             "SELECT sum(m.tested) > 0, sum(m.tested) < min(u.tested - u.outside) "
                                             "FROM failure_map m JOIN units u USING (campaign_id, ordinal) "
                                             "WHERE campaign_id = 2"}).out;
    EXPECT_EQ(mapped, "sum(m.tested) > 0,sum(m.tested) < min(u.tested - u.outside)\n1,1\n");
    const CommandResult report = run_fpverify({"report", "--db", db, "--campaign", "2"});
    EXPECT_EQ(report.status, 0) << report.err;
    EXPECT_TRUE(contains(report.out, "Partial: some units began before failure maps were recorded")) << report.out;
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.emu_halley", "--classes", "normal", "--count", "4096",
                            "--backend", "cpu", "--no-progress", "--quiet"}).status, 1);
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--format", "csv",
                            "SELECT map_partial, (SELECT sum(tested) FROM failure_map WHERE campaign_id = 3) = "
                            "tested - outside FROM units WHERE campaign_id = 3"}).out,
              "map_partial,(SELECT sum(tested) FROM failure_map WHERE campaign_id = 3) = tested - outside\n0,1\n");
}

// Version 7 (issue 23's first part) had no products_run table: it gains it, empty, and a
// campaign goes on.
TEST(Migration, AVersion7DatabaseGainsTheProductsRunTable) {
    TempDir dir;
    const std::string db = dir.path("v7.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "gemm64.dot_fma", "--classes", "uniform:k=16:n=8", "--count",
                            "256", "--backend", "cpu", "--no-progress", "--quiet"}).status, 0);
    strip_version_8(db);
    EXPECT_EQ(schema_version(db), "value\n9\n");  // the query migrated it
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--format", "csv", "SELECT count(*) FROM products_run"}).out,
              "count(*)\n0\n");
    EXPECT_EQ(run_fpverify({"report", "--db", db}).status, 0);
}

// Version 8 (issue 23's second part) measured no entry in ulps: it gains the ulp_errors table,
// empty; a unit judged before says its ulps are partial once a resume has measured some.
TEST(Migration, AVersion8DatabaseGainsTheUlpErrorsTableAndItsOldUnitsArePartial) {
    TempDir dir;
    const std::string db = dir.path("v8.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "gemm64.dot_fma", "--classes", "uniform:k=16:n=8", "--count",
                            "1e12", "--backend", "cpu", "--no-progress", "--quiet", "--for", "1s"}).status, 3);
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--format", "csv", "SELECT next_index > 0 FROM units"}).out,
              "next_index > 0\n1\n") << "nothing was judged before the migration";
    strip_version_9(db);
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--format", "csv", "SELECT count(*) FROM ulp_errors"}).out,
              "count(*)\n0\n");
    EXPECT_EQ(schema_version(db), "value\n9\n");
    ASSERT_EQ(run_fpverify({"resume", "--db", db, "--no-progress", "--quiet", "--for", "1s"}).status, 3);
    const CommandResult report = run_fpverify({"report", "--db", db});
    EXPECT_NE(report.out.find("partial: "), std::string::npos) << report.out;
}

// Version 4 (issue 12) knew no exact reference: its CHECK constraint refused 'exact'.
TEST(Migration, AVersion4DatabaseAcceptsExactCampaignsAndKeepsItsOwn) {
    TempDir dir;
    const std::string db = dir.path("v4.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr", "--classes", "normal", "--count", "1000",
                            "--backend", "cpu", "--no-progress", "--quiet"}).status, 0);
    // What version 4 looked like.
    strip_version_6(db);
    execute(db, R"sql(
        PRAGMA writable_schema = ON;
        UPDATE sqlite_schema SET sql = replace(sql, ', ''exact''))', '))') WHERE name = 'campaigns';
        PRAGMA writable_schema = OFF;
        UPDATE meta SET value = '4' WHERE key = 'schema_version';
    )sql");
    ASSERT_TRUE(contains(campaigns_schema(db), "IN ('mpfr', 'fast'))")) << "the test's version 4 schema";
    const CommandResult more = run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr", "--classes", "normal",
                                             "--count", "1000", "--backend", "cpu", "--reference", "exact",
                                             "--no-progress", "--quiet"});
    EXPECT_EQ(more.status, 0) << more.err;
    EXPECT_EQ(schema_version(db), "value\n9\n");
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--format", "csv", "SELECT reference FROM campaigns ORDER BY id"}).out,
              "reference\nmpfr\nexact\n");
    EXPECT_TRUE(contains(campaigns_schema(db), "IN ('mpfr', 'fast', 'exact'))")) << campaigns_schema(db);
}

TEST(Migration, OtherSchemaVersionsAreRefused) {
    TempDir dir;
    const std::string db = copy_of_v2(dir);
    execute(db, "UPDATE meta SET value = '1' WHERE key = 'schema_version'");
    const CommandResult report = run_fpverify({"report", "--db", db});
    EXPECT_EQ(report.status, 2);
    EXPECT_TRUE(contains(report.err, "schema version 1")) << report.err;
}

}  // namespace
}  // namespace fpv
