// Comparing two campaigns: the statistics against closed forms, and the report that says a
// fix fixed something (and, turned around, that something got worse: exit 1 for CI).
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "model/rate_bound.h"
#include "model/rate_comparison.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

TEST(RateComparison, IntervalsAndPValuesMatchClosedForms) {
    EXPECT_EQ(rate_interval(0, 1000000).high, zero_failure_rate_bound(1000000));
    const RateInterval half = rate_interval(50, 100);  // Wilson: 0.5 -+ 0.0961...
    EXPECT_NEAR(half.low, 0.40383, 1e-5);
    EXPECT_NEAR(half.high, 0.59617, 1e-5);
    // Equal shares of inputs: X ~ Binomial(k, 1/2) given k failures in all.
    EXPECT_NEAR(equal_rates_p_value(10, 1000, 0, 1000), 2.0 / 1024, 1e-12);
    EXPECT_NEAR(equal_rates_p_value(8, 1000, 2, 1000), 112.0 / 1024, 1e-12);
    EXPECT_NEAR(equal_rates_p_value(2, 1000, 8, 1000), 112.0 / 1024, 1e-12);
    EXPECT_EQ(equal_rates_p_value(5, 1000, 5, 1000), 1.0);
    EXPECT_EQ(equal_rates_p_value(0, 1000, 0, 5000), 1.0);
    // Unequal shares: 0 failures in 3n against 3 in n, P = (1/4)^3 one way; the other tail adds
    // every outcome as unlikely or less.
    EXPECT_NEAR(equal_rates_p_value(0, 3000, 3, 1000), std::pow(0.25, 3), 1e-12);
    EXPECT_EQ(compare_rates(10, 1000, 0, 1000), Trend::better);
    EXPECT_EQ(compare_rates(0, 1000, 10, 1000), Trend::worse);
    EXPECT_EQ(compare_rates(3, 1000, 5, 1000), Trend::unchanged);
    // The normal approximation beyond 10^5 failures agrees with the exact sum just below it.
    const double exact = equal_rates_p_value(50150, 1000000000, 49849, 1000000000);
    const double normal = equal_rates_p_value(50150, 1000000000, 49851, 1000000000);
    EXPECT_NEAR(exact, normal, 0.01);
}

std::string campaign(const TempDir& dir, const std::string& name, const std::string& impl) {
    const std::string db = dir.path(name + ".db");
    const CommandResult r = run_fpverify({"run", "--db", db, "--name", name, "--impl", impl, "--classes",
                                          "normal,ties,specials", "--count", "20000", "--backend", "cpu", "--quiet",
                                          "--no-progress"});
    EXPECT_LE(r.status, 1) << r.err;
    return db;
}

TEST(Comparison, TheFixedDivisionIsBetterAndTheReverseFailsTheBuild) {
    TempDir dir;
    const std::string halley = campaign(dir, "halley", "div64.emu_halley");
    const std::string fixed = campaign(dir, "fixed", "div64.emu_halley_fixed");

    const CommandResult md = run_fpverify({"report", "--db", fixed, "--compare", halley, "--fail-on-regression"});
    EXPECT_EQ(md.status, 0) << md.err;
    EXPECT_TRUE(contains(md.out, "0 worse, 2 better")) << md.out;
    EXPECT_TRUE(contains(md.out, "`div64.emu_halley` → `div64.emu_halley_fixed` | `normal`")) << md.out;
    EXPECT_TRUE(contains(md.out, "wrong_value")) << "the vanished category";

    const CommandResult json_out = run_fpverify({"report", "--db", halley, "--compare", fixed + ":1", "--format",
                                                 "json", "--fail-on-regression"});
    EXPECT_EQ(json_out.status, 1) << "a regression fails the build";
    const nlohmann::json j = nlohmann::json::parse(json_out.out);
    EXPECT_TRUE(j["regressed"].get<bool>());
    int worse = 0;
    for (const auto& u : j["units"]) {
        worse += u["verdict"] == "worse";
        if (u["class"] == "specials") {
            EXPECT_EQ(u["verdict"], "unchanged");
        }
        if (u["class"] == "normal") {
            EXPECT_EQ(u["appeared_categories"], nlohmann::json::array({"wrong_value"})) << u;
            EXPECT_TRUE(u["old"]["max_error"].is_null());
            EXPECT_GT(u["new"]["max_error"].get<double>(), 1.0);
        }
    }
    EXPECT_EQ(worse, 2);
    const CommandResult html = run_fpverify({"report", "--db", halley, "--compare", fixed, "--format", "html"});
    EXPECT_EQ(html.status, 0) << "without --fail-on-regression a comparison is a report";
    EXPECT_TRUE(contains(html.out, "<tr class=\"worse\">")) << html.out.substr(0, 400);

    EXPECT_EQ(run_fpverify({"report", "--db", halley, "--compare", dir.path("none.db")}).status, 2);
    EXPECT_EQ(run_fpverify({"report", "--db", halley, "--fail-on-regression"}).status, 2);
}

// ---- comparisons that have nothing to compare --------------------------------------------------

std::string run_into(const TempDir& dir, const std::string& name, const std::vector<std::string>& args) {
    const std::string db = dir.path(name + ".db");
    const CommandResult r = run_fpverify(testing::concat({"run", "--db", db, "--name", name, "--backend", "cpu",
                                                          "--quiet", "--no-progress"},
                                                         args));
    EXPECT_LE(r.status, 1) << r.err;
    return db;
}

bool null_at(const nlohmann::json& object, const std::string& key) {
    return object.contains(key) && object.at(key).is_null();
}

bool says_data_is_missing(const nlohmann::json& comparison) {
    return comparison.contains("missing_data") && comparison.at("missing_data").is_string();
}

TEST(ComparisonGate, NoUnitInCommonFailsTheGate) {
    TempDir dir;
    const std::string old_db = run_into(dir, "old", {"--impl", "div64.emu_nr,div64.emu_halley", "--classes", "normal",
                                                     "--count", "2000"});
    const std::string new_db = run_into(dir, "new", {"--impl", "div64.emu_nr,div64.emu_halley", "--classes", "ties",
                                                     "--count", "2000"});
    const CommandResult gate = run_fpverify({"report", "--db", new_db, "--compare", old_db, "--fail-on-regression"});
    EXPECT_EQ(gate.status, 1) << gate.err;
    EXPECT_TRUE(contains(gate.err, "no unit")) << gate.err;
    EXPECT_TRUE(contains(gate.out, "No unit")) << gate.out;
    // Without the gate it is a report like any other.
    EXPECT_EQ(run_fpverify({"report", "--db", new_db, "--compare", old_db}).status, 0);
    const CommandResult json_out = run_fpverify({"report", "--db", new_db, "--compare", old_db, "--format", "json"});
    ASSERT_EQ(json_out.status, 0) << json_out.err;
    const nlohmann::json j = nlohmann::json::parse(json_out.out);
    EXPECT_TRUE(says_data_is_missing(j)) << json_out.out.substr(0, 400);
}

TEST(ComparisonGate, ANewCampaignThatJudgedNothingIsNoDataAndFailsTheGate) {
    TempDir dir;
    const std::vector<std::string> spec = {"--impl", "div64.emu_nr,div64.emu_halley", "--classes", "normal,midpoint"};
    const std::string old_db = run_into(dir, "old", testing::concat(spec, {"--count", "4000"}));
    // Shard 0 of 2 of one input per unit is no input at all: every unit judges nothing.
    const std::string new_db = run_into(dir, "new", testing::concat(spec, {"--count", "1", "--shard", "0/2"}));
    ASSERT_EQ(testing::sql_rows(new_db, "SELECT sum(tested) FROM units")[0][0], "0");

    const CommandResult gate = run_fpverify({"report", "--db", new_db, "--compare", old_db, "--fail-on-regression"});
    EXPECT_EQ(gate.status, 1) << gate.err;
    EXPECT_TRUE(contains(gate.err, "judged nothing")) << gate.err;
    EXPECT_TRUE(contains(gate.out, "no data")) << gate.out;
    EXPECT_FALSE(contains(gate.out, "| unchanged |")) << gate.out;
    EXPECT_FALSE(contains(gate.out, "| wrong_value |")) << "a category called vanished: " << gate.out;

    const CommandResult json_out = run_fpverify({"report", "--db", new_db, "--compare", old_db, "--format", "json"});
    ASSERT_EQ(json_out.status, 0) << json_out.err;
    const nlohmann::json j = nlohmann::json::parse(json_out.out);
    EXPECT_TRUE(says_data_is_missing(j)) << json_out.out.substr(0, 400);
    ASSERT_EQ(j["units"].size(), 4u);
    for (const auto& u : j["units"]) {
        EXPECT_EQ(u["verdict"], "no data") << u;
        EXPECT_TRUE(u["vanished_categories"].empty()) << u;
        EXPECT_TRUE(null_at(u.at("new"), "failure_rate")) << u;
        EXPECT_TRUE(null_at(u.at("new"), "interval_95")) << u;
        EXPECT_TRUE(null_at(u, "p_value")) << u;
        EXPECT_TRUE(u.at("old").contains("failure_rate") && u.at("old").at("failure_rate").is_number()) << u;
    }
    // The campaign's own report: 0/0 is no rate.
    const nlohmann::json report = nlohmann::json::parse(run_fpverify({"report", "--db", new_db, "--format", "json"}).out);
    for (const auto& u : report["units"]) EXPECT_TRUE(null_at(u, "failure_rate")) << u["class"];
    // Turned around, the old campaign's units all have data: nothing is missing on the new side.
    const CommandResult reverse = run_fpverify({"report", "--db", old_db, "--compare", new_db, "--fail-on-regression"});
    EXPECT_EQ(reverse.status, 0) << reverse.err;
}

TEST(ComparisonGate, ClassesWhollyOutsideTheDomainOnBothSidesPassTheGate) {
    TempDir dir;
    // near_overflow lies outside ff_add.accurate's domain: both campaigns judge it, neither has a rate.
    const std::vector<std::string> spec = {"--impl", "ff_add.accurate", "--classes", "near_overflow,random",
                                           "--count", "2000"};
    const std::string a = run_into(dir, "a", spec);
    const std::string b = run_into(dir, "b", spec);
    const CommandResult gate = run_fpverify({"report", "--db", b, "--compare", a, "--fail-on-regression", "--format", "json"});
    EXPECT_EQ(gate.status, 0) << gate.err;
    const nlohmann::json j = nlohmann::json::parse(gate.out);
    ASSERT_TRUE(j.contains("missing_data"));
    EXPECT_TRUE(j.at("missing_data").is_null()) << j.at("missing_data");
    for (const auto& u : j["units"]) {
        EXPECT_EQ(u["verdict"], u["class"] == "near_overflow" ? "no data" : "unchanged") << u;
    }
}

}  // namespace
}  // namespace fpv
