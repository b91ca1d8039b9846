// The database: schema versioning, refusing what it cannot use, WAL mode.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "core/matrix_product.h"
#include "core/usage_error.h"
#include "store/sqlite_handle.h"
#include "store/store.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using testing::TempDir;

std::string open_error(const std::string& path, Store::Mode mode) {
    try {
        Store s(path, mode);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}

void raw_sql(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    execute(db, sql);
    sqlite3_close(db);
}

TEST(Store, CreatesAVersionedSchemaInWalMode) {
    TempDir dir;
    const std::string path = dir.path("new.db");
    {
        Store s(path, Store::Mode::read_write);
        Statement v(s.handle(), "SELECT value FROM meta WHERE key = 'schema_version'");
        ASSERT_TRUE(v.step());
        EXPECT_EQ(v.text(0), std::to_string(kSchemaVersion));
        Statement mode(s.handle(), "PRAGMA journal_mode");
        ASSERT_TRUE(mode.step());
        EXPECT_EQ(mode.text(0), "wal");
    }
    Store again(path, Store::Mode::read_only);  // reopens cleanly
    EXPECT_TRUE(again.campaigns().empty());
}

TEST(Store, RefusesAnotherSchemaVersion) {
    TempDir dir;
    const std::string path = dir.path("old.db");
    { Store s(path, Store::Mode::read_write); }
    raw_sql(path, "UPDATE meta SET value = '999' WHERE key = 'schema_version'");
    const std::string message = open_error(path, Store::Mode::read_write);
    EXPECT_NE(message.find("schema version 999"), std::string::npos) << message;
    EXPECT_NE(open_error(path, Store::Mode::read_only).find("schema version 999"), std::string::npos);
}

TEST(Store, RefusesDatabasesThatAreNotFpverifys) {
    TempDir dir;
    const std::string other = dir.path("other.db");
    raw_sql(other, "CREATE TABLE t (x)");
    EXPECT_NE(open_error(other, Store::Mode::read_write).find("not an fpverify database"),
              std::string::npos);
    const std::string text = dir.path("text.db");
    FILE* f = std::fopen(text.c_str(), "w");
    std::fputs("this is not a database, just text that is long enough to have a header\n", f);
    std::fclose(f);
    EXPECT_NE(open_error(text, Store::Mode::read_write), "");
}

TEST(Store, RefusesPathsItCannotWrite) {
    EXPECT_NE(open_error("/nonexistent-dir/x.db", Store::Mode::read_write).find("cannot open"),
              std::string::npos);
    EXPECT_NE(open_error("/proc/fpverify.db", Store::Mode::read_write), "");
    TempDir dir;
    EXPECT_NE(open_error(dir.path("absent.db"), Store::Mode::read_only).find("cannot open"),
              std::string::npos);
    EXPECT_FALSE(testing::file_exists(dir.path("absent.db")));  // a read-only open creates nothing
}

TEST(Store, MissingCampaignsAndFailuresAreUsageErrors) {
    TempDir dir;
    Store s(dir.path("e.db"), Store::Mode::read_write);
    EXPECT_THROW(s.campaign(1), UsageError);
    EXPECT_THROW(s.failure(1), UsageError);
    EXPECT_THROW(s.latest_campaign(false), UsageError);
}

// Everything a tally holds survives a commit and a reload, the newer parts included: FTZ counts,
// distances to the correctly rounded result, wrong runs and binades of sweeps.
TEST(Store, TalliesRoundTripWithEveryPart) {
    TempDir dir;
    Store s(dir.path("t.db"), Store::Mode::read_write);
    CampaignSpec spec;
    spec.name = "roundtrip";
    spec.impls = {"rcp32.div_approx"};
    spec.classes = {"range32:0x3f800000-0x3f8fffff"};
    UnitState unit;
    unit.impl = "rcp32.div_approx";
    unit.input_class = "range32:0x3f800000-0x3f8fffff";
    unit.planned = 1 << 20;
    unit.next_index = 1 << 19;
    unit.exhaustive = true;
    const int64_t id = s.create_campaign(spec, {unit}, "host", "test");
    Tally& t = unit.tally;
    const TallyLimits limits;
    Verdict off;
    off.category = Category::within_bound;
    off.error = 0.75;
    off.measured = true;
    off.steps = 1;
    off.ulps = 0.625;  // recorded as an entry of a matrix product would be
    for (uint64_t i = 0; i < 5; ++i) t.record(i, {0x3f800000u + i, 0}, 0, off, limits);
    off.ulps = -1;
    off.steps = 70;  // beyond the last exact bucket
    off.category = Category::wrong_value;
    off.wrong = true;
    t.record(9, {0x3f800009u, 0}, 0, off, limits);
    t.record_wrong(0x3f800009u, limits);
    t.ftz_changed.count = 3;
    t.products_run.add(kBitsUntouched, {1, 1, 1, 0});
    t.products_run.add(79, {4, 4, 1, 9000});
    s.commit_batch(id, unit, {}, 1.0, 0, 0);
    const std::vector<UnitState> back = s.units(id);
    ASSERT_EQ(back.size(), 1u);
    // The failure sample lives in its own table (unit_failures), written from new_failures.
    Tally expected = t;
    expected.failures.clear();
    EXPECT_EQ(back[0].tally.by_category, expected.by_category);
    EXPECT_EQ(back[0].tally.worst, expected.worst);
    EXPECT_EQ(back[0].tally.wrong_runs, expected.wrong_runs);
    EXPECT_EQ(back[0].tally.wrong_by_binade, expected.wrong_by_binade);
    EXPECT_EQ(back[0].tally.products_run, expected.products_run);
    EXPECT_EQ(back[0].tally.ulp_errors.bins.total(), 5u);
    EXPECT_EQ(back[0].tally.ulp_errors.bins.quantile_bin(1.0), -1);  // 0.625 in [2^-1, 2^0)
    EXPECT_EQ(back[0].tally, expected);
    EXPECT_EQ(back[0].tally.step_counts.max_steps(), UlpSteps::kBuckets - 1);
    EXPECT_EQ(back[0].tally.step_counts.counts[1], 5u);
    EXPECT_TRUE(back[0].exhaustive);
}

TEST(Store, HexValuesRoundTrip) {
    EXPECT_EQ(hex64(0x7ff8000000000123ull), "0x7ff8000000000123");
    EXPECT_EQ(parse_hex64("0x7ff8000000000123"), 0x7ff8000000000123ull);
    EXPECT_THROW(parse_hex64("0x"), UsageError);
    EXPECT_THROW(parse_hex64("12g"), UsageError);
}

}  // namespace
}  // namespace fpv
