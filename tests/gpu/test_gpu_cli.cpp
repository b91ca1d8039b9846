// The GPU backend from the command line: clear errors without a GPU, exit status 3 and a
// resumable campaign after a CUDA error, the same tallies after resuming.
#include <nlohmann/json.hpp>

#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using nlohmann::json;
using namespace testing;

TEST(GpuCli, WithoutAGpuTheGpuBackendIsAClearUsageErrorAndAutoFallsBack) {
    std::string why;
    if (testing::gpu_usable(why)) GTEST_SKIP() << "this machine has a GPU";
    TempDir dir;
    const CommandResult gpu = run_fpverify({"run", "--db", dir.path("g.db"), "--impl", "div64.emu_nr",
                                            "--count", "100", "--backend", "gpu"});
    EXPECT_EQ(gpu.status, 2);
    EXPECT_TRUE(contains(gpu.err, "no usable GPU")) << gpu.err;
    EXPECT_FALSE(testing::file_exists(dir.path("g.db")));
    const CommandResult cuda = run_fpverify({"run", "--db", dir.path("c.db"), "--impl", "div64.cuda",
                                             "--count", "100"});
    EXPECT_EQ(cuda.status, 2);
    EXPECT_TRUE(contains(cuda.err, "does not run on the CPU")) << cuda.err;
    const CommandResult fallback = run_fpverify({"run", "--db", dir.path("a.db"), "--impl", "div64.emu_nr",
                                                 "--count", "100", "--backend", "auto", "--quiet"});
    EXPECT_EQ(fallback.status, 0);
    EXPECT_TRUE(contains(fallback.err, "running on the CPU")) << fallback.err;
}

json comparable_units(const std::string& db) {
    json units = json::parse(run_fpverify({"report", "--db", db, "--format", "json"}).out)["units"];
    for (json& u : units) u.erase("seconds");
    return units;
}

TEST(GpuCli, ACudaErrorStopsTheCampaignResumablyWithExitThree) {
    FPV_NEEDS_GPU();
    TempDir dir;
    const std::vector<std::string> common = {"--impl", "div64.emu_halley,div64.cuda", "--classes",
                                             "midpoint,subnormal", "--count", "3000000", "--batch",
                                             "100000", "--seed", "4", "--backend", "gpu", "--quiet"};
    std::vector<std::string> whole = {"run", "--db", dir.path("whole.db")};
    whole.insert(whole.end(), common.begin(), common.end());
    ASSERT_EQ(run_fpverify(whole).status, 1);

    setenv("FPV_INJECT_GPU_FAULT", "45", 1);  // the 45th batch traps on the GPU
    std::vector<std::string> faulty = {"run", "--db", dir.path("f.db")};
    faulty.insert(faulty.end(), common.begin(), common.end());
    const CommandResult crashed = run_fpverify(faulty);
    unsetenv("FPV_INJECT_GPU_FAULT");
    EXPECT_EQ(crashed.status, 3) << crashed.err;
    EXPECT_TRUE(contains(crashed.err, "fpverify resume --db")) << crashed.err;
    const CommandResult progress = run_fpverify({"query", "--db", dir.path("f.db"), "--format", "csv",
                                                 "SELECT sum(next_index) FROM units"});
    EXPECT_NE(progress.out, "sum(next_index)\n0\n") << "nothing was committed before the fault";

    const CommandResult resumed = run_fpverify({"resume", "--db", dir.path("f.db"), "--quiet"});
    EXPECT_EQ(resumed.status, 1) << resumed.err;
    EXPECT_EQ(comparable_units(dir.path("f.db")), comparable_units(dir.path("whole.db")));
}

TEST(GpuCli, BadDeviceNumbersAreUsageErrors) {
    FPV_NEEDS_GPU();
    TempDir dir;
    const CommandResult r = run_fpverify({"run", "--db", dir.path("d.db"), "--impl", "div64.emu_nr",
                                          "--count", "100", "--backend", "gpu", "--devices", "99"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "no GPU 99")) << r.err;
    EXPECT_FALSE(testing::file_exists(dir.path("d.db")));
}

TEST(GpuCli, ReportNamesTheGpuAndTheIdleTimes) {
    FPV_NEEDS_GPU();
    TempDir dir;
    const CommandResult r = run_fpverify({"run", "--db", dir.path("r.db"), "--impl", "div64.emu_nr",
                                          "--classes", "normal", "--count", "2e7", "--backend", "gpu",
                                          "--quiet"});
    EXPECT_EQ(r.status, 0) << r.err;
    const std::string md = run_fpverify({"report", "--db", dir.path("r.db")}).out;
    EXPECT_TRUE(contains(md, "Ran on: gpu (0: ")) << md;
    EXPECT_TRUE(contains(md, "GPU idle")) << md;
}

}  // namespace
}  // namespace fpv
