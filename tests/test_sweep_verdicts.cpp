// What a report concludes from exhaustive sweeps about an impl's documented domain: a verdict is
// only drawn from inputs that were swept, and the sums say what they count.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace fpv {
namespace {

using nlohmann::json;
using namespace testing;

// Sweeps that lie wholly inside the bit tricks' domains (two overlapping ranges just above 1)
// say nothing of whether the domain is the largest safe one: the exactness verdict is null and
// the Markdown does not claim it.
TEST(SweepVerdicts, NothingSweptOutsideTheDomainLeavesItsExactnessUntested) {
    TempDir dir;
    const std::string db = dir.path("inside.db");
    const CommandResult run = run_fpverify({"run", "--db", db, "--impl", "f2d.shift_xor,f2d.byte_perm", "--classes",
                                            "range32:0x3f800000-0x3f80ffff,range32:0x3f800000-0x3f8000ff", "--backend", "cpu",
                                            "--reference", "fast", "--no-progress", "--quiet"});
    ASSERT_EQ(run.status, 0) << run.err;
    const CommandResult js = run_fpverify({"report", "--db", db, "--format", "json"});
    ASSERT_EQ(js.status, 0) << js.err;
    const json j = json::parse(js.out);
    for (const json& impl : j["impls"]) {
        ASSERT_TRUE(impl.contains("sweep")) << impl.dump();
        EXPECT_EQ(impl["sweep"]["outside_domain"], 0) << impl["impl"];
        EXPECT_TRUE(impl["sweep"]["domain_is_exact"].is_null()) << impl["impl"];
        // Inputs, not distinct patterns: the smaller range lies inside the larger and counts again.
        EXPECT_EQ(impl["sweep"]["patterns"], 65536 + 256) << impl["impl"];
    }
    const CommandResult md = run_fpverify({"report", "--db", db, "--format", "md"});
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_FALSE(contains(md.out, "exactly the set where this impl is right")) << md.out;
    EXPECT_TRUE(contains(md.out, "No swept input lies outside the domain")) << md.out;
}

}  // namespace
}  // namespace fpv
