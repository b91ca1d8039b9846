// gemm64's GEMMul8 impls (ops/gemm64/gemmul8_impls.h), built from the snapshot: each product is
// compared with native DGEMM and more moduli give smaller errors. A build without GEMMul8 lists
// them as needing it and skips this test, saying so.
#include "core/matrix_product.h"
#include "ops/catalogue.h"
#include "tests/gpu/gemm_campaign.h"
#include "tests/gpu/gpu_test_support.h"

namespace fpv {
namespace {

using testing::run_gemm_campaign;

TEST(GpuGemmul8, EveryProductIsComparedWithNativeAndMoreModuliGiveSmallerErrors) {
    FPV_NEEDS_GPU();
    if (!impl_named("gemm64.gemmul8_fast08").runs_on_gpu()) {
        GTEST_SKIP() << "this build has no GEMMul8: " << impl_named("gemm64.gemmul8_fast08").missing;
    }
    testing::TempDir dir;
    const auto units = run_gemm_campaign(dir.path("g8.db"),
                                         {"gemm64.gemmul8_fast08", "gemm64.gemmul8_fast20", "gemm64.gemmul8_accu20"},
                                         {"uniform:k=512:n=64"}, uint64_t{1} << 14);
    ASSERT_EQ(units.size(), 3u);
    for (const UnitState& u : units) {
        ASSERT_EQ(u.tally.products_run.by_bits.size(), 1u) << u.impl;
        const auto& [bits, counts] = *u.tally.products_run.by_bits.begin();
        EXPECT_EQ(bits, kBitsNotReported) << u.impl;
        EXPECT_EQ(counts.products, 4u) << u.impl;
        EXPECT_EQ(counts.compared, 4u) << u.impl;
        EXPECT_LT(counts.identical, 4u) << u.impl;  // an emulation, not native DGEMM
    }
    EXPECT_GT(units[0].tally.max_error(), units[1].tally.max_error());
    EXPECT_EQ(units[1].tally.failed(), 0u);
    EXPECT_EQ(units[2].tally.failed(), 0u);
}

}  // namespace
}  // namespace fpv
