// Bring your own implementation: the worked example of the README, copied to a directory
// outside the tree, built in with make EXTRA_IMPLS=... (a CPU build of its own, so the test
// needs no GPU and leaves build/ alone), listed, and verified by a campaign.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <algorithm>
#include <filesystem>
#include <thread>

#include "tests/test_support.h"

namespace fpv {
namespace {

using testing::CommandResult;
using testing::run_command;
using testing::TempDir;
using testing::contains;

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

// The contract for code written for CUDA: on the host the intrinsics are real functions in the
// global namespace, so a header read after fpverify's may overload them for its own types and
// call them qualified; under nvcc the header is compiled for the device, where they are CUDA's
// own. Built as the Makefile builds a plug-in, with g++ (the catalogue) and with nvcc (its
// kernels) where nvcc is there.
constexpr const char* kContractHeader = R"(
// Its own number type, with its own overload of a CUDA intrinsic's name.
struct Quantity {
    double value;
};
FPV_HD inline Quantity __dadd_rn(Quantity a, Quantity b) { return {::__dadd_rn(a.value, b.value)}; }

FPV_HD inline unsigned long long overloaded_divide(unsigned long long x, unsigned long long y) {
    const double q = __ddiv_rn(__longlong_as_double(x), __longlong_as_double(y));
    const Quantity sum = __dadd_rn(Quantity{q}, Quantity{-0.0});  // x + -0 is x, zeros included
    const int zeros = ::__clz(static_cast<int>(y >> 32)) + ::__clzll(static_cast<long long>(x));
    return static_cast<unsigned long long>(__double_as_longlong(sum.value)) | (zeros > 96 ? 1ull : 0ull);
}

#define FPV_PLUGIN_IMPLS(X) X(div64, overloaded, overloaded_divide, cpu_gpu, "all binary64 operands", 0)
)";

std::string nvcc_path() {
    const testing::CommandResult which = run_command("bash", {"-c", "command -v nvcc || ls /usr/local/cuda/bin/nvcc"});
    return which.status == 0 ? which.out.substr(0, which.out.find('\n')) : "";
}

TEST(Plugin, HeadersMayOverloadAndQualifyCudaIntrinsicsOnBothCompilers) {
    TempDir dir;
    const std::string header = dir.path("overloads.h");
    std::ofstream(header) << kContractHeader;
    unsetenv("MAKEFLAGS");
    unsetenv("MFLAGS");
    unsetenv("MAKELEVEL");
    const std::string build = dir.path("build");
    std::vector<std::string> args = {"-s", "EXTRA_IMPLS=" + header, "RELEASE_DIR=" + build, build + "/ops/catalogue.o"};
    const std::string nvcc = nvcc_path();
    if (!nvcc.empty()) args.push_back(build + "/verifier/gpu_plugins.o");
    const CommandResult made = run_command("make", args);
    EXPECT_EQ(made.status, 0) << made.out << made.err;
    EXPECT_TRUE(testing::file_exists(build + "/ops/catalogue.o"));
    if (nvcc.empty()) {
        GTEST_SKIP() << "nvcc not found: the header was compiled with g++ only";
    }
    EXPECT_TRUE(testing::file_exists(build + "/verifier/gpu_plugins.o"));
}

// A real third-party CUDA library read after fpverify's header on the host: NVIDIA CCCL's
// cuda::experimental::fpemu declares its own __dadd_rn, __ddiv_rn and __fma_rn overloads.
TEST(Plugin, CcclFpemuCompilesAfterFpverifysIntrinsics) {
    const std::string cccl = "../shared/third_party/cccl/libcudacxx/include";
    if (!testing::file_exists(cccl + "/cuda/fpemu")) GTEST_SKIP() << "no CCCL with fpemu at " << cccl;
    TempDir dir;
    const std::string source = dir.path("fpemu_after_fpverify.cpp");
    std::ofstream(source) << "#include \"core/cuda_host_intrinsics.h\"\n#include <cuda/fpemu>\n"
                             "double third() { return static_cast<double>(cuda::experimental::fpemu<double>(1.0) / "
                             "cuda::experimental::fpemu<double>(3.0)); }\n";
    const CommandResult compiled = run_command("g++", {"-std=c++20", "-Wall", "-Wextra", "-Werror", "-I.", "-isystem", cccl,
                                                       "-c", source, "-o", dir.path("fpemu.o")});
    EXPECT_EQ(compiled.status, 0) << compiled.err;
}

}  // namespace
}  // namespace fpv
