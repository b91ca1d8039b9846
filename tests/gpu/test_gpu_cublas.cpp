// gemm64's cuBLAS impls (ops/gemm64/cublas_impls.h) through the whole-product path: the batches'
// matrices made on the GPU, multiplied by cuBLAS, each entry read back where its input says, and
// what ran recorded for every product.
#include <cstdlib>
#include <filesystem>

#include "core/matrix_product.h"
#include "tests/gpu/gemm_campaign.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using testing::CommandResult;
using testing::run_fpverify;
using testing::run_gemm_campaign;

// One term an entry: native DGEMM's entry is the product rounded once, the correctly rounded
// entry, so every entry must be exact; an entry read from the wrong place of the product
// (transposed, or of another batch) would be another product.
TEST(GpuCublas, EntriesOfOneTermAreCorrectlyRoundedSoTheyComeFromTheirOwnPlaceOfTheProduct) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    // 3 products of n = 48 and a part of a fourth, in backend batches of 1,000 entries, which cut
    // products: a product is taken once for each batch it is part of, 8 + 3 times.
    const auto units = run_gemm_campaign(dir.path("one.db"), {"gemm64.cublas_native", "gemm64.cublas_emu_eager"},
                               {"signed:k=1:n=48", "span:e=300:k=1:n=48"}, 3 * 48 * 48 + 1000, 1000);
    ASSERT_EQ(units.size(), 4u);
    for (const UnitState& u : units) {
        EXPECT_EQ(u.tally.tested, 3u * 48 * 48 + 1000) << u.impl << " x " << u.input_class;
        EXPECT_EQ(u.tally.products_run.total().products, 11u) << u.impl << " x " << u.input_class;
        // Native DGEMM rounds the one product once. The emulation does not (on an H200 with
        // cuBLAS 13.1, a quarter of these entries were not correctly rounded): what it returns
        // is a finding, not a check of the path.
        if (u.impl == "gemm64.cublas_native") {
            EXPECT_EQ(u.tally.exact(), u.tally.tested) << u.input_class;
        }
    }
}

TEST(GpuCublas, NativeDgemmMeetsGammaKAndReportsNoBitCount) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    const auto units =
        run_gemm_campaign(dir.path("native.db"), {"gemm64.cublas_native"}, {"uniform:k=1024:n=64", "spread:phi=2:k=256:n=64"},
                uint64_t{1} << 15);
    ASSERT_EQ(units.size(), 2u);
    for (const UnitState& u : units) {
        EXPECT_EQ(u.tally.failed(), 0u) << u.input_class;
        EXPECT_GT(u.tally.max_error(), 0.0) << u.input_class;  // not an exact sum: errors are measured
        ASSERT_EQ(u.tally.products_run.by_bits.size(), 1u) << u.input_class;
        const auto& [bits, counts] = *u.tally.products_run.by_bits.begin();
        EXPECT_EQ(bits, kBitsNotReported);
        EXPECT_EQ(counts.products, 8u);
        EXPECT_EQ(counts.compared, 0u);
    }
}

// Eager emulation reports a count of mantissa bits for every product and differs from native
// DGEMM somewhere; every emulated impl compares each product with native.
TEST(GpuCublas, EagerEmulationRunsReportsItsBitsAndIsComparedWithNative) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    const auto units = run_gemm_campaign(dir.path("eager.db"),
                               {"gemm64.cublas_emu_eager", "gemm64.cublas_emu", "gemm64.cublas_emu_fixed55"},
                               {"uniform:k=256:n=64"}, uint64_t{1} << 14);
    ASSERT_EQ(units.size(), 3u);
    for (const UnitState& u : units) {
        const ProductsRun::Counts all = u.tally.products_run.total();
        EXPECT_EQ(all.products, 4u) << u.impl;
        EXPECT_EQ(all.compared, all.products) << u.impl;
    }
    const ProductsRun& eager = units[0].tally.products_run;
    for (const auto& [bits, counts] : eager.by_bits) EXPECT_GE(bits, 0) << "products: " << counts.products;
    EXPECT_LT(eager.total().identical, eager.total().products);
    const ProductsRun& fixed = units[2].tally.products_run;
    ASSERT_EQ(fixed.by_bits.size(), 1u);
    EXPECT_EQ(fixed.by_bits.begin()->first, 55);
}

// What a GPU cannot run is refused before the database is touched (a product too large for it,
// an emulation whose strategy CUBLAS_EMULATION_STRATEGY would override), and a resume is refused
// the same way, naming the unit.
TEST(GpuCublas, WhatCannotRunIsRefusedBeforeTheCampaignIsWritten) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    const auto run = [&](const std::string& db, const std::string& impl, const std::string& spec) {
        return run_fpverify({"run", "--db", db, "--impl", impl, "--classes", spec, "--count", "1e9", "--for", "1s",
                             "--backend", "gpu", "--no-progress", "--quiet"});
    };
    // 2^15 x 2^20 by 2^20 x 2^15: about 520 GiB of operands.
    const CommandResult huge = run(dir.path("huge.db"), "gemm64.cublas_native", "uniform:k=1048576:m=32768:n=32768");
    EXPECT_EQ(huge.status, kExitUsage) << huge.err;
    EXPECT_TRUE(testing::contains(huge.err, "more than a third")) << huge.err;
    EXPECT_TRUE(testing::contains(huge.err, "unit 0 (gemm64.cublas_native x uniform:k=1048576")) << huge.err;
    EXPECT_FALSE(std::filesystem::exists(dir.path("huge.db")));

    setenv("CUBLAS_EMULATION_STRATEGY", "performant", 1);
    const CommandResult overridden = run(dir.path("env.db"), "gemm64.cublas_native,gemm64.cublas_emu_eager", "uniform:k=64");
    const CommandResult native = run(dir.path("native.db"), "gemm64.cublas_native", "uniform:k=64");
    unsetenv("CUBLAS_EMULATION_STRATEGY");
    EXPECT_EQ(overridden.status, kExitUsage) << overridden.err;
    EXPECT_TRUE(testing::contains(overridden.err, "CUBLAS_EMULATION_STRATEGY is set")) << overridden.err;
    EXPECT_FALSE(std::filesystem::exists(dir.path("env.db")));
    EXPECT_EQ(native.status, kExitRuntime) << "native DGEMM has no strategy to override: " << native.err;

    const CommandResult stopped = run(dir.path("stopped.db"), "gemm64.cublas_emu_eager", "uniform:k=64");
    ASSERT_EQ(stopped.status, kExitRuntime) << stopped.err;  // stopped by --for, to be resumed
    setenv("CUBLAS_EMULATION_STRATEGY", "eager", 1);
    const CommandResult resumed = run_fpverify({"resume", "--db", dir.path("stopped.db"), "--no-progress", "--quiet"});
    unsetenv("CUBLAS_EMULATION_STRATEGY");
    EXPECT_EQ(resumed.status, kExitUsage) << resumed.err;
    EXPECT_TRUE(testing::contains(resumed.err, "unit 0 (gemm64.cublas_emu_eager x uniform:k=64)")) << resumed.err;
}

}  // namespace
}  // namespace fpv
