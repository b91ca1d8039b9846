// gemm64's class specs (issue 42, N7 and N8): phi read exactly from any decimal; an argument given
// twice refused; every spelling of one shape one unit with one set of matrices, under one
// canonical name that each `all_spec` already is; campaigns stored under another spelling still
// resume; the report's error against k keeps the largest error of a shape's units.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "core/usage_error.h"
#include "corpus/class_traits.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/gemm64/classes.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;
using gemm64::Draw;
using gemm64::Shape;

uint32_t phi16(const std::string& phi) { return Shape::of(gemm64::parse_shape(Draw::spread, "phi=" + phi, "spread:phi=" + phi)).parameter; }

bool refused(const std::function<void()>& f, const std::string& said) {
    try {
        f();
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find(said), std::string::npos) << e.what();
        return true;
    }
    return false;
}

TEST(Gemm64ClassSpecs, PhiIsReadExactlyWhateverItsDigits) {
    EXPECT_EQ(phi16("0.5000000000000000000"), 8u);  // refused: 5e18 * 16 wrapped
    EXPECT_EQ(phi16("4.000000000000000000000000000000"), 64u);
    EXPECT_EQ(phi16("0.0625"), 1u);
    EXPECT_EQ(phi16("15.9375"), 255u);
    EXPECT_EQ(phi16("2.25"), 36u);
    EXPECT_EQ(phi16("7"), 112u);
    // Ran as phi = 1/16: 10^20 wrapped past 2^64.
    EXPECT_TRUE(refused([] { phi16("0.01638313981572612096"); }, "sixteenths"));
    EXPECT_TRUE(refused([] { phi16("0.03125"); }, "sixteenths"));
    EXPECT_TRUE(refused([] { phi16("0.06250000000000000000001"); }, "sixteenths"));
    EXPECT_TRUE(refused([] { phi16("16"); }, "0 to 15.9375"));
    EXPECT_TRUE(refused([] { phi16("1."); }, "not a number"));
    EXPECT_TRUE(refused([] { phi16("1.2x"); }, "not a number"));
}

TEST(Gemm64ClassSpecs, AnArgumentGivenTwiceIsRefused) {
    for (const std::string spec : {"uniform:k=4:k=256", "uniform:n=8:k=16:n=8", "spread:phi=2:phi=4:k=8"}) {
        EXPECT_TRUE(refused([&] { resolve_class(spec, op_named("gemm64"), 1); }, "is given twice")) << spec;
        EXPECT_TRUE(refused([&] { canonical_class_name(spec); }, "is given twice")) << spec;
    }
}

TEST(Gemm64ClassSpecs, EverySpellingOfAShapeHasOneNameAndOneKey) {
    const std::vector<std::pair<std::string, std::string>> spellings = {
        {"uniform:k=256", "uniform:k=256"},          {"uniform:k=0x100", "uniform:k=256"},
        {"uniform:n=64:k=256", "uniform:k=256"},     {"uniform:m=64:n=64:k=256", "uniform:k=256"},
        {"uniform:k=1024:m=8:n=4096", "uniform:k=1024:m=8:n=4096"},
        {"uniform:n=4096:k=1024:m=8", "uniform:k=1024:m=8:n=4096"},
        {"uniform:k=4096:n=4096", "uniform:k=4096:n=4096"}, {"spread:k=256", "spread:k=256"},
        {"spread:phi=2:k=256", "spread:k=256"},      {"spread:k=256:phi=4.0", "spread:phi=4:k=256"},
        {"spread:phi=0.50:k=8", "spread:phi=0.5:k=8"}, {"span:e=100:k=64", "span:k=64"},
        {"span:k=64:e=0x190", "span:e=400:k=64"},    {"midpoint:k=64:n=1", "midpoint:k=64"},
        {"midpoint:k=64:m=9", "midpoint:k=64:m=9"}};
    for (const auto& [typed, name] : spellings) {
        EXPECT_EQ(canonical_class_name(typed), name) << typed;
        EXPECT_EQ(canonical_class_name(name), name) << "not idempotent: " << name;
        const InputSet a = resolve_class(canonical_class_name(typed), op_named("gemm64"), 7);
        const InputSet b = resolve_class(name, op_named("gemm64"), 7);
        EXPECT_EQ(a.key, b.key) << typed;
        EXPECT_EQ(a.first, b.first) << typed;
        EXPECT_EQ(a.first, resolve_class(typed, op_named("gemm64"), 7).first) << typed << ": another shape";
    }
    // What `--classes all` runs, and the other classes, keep their names (and so their inputs).
    for (const std::string& spec : all_class_names(op_named("gemm64"))) EXPECT_EQ(canonical_class_name(spec), spec);
    for (const std::string spec : {"all", "normal", "range32:0x10-0x20", "binade32:3"}) EXPECT_EQ(canonical_class_name(spec), spec);
}

std::vector<std::string> product_run(const std::string& db, const std::string& classes) {
    return {"run",    "--db",   db,        "--impl",    "gemm64.dot_fma", "--classes", classes, "--count", "256",
            "--seed", "3",      "--threads", "1",       "--backend",      "cpu",       "--quiet", "--no-progress"};
}

TEST(Gemm64ClassSpecs, SpellingsOfOneShapeAreOneUnitEndToEnd) {
    TempDir dir;
    std::vector<nlohmann::json> units;
    for (const std::string spelling : {"uniform:k=16:n=8", "uniform:k=0x10:n=8", "uniform:n=8:k=16", "uniform:k=16:m=8:n=8"}) {
        const std::string db = dir.path("s" + std::to_string(units.size()) + ".db");
        const CommandResult r = run_fpverify(product_run(db, spelling));
        ASSERT_EQ(r.status, 0) << spelling << ": " << r.err;
        EXPECT_EQ(sql_rows(db, "SELECT class FROM units")[0][0], "uniform:k=16:n=8") << spelling;
        units.push_back(comparable_units(db));
        EXPECT_EQ(units.back(), units.front()) << spelling << " drew other matrices";
    }
    const CommandResult twice = run_fpverify(product_run(dir.path("twice.db"), "uniform:k=16:n=8,uniform:n=8:k=0x10"));
    EXPECT_EQ(twice.status, 2);
    EXPECT_TRUE(contains(twice.err, "is named twice")) << twice.err;
    const CommandResult repeated = run_fpverify(product_run(dir.path("repeated.db"), "uniform:k=4:k=16"));
    EXPECT_EQ(repeated.status, 2);
    EXPECT_TRUE(contains(repeated.err, "k is given twice")) << repeated.err;
    EXPECT_FALSE(file_exists(dir.path("repeated.db")));
}

// A campaign stored under a spelling other than the one spelling (by an fpverify before it) keys
// its inputs by what it stored, and resumes so.
TEST(Gemm64ClassSpecs, ACampaignStoredUnderAnotherSpellingStillResumes) {
    TempDir dir;
    const std::string whole = dir.path("whole.db"), old = dir.path("old.db");
    const std::string stored = "uniform:n=8:k=16";
    ASSERT_EQ(run_fpverify(product_run(whole, "uniform:k=16:n=8")).status, 0);
    ASSERT_EQ(run_fpverify(product_run(old, "uniform:k=16:n=8")).status, 0);
    const uint64_t key = class_key(3, name_salt(stored));
    char key_text[32];
    std::snprintf(key_text, sizeof key_text, "0x%016llx", static_cast<unsigned long long>(key));
    ASSERT_TRUE(sql_exec(old, "UPDATE units SET class = '" + stored + "', input_key = '" + key_text +
                                  "', next_index = 0, tested = 0, passed = 0, failed = 0; DELETE FROM error_histogram; "
                                  "DELETE FROM category_counts; DELETE FROM worst_cases; DELETE FROM failure_map; "
                                  "UPDATE campaigns SET status = 'paused', finished_at = NULL, classes = '[\"" + stored + "\"]'"));
    const CommandResult resumed = run_fpverify({"resume", "--db", old, "--quiet", "--no-progress"});
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(sql_rows(old, "SELECT class, tested FROM units")[0], (std::vector<std::string>{stored, "256"}));
    // Its matrices are those of its stored spelling's key: not the one spelling's.
    EXPECT_NE(comparable_units(old)[0]["max_error"], comparable_units(whole)[0]["max_error"]);
}

// The largest error the JSON report plots at k = 64 in classes uniform:n=8.
double error_at_k64(const std::string& db) {
    const nlohmann::json report = nlohmann::json::parse(run_fpverify({"report", "--db", db, "--format", "json"}).out);
    for (const nlohmann::json& plot : report.value("error_against", nlohmann::json::array())) {
        if (plot["argument"] != "k" || plot["classes"] != "uniform:n=8") continue;
        for (const nlohmann::json& point : plot["series"][0]["points"]) {
            if (point["k"] == 64) return point["max_error"].get<double>();
        }
    }
    return -1;
}

TEST(Gemm64ClassSpecs, ErrorAgainstKKeepsTheLargestErrorOfAShapesUnits) {
    TempDir dir;
    // The k = 1024 unit, which errs most, renamed to another spelling of k = 64 (as two spellings
    // of one shape were stored before they were made one): listed before the true k = 64 unit,
    // then after it.
    for (const bool larger_first : {true, false}) {
        const std::string db = dir.path(larger_first ? "first.db" : "last.db");
        const std::string classes = larger_first ? "uniform:k=1024:n=8,uniform:k=64:n=8,uniform:k=16:n=8"
                                                 : "uniform:k=16:n=8,uniform:k=64:n=8,uniform:k=1024:n=8";
        ASSERT_EQ(run_fpverify(product_run(db, classes)).status, 0);
        const int renamed = larger_first ? 0 : 2;
        const double larger = std::stod(sql_rows(db, "SELECT max_error FROM units WHERE ordinal = " + std::to_string(renamed))[0][0]);
        const double smaller = std::stod(sql_rows(db, "SELECT max_error FROM units WHERE ordinal = 1")[0][0]);
        ASSERT_LT(smaller, larger) << "k = 1024 errs more than k = 64";
        ASSERT_TRUE(sql_exec(db, "UPDATE units SET class = 'uniform:n=8:k=0x40' WHERE ordinal = " + std::to_string(renamed)));
        // The database keeps the error as text of 15 digits.
        EXPECT_NEAR(error_at_k64(db), larger, larger * 1e-13) << (larger_first ? "the larger first" : "the larger last");
    }
}

}  // namespace
}  // namespace fpv
