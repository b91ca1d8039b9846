// Bring your own implementation: the worked example of the README, copied to a directory
// outside the tree, built in with make EXTRA_IMPLS=... (a build of its own, so the test leaves
// build/ alone), listed, and verified by a campaign.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <algorithm>
#include <filesystem>
#include <thread>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

// Builds fpverify with a plug-in header into `build`, as a user would: make EXTRA_IMPLS=...
// It starts from a copy of a build's objects (timestamps kept), so that only what the plug-in
// changes is compiled again (the catalogue, and the GPU plug-in kernels where the base has them):
// the CUDA release build where there is one, else the sanitized CPU build that `make test` has
// just made (built on with its flags, SANITIZE=1); otherwise a CPU build of everything.
CommandResult build_with_plugin(const std::string& build, const std::vector<std::string>& variables) {
    // A nested make must not inherit the outer make's job server.
    unsetenv("MAKEFLAGS");
    unsetenv("MFLAGS");
    unsetenv("MAKELEVEL");
    std::vector<std::string> args = {"-s", "-j" + std::to_string(std::max(1u, std::thread::hardware_concurrency())),
                                     "RELEASE_DIR=" + build};
    std::string base;
    if (testing::file_exists("build/release/fpverify")) {
        base = "build/release";
    } else if (testing::file_exists("build/asan/fpverify")) {
        base = "build/asan";
        args.insert(args.end(), {"SANITIZE=1", "NVCC="});
    } else {
        args.push_back("NVCC=");
    }
    if (!base.empty()) {
        std::filesystem::create_directories(build);
        // Every folder of objects but the test suites'.
        for (const auto& entry : std::filesystem::directory_iterator(base)) {
            if (!entry.is_directory() || entry.path().filename() == "tests") continue;
            const CommandResult copied = run_command("cp", {"-rp", entry.path().string(), build + "/"});
            if (copied.status != 0) return copied;
        }
    }
    args.insert(args.end(), variables.begin(), variables.end());
    args.push_back(build + "/fpverify");
    return run_command("make", args);
}

// Copies the example docs/examples/`name` into `dir`, as a user's header outside the tree, and
// builds fpverify with it into dir/build: the build's fpverify, or a failed assertion.
std::string build_with_example(const TempDir& dir, const std::string& name) {
    const std::string header = dir.path(name);
    std::filesystem::copy_file("docs/examples/" + name, header);
    const CommandResult made = build_with_plugin(dir.path("build"), {"EXTRA_IMPLS=" + header});
    EXPECT_EQ(made.status, 0) << made.out << made.err;
    return made.status == 0 ? dir.path("build") + "/fpverify" : std::string();
}

TEST(Plugin, AnExternalHeaderBuildsInAndRunsLikeAShippedImpl) {
    TempDir dir;
    const std::string fpv = build_with_example(dir, "my_div64.h");
    ASSERT_FALSE(fpv.empty());
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

// Issue 43: a user's own binary32 math function (docs/examples/my_expf.h, e^x within 1 ulp of the
// correctly rounded result: over all 2^32 inputs on the host its largest distance is 1) builds in
// the same way, is listed with its claim, and a campaign judges it as it judges glibc's expf (the
// range holds the overflow threshold, 0x42b17218).
TEST(Plugin, ABinary32MathFunctionBuildsInWithItsClaim) {
    TempDir dir;
    const std::string fpv = build_with_example(dir, "my_expf.h");
    ASSERT_FALSE(fpv.empty());
    const CommandResult impls = run_command(fpv, {"list", "impls"});
    const size_t at = impls.out.find("exp32.my_expf (plug-in)");
    ASSERT_NE(at, std::string::npos) << impls.out;
    const std::string line = impls.out.substr(at, impls.out.find('\n', at) - at);
    EXPECT_TRUE(contains(line, "1 ulp")) << line;
    const CommandResult run = run_command(fpv, {"run", "--db", dir.path("mine.db"), "--impl",
                                                "exp32.my_expf,exp32.expf_glibc", "--classes",
                                                "specials,random,normal,range32:0x42b16000-0x42b1ae1f", "--count", "20000",
                                                "--backend", "cpu", "--reference", "fast", "--no-progress"});
    EXPECT_EQ(run.status, 0) << run.err;
    const CommandResult units = run_command(fpv, {"query", "--db", dir.path("mine.db"), "--format", "csv",
                                                  "SELECT impl, class, tested, failed FROM units ORDER BY ordinal"});
    ASSERT_EQ(units.status, 0) << units.err;
    EXPECT_TRUE(contains(units.out, "exp32.my_expf,specials,60,0")) << units.out;
    EXPECT_TRUE(contains(units.out, "exp32.my_expf,random,20000,0")) << units.out;
    EXPECT_TRUE(contains(units.out, "exp32.my_expf,range32:0x42b16000-0x42b1ae1f,20000,0")) << units.out;
}

// A GEMM from outside (FPV_PLUGIN_GEMMS, docs/examples/my_gemm.h) builds in with the host
// compiler reading only its registration: it is listed with its claim as a GPU impl, and a CPU
// campaign of it is refused before anything is written. (Its campaign on a GPU is in
// BENCHMARKS.md, "Matrix products entry by entry, part 2".)
TEST(Plugin, AGemmRegistersAsAGpuImplWithItsClaimPerTerm) {
    TempDir dir;
    const std::string build = dir.path("build");
    const CommandResult made = build_with_plugin(build, {"EXTRA_IMPLS=" + std::filesystem::absolute("docs/examples/my_gemm.h").string()});
    ASSERT_EQ(made.status, 0) << made.out << made.err;
    const std::string fpv = build + "/fpverify";
    const CommandResult impls = run_command(fpv, {"list", "impls"});
    const size_t at = impls.out.find("gemm64.my_tiled (plug-in)");
    ASSERT_NE(at, std::string::npos) << impls.out;
    const std::string line = impls.out.substr(at, impls.out.find('\n', at) - at);
    EXPECT_TRUE(contains(line, "gpu")) << line;
    EXPECT_FALSE(contains(line, "cpu")) << line;
    EXPECT_TRUE(contains(impls.out, "|C - exact| <= 0.5 k eps sum |a b| (claimed)")) << impls.out;
    const std::string db = dir.path("gemm.db");
    const CommandResult run = run_command(fpv, {"run", "--db", db, "--impl", "gemm64.my_tiled", "--classes",
                                                "uniform:k=8:n=8", "--count", "64", "--backend", "cpu", "--no-progress"});
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_TRUE(contains(run.err, "does not run on the CPU backend")) << run.err;
    EXPECT_FALSE(std::filesystem::exists(db));
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
    if (!nvcc.empty()) args.push_back(build + "/verifier/gpu/plugins.o");
    const CommandResult made = run_command("make", args);
    EXPECT_EQ(made.status, 0) << made.out << made.err;
    EXPECT_TRUE(testing::file_exists(build + "/ops/catalogue.o"));
    if (nvcc.empty()) {
        GTEST_SKIP() << "nvcc not found: the header was compiled with g++ only";
    }
    EXPECT_TRUE(testing::file_exists(build + "/verifier/gpu/plugins.o"));
}

// NVIDIA's cuda::experimental::fpemu, verified end to end on the CPU: the documented example
// (docs/examples/fpemu.h) built in with CCCL's include path, its 36 impls listed with their
// claims, and a short campaign of every one over `all`. fpemu declares its own __dadd_rn,
// __ddiv_rn and __fma_rn for its number type, read after fpverify's host intrinsics.
TEST(Plugin, CcclFpemuBuildsInAndEveryImplRunsACampaign) {
    const std::string cccl = "../shared/third_party/cccl/libcudacxx/include";
    if (!testing::file_exists(cccl + "/cuda/fpemu")) GTEST_SKIP() << "no CCCL with fpemu at " << cccl;
    TempDir dir;
    const std::string build = dir.path("build");
    const CommandResult made = build_with_plugin(build, {"EXTRA_IMPLS=docs/examples/fpemu.h", "EXTRA_INCLUDES=" + cccl});
    ASSERT_EQ(made.status, 0) << made.out << made.err;
    const std::string fpv = build + "/fpverify";
    const CommandResult listed = run_command(fpv, {"list", "impls"});
    std::string impls;
    size_t count = 0;
    for (const char* op : {"add64", "sub64", "mul64", "div64", "fma64", "sqrt64"}) {
        for (const char* variant : {"fpemu_high", "fpemu_high_rz", "fpemu_high_ru", "fpemu_high_rd", "fpemu_mid", "fpemu_low"}) {
            const std::string name = std::string(op) + "." + variant;
            EXPECT_TRUE(contains(listed.out, name + " (plug-in)")) << name;
            impls += (impls.empty() ? "" : ",") + name;
            ++count;
        }
    }
    EXPECT_EQ(count, 36u);
    EXPECT_TRUE(contains(listed.out, "correctly rounded toward -infinity (claimed)")) << listed.out;

    const CommandResult run = run_command(fpv, {"run", "--db", dir.path("fpemu.db"), "--impl", impls, "--classes", "all",
                                                "--count", "3000", "--backend", "cpu", "--no-progress", "--quiet"});
    EXPECT_TRUE(run.status == 0 || run.status == 1) << run.err;
    const CommandResult units = run_command(fpv, {"query", "--db", dir.path("fpemu.db"), "--format", "csv",
                                                  "SELECT count(DISTINCT impl), sum(tested), sum(outside) FROM units"});
    ASSERT_EQ(units.status, 0) << units.err;
    EXPECT_TRUE(contains(units.out, "\n36,")) << units.out;
    // mid and low claim less than the whole range: some inputs lie outside and are counted apart.
    const CommandResult outside = run_command(fpv, {"query", "--db", dir.path("fpemu.db"), "--format", "csv",
                                                    "SELECT sum(outside) > 0 FROM units WHERE impl LIKE '%fpemu_mid'"});
    EXPECT_TRUE(contains(outside.out, "\n1")) << outside.out;
}

}  // namespace
}  // namespace fpv
