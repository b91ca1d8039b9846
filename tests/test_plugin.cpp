// Bring your own implementation: the worked example of the README, copied to a directory
// outside the tree, built in with make EXTRA_IMPLS=... (a CPU build of its own, so the test
// needs no GPU and leaves build/ alone), listed, and verified by a campaign.
#include <gtest/gtest.h>

#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <thread>

#include "tests/test_support.h"

namespace fpv {
namespace {

using testing::CommandResult;
using testing::run_command;
using testing::TempDir;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(Plugin, AnExternalHeaderBuildsInAndRunsLikeAShippedImpl) {
    TempDir dir;
    const std::string header = dir.path("my_div64.h");
    std::filesystem::copy_file("docs/examples/my_div64.h", header);
    // A nested make must not inherit the outer make's job server.
    unsetenv("MAKEFLAGS");
    unsetenv("MFLAGS");
    unsetenv("MAKELEVEL");
    const std::string build = dir.path("build");
    const unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    const CommandResult made = run_command("make", {"-s", "-j" + std::to_string(jobs), "EXTRA_IMPLS=" + header,
                                                    "RELEASE_DIR=" + build, "NVCC=",
                                                    build + "/fpverify"});
    ASSERT_EQ(made.status, 0) << made.out << made.err;
    const std::string fpv = build + "/fpverify";
    const CommandResult impls = run_command(fpv, {"list", "impls"});
    EXPECT_TRUE(contains(impls.out, "div64.my_newton (plug-in)")) << impls.out;
    EXPECT_TRUE(contains(impls.out, "div64.emu_nr")) << impls.out;  // the shipped impls stay

    const CommandResult run = run_command(fpv, {"run", "--db", dir.path("mine.db"), "--impl",
                                                "div64.my_newton,div64.emu_nr", "--classes", "all",
                                                "--count", "20000", "--backend", "cpu", "--no-progress"});
    EXPECT_EQ(run.status, 1) << run.err;  // the example fails where the seed's rcp.approx flushes
    const CommandResult rates = run_command(fpv, {"query", "--db", dir.path("mine.db"), "--format", "csv",
                                                  "SELECT impl, class, failed FROM units ORDER BY ordinal"});
    ASSERT_EQ(rates.status, 0) << rates.err;
    EXPECT_TRUE(contains(rates.out, "div64.my_newton,overflow,")) << rates.out;
    EXPECT_FALSE(contains(rates.out, "div64.my_newton,overflow,0\n")) << rates.out;
    EXPECT_TRUE(contains(rates.out, "div64.emu_nr,normal,0")) << rates.out;
    // The stock build does not know the plug-in.
    EXPECT_FALSE(contains(testing::run_fpverify({"list", "impls"}).out, "my_newton"));
}

}  // namespace
}  // namespace fpv
