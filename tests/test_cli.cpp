// The command line end to end: exit codes, clear errors with nothing written, reports,
// queries, repro, and a campaign killed with SIGKILL and resumed.
#include <gtest/gtest.h>
#include <signal.h>
#include <fcntl.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/math32/core_math.h"
#include "tests/test_support.h"
#include "verifier/cpu/backend.h"
#include "verifier/cpu/mutation.h"

extern char** environ;

namespace fpv {
namespace {

using nlohmann::json;
using namespace testing;

std::string f64_div_vectors() { return testing::vectors_dir() + "/f64_div.level1.txt"; }

TEST(Cli, ListsOpsImplsClassesAndPresets) {
    const CommandResult impls = run_fpverify({"list", "impls"});
    EXPECT_EQ(impls.status, 0);
    for (const char* name : {"div64.emu_halley", "div64.emu_nr", "div64.host"}) {
        EXPECT_TRUE(contains(impls.out, name)) << impls.out;
    }
    const CommandResult classes = run_fpverify({"list", "classes"});
    for (const char* name : {"specials", "subnormal", "underflow", "overflow", "ties", "midpoint",
                             "random", "normal", "patterns", "testfloat:PATH"}) {
        EXPECT_TRUE(contains(classes.out, name)) << name;
    }
    EXPECT_TRUE(contains(run_fpverify({"list", "ops"}).out, "div64"));
    EXPECT_TRUE(contains(run_fpverify({"list", "presets"}).out, "summary"));
    EXPECT_EQ(run_fpverify({"list", "gadgets"}).status, 2);
}

struct BadRun {
    std::vector<std::string> args;
    std::string message;
};

TEST(Cli, BadInputIsExitTwoWithAClearMessageAndNothingWritten) {
    TempDir dir;
    const std::string db = dir.path("never.db");
    const std::string malformed = dir.path("bad.txt");
    std::ofstream(malformed) << "3FF0000000000000 4000000000000000 3FE0000000000000 00\n"
                                "3FF0000000000000 40000000000000 3FE0000000000000 00\n";
    const std::vector<BadRun> cases = {
        {{"--impl", "div64.nope"}, "unknown implementation 'div64.nope'"},
        {{"--impl", "div64.emu_nr", "--classes", "nonsense"}, "unknown input class 'nonsense'"},
        {{"--impl", "div64.emu_nr", "--count", "12x"}, "--count: '12x'"},
        {{"--impl", "div64.emu_nr", "--count", "0"}, "--count"},
        {{"--impl", "div64.emu_nr", "--seed", "-3"}, "--seed"},
        {{"--impl", "div64.emu_nr", "--classes", "testfloat:" + dir.path("missing.txt")},
         "cannot read vector file"},
        {{"--impl", "div64.emu_nr", "--classes", "testfloat:" + malformed}, malformed + ":2:"},
        {{"--impl", "div64.emu_nr", "--backend", "quantum"}, "--backend"},
        {{"--impl", "div64.emu_nr,div64.emu_nr"}, "named twice"},
        {{"--impl", "f2d.native", "--reference", "exactish"}, "--reference"},
        {{"--impl", "f2d.native", "--classes", "range32:9-8"}, "LO <= HI"},
        {{"--impl", "f2d.native", "--classes", "binade32:300"}, "exponent field"},
    };
    for (const BadRun& c : cases) {
        std::vector<std::string> args = {"run", "--db", db};
        args.insert(args.end(), c.args.begin(), c.args.end());
        if (std::find(args.begin(), args.end(), "--count") == args.end()) {
            args.insert(args.end(), {"--count", "100"});
        }
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << c.message << "\n" << r.err;
        EXPECT_TRUE(contains(r.err, c.message)) << "wanted '" << c.message << "' in: " << r.err;
        EXPECT_FALSE(file_exists(db)) << "a database was written for: " << c.message;
    }
    // Argument errors from the parser are usage errors too.
    EXPECT_EQ(run_fpverify({"run", "--db", db}).status, 2);  // --impl missing
    EXPECT_EQ(run_fpverify({"frobnicate"}).status, 2);
    EXPECT_FALSE(file_exists(db));
}

TEST(Cli, UnusableDatabasesAreExitTwo) {
    TempDir dir;
    const CommandResult ro = run_fpverify({"run", "--db", "/proc/fpverify-test.db", "--impl",
                                           "div64.emu_nr", "--count", "10"});
    EXPECT_EQ(ro.status, 2);
    EXPECT_TRUE(contains(ro.err, "/proc/fpverify-test.db")) << ro.err;
    const CommandResult nodir = run_fpverify({"run", "--db", dir.path("no/such/dir.db"), "--impl",
                                              "div64.emu_nr", "--count", "10"});
    EXPECT_EQ(nodir.status, 2);

    const std::string db = dir.path("v.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr", "--classes", "normal",
                            "--count", "100", "--quiet"})
                  .status,
              0);
    sqlite3* handle = nullptr;
    sqlite3_open(db.c_str(), &handle);
    sqlite3_exec(handle, "UPDATE meta SET value = '0' WHERE key = 'schema_version'", nullptr,
                 nullptr, nullptr);
    sqlite3_close(handle);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"run", "--db", db, "--impl", "div64.emu_nr", "--count", "10"},
          {"report", "--db", db},
          {"query", "--db", db, "--preset", "summary"},
          {"resume", "--db", db}}) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << args[0];
        EXPECT_TRUE(contains(r.err, "schema version 0")) << r.err;
    }
    EXPECT_EQ(run_fpverify({"report", "--db", dir.path("absent.db")}).status, 2);
}

class CampaignCli : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir;
        db_ = dir_->path("c.db");
        run_ = new CommandResult(run_fpverify(
            {"run", "--db", db_, "--name", "cli-test", "--impl",
             "div64.emu_nr,div64.emu_halley,div64.host", "--classes",
             "all,testfloat:" + f64_div_vectors(), "--count", "20000", "--seed", "5",
             "--failures-kept", "20", "--progress"}));
    }
    static void TearDownTestSuite() {
        delete run_;
        delete dir_;
    }
    static TempDir* dir_;
    static std::string db_;
    static CommandResult* run_;
};
TempDir* CampaignCli::dir_ = nullptr;
std::string CampaignCli::db_;
CommandResult* CampaignCli::run_ = nullptr;

TEST_F(CampaignCli, FailuresFoundIsExitOneWithASummaryAndProgress) {
    EXPECT_EQ(run_->status, 1) << run_->err;
    EXPECT_TRUE(contains(run_->out, "div64.emu_halley")) << run_->out;
    EXPECT_TRUE(contains(run_->err, "ETA")) << "no progress line";
}

TEST_F(CampaignCli, JsonReportHasCountsMaxErrorsAndWorstInputs) {
    const CommandResult r = run_fpverify({"report", "--db", db_, "--format", "json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json report = json::parse(r.out);
    EXPECT_EQ(report["format"], "fpverify-report");
    EXPECT_EQ(report["format_version"], 1);
    EXPECT_EQ(report["campaign"]["name"], "cli-test");
    EXPECT_EQ(report["units"].size(), 33u);
    for (const json& impl : report["impls"]) {
        if (impl["impl"] == "div64.emu_halley") {
            EXPECT_GT(impl["failed"].get<uint64_t>(), 0u);
        } else {
            EXPECT_EQ(impl["failed"].get<uint64_t>(), 0u) << impl["impl"];
        }
    }
    for (const json& u : report["units"]) {
        EXPECT_EQ(u["tested"].get<uint64_t>(), u["planned"].get<uint64_t>());
        EXPECT_EQ(u["passed"].get<uint64_t>() + u["failed"].get<uint64_t>() + u["outside_domain"].get<uint64_t>(), u["tested"].get<uint64_t>());
        EXPECT_EQ(u["reference_disagreements"], 0) << "TestFloat and MPFR disagree";
        if (u["failed"].get<uint64_t>() > 0) {
            ASSERT_FALSE(u["worst"].empty());
            EXPECT_TRUE(u["worst"][0].contains("a"));
            EXPECT_FALSE(u["max_error"].is_null());
        }
    }
}

TEST_F(CampaignCli, MarkdownAndHtmlReportsSayWhoFails) {
    const std::string md = dir_->path("r.md");
    ASSERT_EQ(run_fpverify({"report", "--db", db_, "--out", md}).status, 0);
    const std::string text = testing::read_file(md);
    EXPECT_TRUE(contains(text, "| `div64.emu_halley` |"));
    EXPECT_TRUE(contains(text, "**FAILS**"));
    EXPECT_TRUE(contains(text, "no failure in"));
    EXPECT_TRUE(contains(text, "Error histogram"));
    const CommandResult html = run_fpverify({"report", "--db", db_, "--format", "html"});
    EXPECT_TRUE(contains(html.out, "<table data-table=\"verdict\">"));
    EXPECT_EQ(run_fpverify({"report", "--db", db_, "--format", "pdf"}).status, 2);
    EXPECT_EQ(run_fpverify({"report", "--db", db_, "--campaign", "99"}).status, 2);
}

TEST_F(CampaignCli, QueriesAreReadOnly) {
    const CommandResult summary = run_fpverify({"query", "--db", db_, "--preset", "summary"});
    EXPECT_EQ(summary.status, 0) << summary.err;
    EXPECT_TRUE(contains(summary.out, "(33 rows)")) << summary.out;
    const CommandResult sql = run_fpverify(
        {"query", "--db", db_, "--format", "csv",
         "SELECT impl, sum(failed) FROM units GROUP BY impl ORDER BY impl"});
    EXPECT_EQ(sql.status, 0);
    EXPECT_TRUE(contains(sql.out, "div64.emu_nr,0")) << sql.out;
    const CommandResult json_rows =
        run_fpverify({"query", "--db", db_, "--format", "json", "SELECT count(*) AS n FROM units"});
    EXPECT_EQ(json::parse(json_rows.out)[0]["n"], 33);
    for (const char* write : {"DELETE FROM campaigns", "DROP TABLE units",
                              "UPDATE units SET failed = 0", "SELECT 1; DELETE FROM units"}) {
        const CommandResult r = run_fpverify({"query", "--db", db_, write});
        EXPECT_EQ(r.status, 2) << write;
    }
    EXPECT_EQ(run_fpverify({"query", "--db", db_, "SELEC oops"}).status, 2);
    EXPECT_EQ(run_fpverify({"query", "--db", db_, "--preset", "nonsense"}).status, 2);
    EXPECT_EQ(run_fpverify({"query", "--db", db_, "--format", "csv", "SELECT count(*) FROM units"}).out,
              "count(*)\n33\n");  // nothing was deleted
}

TEST_F(CampaignCli, ReproReRunsAStoredFailure) {
    const CommandResult ids = run_fpverify(
        {"query", "--db", db_, "--format", "csv",
         "SELECT id FROM failures WHERE class = 'midpoint' ORDER BY id LIMIT 1"});
    ASSERT_EQ(ids.status, 0);
    const std::string id = ids.out.substr(ids.out.find('\n') + 1, ids.out.size() - ids.out.find('\n') - 2);
    const CommandResult r = run_fpverify({"repro", "--db", db_, "--failure", id});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    for (const char* part : {"x        = 0x", "y        = 0x", "expected = 0x", "error    =",
                             "same as stored", "inputs regenerated", "identical"}) {
        EXPECT_TRUE(contains(r.out, part)) << part << " missing from:\n" << r.out;
    }
    EXPECT_EQ(run_fpverify({"repro", "--db", db_, "--failure", "999999"}).status, 2);
}

TEST_F(CampaignCli, ResumingAFinishedCampaignChangesNothing) {
    const CommandResult r = run_fpverify({"resume", "--db", db_, "--campaign", "1", "--quiet"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "already finished"));
}

TEST(Cli, CleanCampaignIsExitZero) {
    TempDir dir;
    const CommandResult r = run_fpverify({"run", "--db", dir.path("ok.db"), "--impl", "div64.emu_nr",
                                          "--classes", "specials,ties", "--count", "5000"});
    EXPECT_EQ(r.status, 0) << r.err;
}


// Issue 43: a campaign of binary32 math functions that requires CORE-MATH runs where the build
// has it and is refused (exit 2, nothing written) where it does not; the tests run in both kinds of
// build (CI's fresh clone with and without the ../shared snapshot).
TEST(Cli, RequireCoreMathRunsOnlyWhereTheBuildHasIt) {
    TempDir dir;
    const std::string db = dir.path("cm.db");
    const CommandResult r = run_fpverify({"run", "--db", db, "--impl", "exp32.expf_glibc", "--classes", "specials",
                                          "--backend", "cpu", "--reference", "fast", "--require-core-math"});
    if (math32::kWithCoreMath) {
        EXPECT_TRUE(r.status == 0 || r.status == 1) << r.status << r.err;  // ran: clean, or failures found
        EXPECT_FALSE(contains(r.err, "no CORE-MATH")) << r.err;
    } else {
        EXPECT_EQ(r.status, 2) << r.err;
        EXPECT_TRUE(contains(r.err, "--require-core-math: this build has no CORE-MATH")) << r.err;
        EXPECT_FALSE(testing::file_exists(db)) << "a refused campaign wrote its database";
        const CommandResult said = run_fpverify({"run", "--db", db, "--impl", "exp32.expf_glibc", "--classes",
                                                 "specials", "--backend", "cpu", "--reference", "fast"});
        EXPECT_TRUE(said.status == 0 || said.status == 1) << said.status << said.err;
        EXPECT_TRUE(contains(said.err, "this build has no CORE-MATH: MPFR alone judges")) << said.err;
    }
}

uint64_t committed_inputs(const std::string& db) {
    sqlite3* handle = nullptr;
    if (sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(handle);
        return 0;
    }
    uint64_t total = 0;
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(handle, "SELECT sum(next_index) FROM units", -1, &s, nullptr) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW) {
        total = static_cast<uint64_t>(sqlite3_column_int64(s, 0));
    }
    sqlite3_finalize(s);
    sqlite3_close(handle);
    return total;
}


TEST(Cli, CampaignKilledWithSigkillResumesToTheUninterruptedTallies) {
    TempDir dir;
    const std::vector<std::string> common = {"--impl", "div64.emu_halley,div64.emu_nr", "--classes",
                                             "midpoint,normal", "--count", "400000", "--seed", "9",
                                             "--batch", "10000", "--threads", "2", "--quiet"};
    std::vector<std::string> whole_args = {"run", "--db", dir.path("whole.db")};
    whole_args.insert(whole_args.end(), common.begin(), common.end());
    ASSERT_EQ(run_fpverify(whole_args).status, 1);

    const std::string db = dir.path("killed.db");
    std::vector<std::string> args = {"run", "--db", db};
    args.insert(args.end(), common.begin(), common.end());
    const pid_t pid = spawn_fpverify(args);
    ASSERT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    uint64_t seen = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        seen = committed_inputs(db);
        if (seen >= 30000) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    kill(pid, SIGKILL);
    int raw = 0;
    waitpid(pid, &raw, 0);
    ASSERT_TRUE(WIFSIGNALED(raw) && WTERMSIG(raw) == SIGKILL) << "the run ended before the kill";
    const uint64_t at_kill = committed_inputs(db);
    EXPECT_GE(at_kill, 30000u);
    EXPECT_LT(at_kill, 1600000u) << "the campaign had already finished";
    EXPECT_EQ(at_kill % 10000, 0u) << "a checkpoint fell between batch boundaries";

    const CommandResult resumed = run_fpverify({"resume", "--db", db, "--quiet"});
    EXPECT_EQ(resumed.status, 1) << resumed.err;
    EXPECT_EQ(comparable_units(db), comparable_units(dir.path("whole.db")));
}

// An exhaustive sweep on the CPU, reported: the domain verdict and the exact wrong set.
TEST(Cli, ExhaustiveSweepReportStatesTheDomainAndTheExactWrongRuns) {
    TempDir dir;
    const std::string db = dir.path("sweep.db");
    const CommandResult run = run_fpverify({"run", "--db", db, "--impl", "f2d.shift_xor,f2d.byte_perm",
                                            "--classes", "range32:0x37fff000-0x38000fff,binade32:130",
                                            "--backend", "cpu", "--count", "10", "--reference", "fast",
                                            "--no-progress"});
    EXPECT_EQ(run.status, 0) << run.err;
    const CommandResult md = run_fpverify({"report", "--db", db, "--format", "md"});
    ASSERT_EQ(md.status, 0) << md.err;
    // --count does not cut a sweep short; each unit is complete.
    EXPECT_TRUE(contains(md.out, "`range32:0x37fff000-0x38000fff`: 8,192 of 8,192 bit patterns judged, each once (complete)")) << md.out;
    EXPECT_TRUE(contains(md.out, "`binade32:130`: 16,777,216 of 16,777,216 bit patterns judged")) << md.out;
    EXPECT_TRUE(contains(md.out, "0x37fff000 (3.05101275e-05) to 0x37ffffff (3.05175763e-05): 4,096")) << md.out;
    EXPECT_TRUE(contains(md.out, "**confirmed on the swept ranges only**")) << md.out;
    EXPECT_TRUE(contains(md.out, "the documented domain is exactly the set where this impl is right")) << md.out;
    EXPECT_TRUE(contains(md.out, "Reference: fast")) << md.out;
    // byte_perm is wrong on the whole of binade 130 (2^3 and up), both signs: two runs.
    EXPECT_TRUE(contains(md.out, "0x41000000 (8) to 0x417fffff")) << md.out;
    EXPECT_TRUE(contains(md.out, "0xc1000000 (-8) to 0xc17fffff")) << md.out;

    const CommandResult js = run_fpverify({"report", "--db", db, "--format", "json"});
    ASSERT_EQ(js.status, 0) << js.err;
    const json j = json::parse(js.out);
    EXPECT_EQ(j["campaign"]["reference"], "fast");
    for (const json& impl : j["impls"]) {
        EXPECT_EQ(impl["domain_verdict"], "confirmed on the swept ranges only") << impl["impl"];
        EXPECT_EQ(impl["sweep"]["domain_is_exact"], true) << impl["impl"];
    }
    bool found = false;
    for (const json& u : j["units"]) {
        if (u["impl"] != "f2d.byte_perm" || u["class"] != "binade32:130") continue;
        found = true;
        EXPECT_EQ(u["tested"], 16777216);
        ASSERT_EQ(u["wrong_runs"].size(), 2u) << u["wrong_runs"].dump();
    }
    EXPECT_TRUE(found);
}

// ---- mutation score and TestFloat interchange ---------------------------------------------

// Every planted bug is caught by the default campaign, and the table says by which classes;
// the mutants stay out of `list impls`.
// (10^5 inputs per class keeps it short under the sanitizers; `make mutation` runs the default
// 10^6.) Every mutant of an op with TestFloat files in its rounding mode is caught by them too.
TEST(Cli, MutationScoreCatchesEveryMutant) {
    const CommandResult mutants = run_fpverify({"list", "mutants"});
    EXPECT_TRUE(contains(mutants.out, "div64.mut_inf_over_inf")) << mutants.out;
    size_t count = 0;
    for (size_t at = mutants.out.find(".mut_"); at != std::string::npos; at = mutants.out.find(".mut_", at + 1)) ++count;
    EXPECT_GE(count, 45u) << mutants.out;
    const CommandResult r = run_fpverify({"mutation", "--vectors", testing::vectors_dir(), "--count", "1e5"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    const std::string all = std::to_string(count);
    EXPECT_TRUE(contains(r.out, all + " of " + all + " mutants caught by the default campaign")) << r.out;
    EXPECT_TRUE(contains(r.out, "| `div64.mut_rounding_bias` |")) << r.out;
    EXPECT_TRUE(contains(r.out, "f64_mulAdd.level1.first150k.txt.gz")) << r.out;
    EXPECT_TRUE(contains(r.out, "f64_sqrt.level1.rmax.txt.gz")) << r.out;  // an emu_ru mutant, its mode's file
    EXPECT_TRUE(contains(r.out, "where \\|y\\| > \\|x\\| flips")) << r.out;  // a "|" kept inside its cell
    EXPECT_FALSE(contains(r.out, "**NO**")) << r.out;
    EXPECT_FALSE(contains(r.out, "missed:")) << r.out;
    EXPECT_FALSE(contains(run_fpverify({"list", "impls"}).out, "mut_")) << "mutants listed as impls";
}

// Issue 42, N12: a class catches a mutant only with an input the mutant fails and its parent
// passes. An impl set against itself is never caught, however often it fails (gemm64.dot_fma
// fails a third of overflow:k=64, its partial sums overflowing); a mutant is caught at an input
// that the two judges, asked one input at a time, part on.
TEST(Cli, AClassCatchesAMutantOnlyWhereItsParentPasses) {
    const ImplInfo& parent = impl_named("gemm64.dot_fma");
    const ImplInfo* mutant = find_impl("gemm64.mut_last_term_dropped");
    ASSERT_NE(mutant, nullptr);
    const InputSet overflow = resolve_class("overflow:k=64", parent.op, 1);
    EXPECT_EQ(first_catch(parent, &parent, overflow, 4096), std::nullopt);
    EXPECT_NE(first_catch(parent, nullptr, overflow, 4096), std::nullopt) << "the parent passes every entry";
    const std::optional<uint64_t> at = first_catch(*mutant, &parent, overflow, 4096);
    ASSERT_NE(at, std::nullopt);
    const auto fails = [&](const ImplInfo& impl, uint64_t i) {
        return judge_host_impl(UnitWork{impl, overflow, TallyLimits{}, ReferenceMode::mpfr}, i, i + 1).failed() != 0;
    };
    EXPECT_TRUE(fails(*mutant, *at));
    EXPECT_FALSE(fails(parent, *at));
    for (uint64_t i = 0; i < *at; ++i) EXPECT_FALSE(fails(*mutant, i) && !fails(parent, i)) << "an earlier catch: " << i;

    const CommandResult r =
        run_fpverify({"mutation", "--vectors", testing::vectors_dir(), "--count", "4096", "--ops", "gemm64,div64"});
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "A class catches a mutant with an input the mutant fails and the impl it mutates passes"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "| `gemm64.mut_last_term_dropped` |")) << r.out;
    EXPECT_FALSE(contains(r.out, "| `exp32.")) << "an op not asked for: " << r.out;
}

// A mutant that no class catches within the budget is tried further, until its first catch: a
// unary function's all32 whole, a binary function's classes up to kEscalatedBudget inputs. One
// result one ulp off on one input pattern in 2^24 is caught so, and the table says it was past
// the budget.
TEST(Cli, AMutantRarerThanTheBudgetIsSoughtPastIt) {
    const CommandResult r =
        run_fpverify({"mutation", "--vectors", testing::vectors_dir(), "--count", "1e4", "--ops", "exp32,atan2_32"});
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "8 of 8 mutants caught")) << r.out;
    // The first pattern whose low 24 bits are 0x5a5a5a, and exp of it is 1, to be moved.
    EXPECT_TRUE(contains(r.out, "| `exp32.mut_one_ulp_off` | the result one ulp further from zero where x's low 24 "
                                "bits are 0x5a5a5a, one input pattern in 2^24 (`exp32.host_cr`) | yes | 5,921,371 "
                                "(all32, past the budget) | all32 |"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "| `atan2_32.mut_one_ulp_off` |")) << r.out;
    EXPECT_TRUE(contains(r.out, "(random, past the budget)")) << r.out;
    const size_t narrow = r.out.find("| `exp32.mut_narrow_range` |");
    ASSERT_NE(narrow, std::string::npos) << r.out;
    EXPECT_FALSE(contains(r.out.substr(narrow, r.out.find('\n', narrow) - narrow), "past the budget"))
        << "a bug on one input in 512 needs no more than 10^4 inputs: " << r.out;
    const CommandResult unknown = run_fpverify({"mutation", "--count", "10", "--ops", "exp32,nosuchop"});
    EXPECT_EQ(unknown.status, 2) << unknown.out;
    EXPECT_TRUE(contains(unknown.err, "nosuchop")) << unknown.err;
}

// The mutation score never mistakes a missing folder of TestFloat files for ops without any:
// a folder that is not there is a usage error, and run elsewhere than the repository's root the
// default finds the files beside the binary.
TEST(Cli, MutationNeedsItsTestFloatFolderAndFindsItFromAnyDirectory) {
    const CommandResult missing = run_fpverify({"mutation", "--vectors", "/nonexistent/vectors", "--count", "10"});
    EXPECT_EQ(missing.status, 2) << missing.out;
    EXPECT_TRUE(contains(missing.err, "--vectors: no directory '/nonexistent/vectors'")) << missing.err;
    TempDir dir;
    const std::string binary = std::filesystem::absolute(fpverify_binary()).string();
    const CommandResult elsewhere = run_command("bash", {"-c", "cd '" + dir.dir() + "' && '" + binary +
                                                                 "' mutation --count 1000 --ops div64"});
    EXPECT_LE(elsewhere.status, 1) << elsewhere.err;
    EXPECT_FALSE(contains(elsewhere.out, " 0 of 0 with a TestFloat counterpart")) << elsewhere.out;
    EXPECT_TRUE(contains(elsewhere.out, "f64_div.level1")) << elsewhere.out;
}

// Stored failures go out as TestFloat lines and come back as a class: every line fails the
// impl that failed them, MPFR agrees with every expected result, a correct impl passes all.
TEST(Cli, ExportedFailuresReplayAsTestFloatVectors) {
    TempDir dir;
    const std::string db = dir.path("halley.db"), file = dir.path("halley_f64_div.txt");
    const CommandResult run = run_fpverify({"run", "--db", db, "--impl", "div64.emu_halley,ff_mul.mul22",
                                            "--classes", "all", "--count", "20000",
                                            "--backend", "cpu", "--no-progress", "--quiet"});
    ASSERT_EQ(run.status, 1) << run.err;
    const CommandResult exported = run_fpverify({"export", "--db", db, "--format", "testfloat", "--out", file});
    ASSERT_EQ(exported.status, 0) << exported.err;
    EXPECT_TRUE(contains(exported.err, "f64_div test cases")) << exported.err;
    EXPECT_TRUE(contains(exported.err, "failures of ops without a TestFloat counterpart left out")) << exported.err;
    std::ifstream in(file);
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first.size(), 16u + 1 + 16 + 1 + 16 + 1 + 2) << first;
    const CommandResult replay = run_fpverify({"run", "--db", dir.path("replay.db"), "--impl",
                                               "div64.emu_halley,div64.emu_nr", "--classes", "testfloat:" + file,
                                               "--backend", "cpu", "--no-progress", "--quiet"});
    ASSERT_EQ(replay.status, 1) << replay.err;
    const CommandResult report = run_fpverify({"report", "--db", dir.path("replay.db"), "--format", "json"});
    ASSERT_EQ(report.status, 0) << report.err;
    const json j = json::parse(report.out);
    for (const json& u : j["units"]) {
        EXPECT_EQ(u["reference_disagreements"], 0) << u["impl"];
        if (u["impl"] == "div64.emu_halley") {
            EXPECT_EQ(u["failed"], u["tested"]);
        } else {
            EXPECT_EQ(u["failed"], 0);
        }
        EXPECT_GT(u["tested"].get<int>(), 100);
    }
    // Nothing exportable, another format, or ops of two TestFloat functions: usage errors.
    EXPECT_EQ(run_fpverify({"export", "--db", db, "--impl", "ff_mul.mul22"}).status, 2);
    EXPECT_EQ(run_fpverify({"export", "--db", db, "--format", "csv"}).status, 2);
}

}  // namespace
}  // namespace fpv
