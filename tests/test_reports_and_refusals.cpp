// What reports, comparisons, queries and refusals say at their edges (issue 42): a largest error
// that is infinite or NaN in the LaTeX table (N2); an --out named as a database's -wal before the
// -wal exists (N10); bench's --seconds (N13); text and BLOBs with NUL bytes in every query format
// (N15); comparisons that name their databases, an export of a campaign that is not there, a
// repro of a changed vector file, a count past the largest (N18); impls of different ops, which
// never pair (N19).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;
namespace fs = std::filesystem;

CommandResult small_run(const std::string& db, const std::string& impls, const std::string& classes,
                        const std::string& count = "2000") {
    return run_fpverify({"run", "--db", db, "--impl", impls, "--classes", classes, "--count", count, "--threads", "1",
                         "--backend", "cpu", "--quiet", "--no-progress"});
}

TEST(ReportsAndRefusals, AnInfiniteOrNanLargestErrorIsWrittenInTheLatexTable) {
    TempDir dir;
    const std::string div = dir.path("div.db"), gemm = dir.path("gemm.db");
    ASSERT_EQ(small_run(div, "div64.mut_inf_over_inf", "specials").status, 1);
    ASSERT_EQ(small_run(gemm, "gemm64.dot_fma", "overflow:k=64", "512").status, 1);
    for (const std::string& db : {div, gemm}) {
        const CommandResult latex = run_fpverify({"report", "--db", db, "--format", "latex"});
        EXPECT_EQ(latex.status, 0) << db << ": " << latex.err;
        EXPECT_TRUE(contains(latex.out, "$\\infty$") || contains(latex.out, "NaN")) << latex.out;
        EXPECT_FALSE(contains(latex.err, "stoi")) << latex.err;
    }
}

TEST(ReportsAndRefusals, AnOutNamedAsADatabasesWalIsRefusedBeforeTheWalExists) {
    TempDir dir;
    const std::string db = dir.path("db.db");
    ASSERT_EQ(small_run(db, "div64.emu_nr", "normal", "100").status, 0);
    ASSERT_FALSE(file_exists(db + "-wal")) << "a clean end leaves none";
    fs::create_symlink(db, dir.path("link.db"));
    const std::string here = fs::current_path().string();
    ASSERT_EQ(chdir(dir.dir().c_str()), 0);
    for (const std::string suffix : {"-wal", "-shm", "-journal"}) {
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"report", "--db", "db.db", "--out", "./db.db" + suffix},
              std::vector<std::string>{"report", "--db", "db.db", "--out", "db.db" + suffix},
              std::vector<std::string>{"report", "--db", "link.db", "--out", "db.db" + suffix},
              std::vector<std::string>{"export", "--db", "db.db", "--out", "./db.db" + suffix}}) {
            const CommandResult r = run_command(here + "/" + fpverify_binary(), args);
            EXPECT_EQ(r.status, 2) << args[4] << ": " << r.err;
            EXPECT_TRUE(contains(r.err, "beside the database this command reads")) << r.err;
            EXPECT_FALSE(file_exists("db.db" + suffix)) << args[4] << " was written";
        }
    }
    ASSERT_EQ(chdir(here.c_str()), 0);
}

TEST(ReportsAndRefusals, BenchSecondsArePositiveAndFinite) {
    for (const std::string seconds : {"-1", "0", "nan", "inf", "-inf", "-0"}) {
        // Accepted, "inf" would run for good: the timeout ends it (exit 124).
        const CommandResult r = run_command("timeout", {"60", fpverify_binary(), "bench", "--impl", "div64.emu_nr",
                                                        "--backend", "cpu", "--seconds", seconds});
        EXPECT_EQ(r.status, 2) << seconds << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "--seconds")) << r.err;
    }
}

TEST(ReportsAndRefusals, AQueryWritesEveryByteOfTextAndBlobs) {
    TempDir dir;
    const std::string db = dir.path("db.db");
    ASSERT_EQ(small_run(db, "div64.emu_nr", "normal", "100").status, 0);
    const std::string sql = "SELECT 'a' || char(0) || 'b' AS t, x'00ff00' AS b";
    const CommandResult table = run_fpverify({"query", "--db", db, sql});
    EXPECT_EQ(table.status, 0) << table.err;
    EXPECT_TRUE(contains(table.out, "a\\x00b")) << table.out;
    EXPECT_TRUE(contains(table.out, "X'00FF00'")) << table.out;
    const CommandResult csv = run_fpverify({"query", "--db", db, "--format", "csv", sql});
    EXPECT_EQ(csv.out, std::string("t,b\na\0b,X'00FF00'\n", 18)) << csv.out;
    const CommandResult json = run_fpverify({"query", "--db", db, "--format", "json", sql});
    nlohmann::json rows = nlohmann::json::parse(json.out);
    EXPECT_EQ(rows[0]["t"].get<std::string>(), std::string("a\0b", 3));
    EXPECT_EQ(rows[0]["b"], "X'00FF00'");
}

TEST(ReportsAndRefusals, AComparisonNamesItsDatabases) {
    TempDir dir;
    const std::string then = dir.path("then.db"), now = dir.path("now.db");
    ASSERT_EQ(small_run(then, "div64.emu_halley", "normal").status, 1);
    ASSERT_EQ(small_run(now, "div64.emu_halley_fixed", "normal").status, 0);
    const CommandResult md = run_fpverify({"report", "--db", now, "--compare", then});
    EXPECT_EQ(md.status, 0) << md.err;
    EXPECT_TRUE(contains(md.out, now) && contains(md.out, then)) << md.out;
    nlohmann::json j = nlohmann::json::parse(run_fpverify({"report", "--db", now, "--compare", then, "--format", "json"}).out);
    EXPECT_EQ(j["new_campaign"]["database"], now);
    EXPECT_EQ(j["old_campaign"]["database"], then);
}

TEST(ReportsAndRefusals, ImplsOfDifferentOpsNeverPair) {
    TempDir dir;
    const std::string sq = dir.path("sq.db"), dv = dir.path("div.db");
    ASSERT_LE(small_run(sq, "sqrt64.emu", "random").status, 1);
    ASSERT_LE(small_run(dv, "div64.emu_nr", "random").status, 1);
    const CommandResult gate = run_fpverify({"report", "--db", sq, "--compare", dv, "--fail-on-regression", "--format", "json"});
    EXPECT_EQ(gate.status, 1) << gate.err;
    EXPECT_TRUE(contains(gate.err, "no unit (impl, class) is in both")) << gate.err;
    nlohmann::json j = nlohmann::json::parse(gate.out);
    EXPECT_EQ(j["paired_units"], 0);
    for (const nlohmann::json& u : j["units"]) EXPECT_TRUE(u["old_impl"].is_null()) << u.dump();
}

TEST(ReportsAndRefusals, AnExportOfACampaignThatIsNotThereSaysSo) {
    TempDir dir;
    const std::string db = dir.path("db.db");
    ASSERT_EQ(small_run(db, "div64.emu_nr", "normal", "100").status, 0);
    const CommandResult r = run_fpverify({"export", "--db", db, "--campaign", "9"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "has no campaign 9")) << r.err;
    EXPECT_FALSE(contains(r.err, "no stored failure")) << r.err;
}

TEST(ReportsAndRefusals, AReproOfAChangedVectorFileBlamesTheFile) {
    TempDir dir;
    const std::string db = dir.path("db.db"), file = dir.path("f64_div.level1.txt");
    fs::copy_file(vectors_dir() + "/f64_div.level1.txt", file);
    ASSERT_EQ(small_run(db, "div64.emu_halley", "testfloat:" + file, "1e9").status, 1);
    const std::string id = sql_rows(db, "SELECT min(id) FROM failures")[0][0];
    std::string text = read_file(file);
    text.insert(0, "3FF0000000000000 3FF0000000000000 3FF0000000000000 00\n");
    std::ofstream(file, std::ios::trunc) << text;
    const CommandResult r = run_fpverify({"repro", "--db", db, "--failure", id});
    EXPECT_TRUE(contains(r.out, "the vector file is not the one the campaign read")) << r.out;
    EXPECT_FALSE(contains(r.out, "generator changed")) << r.out;
}

TEST(ReportsAndRefusals, ACountPastTheLargestIsTooLarge) {
    TempDir dir;
    const CommandResult r = small_run(dir.path("db.db"), "div64.emu_nr", "normal", "2^63");
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "--count: '2^63' is too large (the largest count is 2^63 - 1)")) << r.err;
}

}  // namespace
}  // namespace fpv
