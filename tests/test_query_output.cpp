// `fpverify query`: CSV as RFC 4180 readers split it (SQL NULL apart from the empty string),
// JSON with one spelling of infinity, and time limits of any size.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

class QueryOutput : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        db_ = dir_->path("q.db");
        const CommandResult r = run_fpverify({"run", "--db", db_, "--impl", "div64.host", "--classes", "random",
                                              "--count", "100", "--quiet", "--no-progress"});
        ASSERT_EQ(r.status, 0) << r.err;
    }
    static void TearDownTestSuite() {
        delete dir_;
        dir_ = nullptr;
    }
    static CommandResult query(const std::vector<std::string>& args) {
        return run_fpverify(testing::concat({"query", "--db", db_}, args));
    }
    static inline TempDir* dir_ = nullptr;
    static inline std::string db_;
};

// Every kind of field a CSV writer has to think about, and the two that look alike in
// spreadsheets: SQL NULL and the empty string.
const char* kAwkwardRow =
    "SELECT NULL AS missing, '' AS empty, 'a' || char(13) || 'b' AS cr, 'x' || char(10) || 'y' AS lf, "
    "'a,b' AS comma, 'say \"hi\"' AS quote, 'NULL' AS word, 'plain' AS p, 42 AS n";

TEST_F(QueryOutput, CsvQuotesWhatReadersWouldSplitAndWritesNullAsAnEmptyField) {
    const CommandResult r = query({"--format", "csv", kAwkwardRow});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out,
              "missing,empty,cr,lf,comma,quote,word,p,n\n"
              ",\"\",\"a\rb\",\"x\ny\",\"a,b\",\"say \"\"hi\"\"\",NULL,plain,42\n");
}

TEST_F(QueryOutput, PythonsCsvReaderGetsOneRowBack) {
    const CommandResult r = query({"--format", "csv", kAwkwardRow});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string out = dir_->path("awkward.csv");
    {
        std::FILE* f = std::fopen(out.c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fwrite(r.out.data(), 1, r.out.size(), f);
        std::fclose(f);
    }
    // Python's csv module as the docs say to use it (newline=''): the row must come back whole.
    const CommandResult py = run_command(
        "python3", {"-c",
                    "import csv, json, sys\n"
                    "with open(sys.argv[1], newline='') as f: print(json.dumps(list(csv.reader(f))))\n",
                    out});
    if (py.status == 127) GTEST_SKIP() << "no python3";
    ASSERT_EQ(py.status, 0) << py.err;
    const nlohmann::json rows = nlohmann::json::parse(py.out);
    ASSERT_EQ(rows.size(), 2u) << py.out;
    EXPECT_EQ(rows[1], nlohmann::json({"", "", "a\rb", "x\ny", "a,b", "say \"hi\"", "NULL", "plain", "42"}));
}

TEST_F(QueryOutput, JsonSpellsInfinityAsTheReportDoes) {
    const CommandResult r = query({"--format", "json", "SELECT 9e999 AS up, -9e999 AS down, 1.5 AS finite, NULL AS none"});
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json rows = nlohmann::json::parse(r.out);
    EXPECT_EQ(rows[0]["up"], "inf");
    EXPECT_EQ(rows[0]["down"], "-inf");
    EXPECT_EQ(rows[0]["finite"], 1.5);
    EXPECT_TRUE(rows[0]["none"].is_null());
}

TEST_F(QueryOutput, TimeLimitsBeyondTheClocksRangeAreNoLimit) {
    // Enough virtual-machine steps for SQLite to ask the progress handler many times.
    const std::string counting =
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 200000) SELECT count(*) AS n FROM c";
    for (const char* limit : {"1e10s", "106752d", "1e300s"}) {
        const CommandResult r = query({"--format", "csv", "--timeout", limit, counting});
        EXPECT_EQ(r.status, 0) << limit << ": " << r.err;
        EXPECT_EQ(r.out, "n\n200000\n") << limit;
    }
    // A short limit still stops it.
    const std::string endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";
    const CommandResult stopped = query({"--timeout", "0.2s", endless});
    EXPECT_EQ(stopped.status, 3) << stopped.err;
    EXPECT_TRUE(contains(stopped.err, "time limit")) << stopped.err;
}

}  // namespace
}  // namespace fpv
