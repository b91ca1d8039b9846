// Entries of matrix products judged on the GPU (verifier/gpu/entry_judging.cuh) under the exact
// reference: the tallies equal those of the host's judge of the same entries, for the project's
// own dot products (terms made again per entry) and for cuBLAS's products (terms read from the
// product's matrices in tiles), on every class; a wrong exact sum planted on the GPU is caught
// by MPFR's sample.
#include "tests/gpu/gemm_campaign.h"
#include "tests/gpu/gpu_test_support.h"

namespace fpv {
namespace {

std::vector<UnitState> run_on_gpu(const std::string& db, const std::vector<std::string>& impls,
                                  const std::vector<std::string>& classes, uint64_t count, ReferenceMode reference) {
    const std::unique_ptr<Backend> backend = make_gpu_backend({}, 0, 0);
    return testing::run_gemm_campaign(db, testing::gemm_spec(impls, classes, count, "gpu", reference), *backend);
}

// Under the fast reference the GPU computes the entries and the host judges them; under the
// exact one the GPU judges. A product is taken once for each backend batch it is part of, and
// the batches differ (the GPU judge starts small while its worst lists fill), so the count of
// products taken is left out.
void expect_equal_verdicts(const std::vector<UnitState>& host, const std::vector<UnitState>& gpu) {
    ASSERT_EQ(host.size(), gpu.size());
    for (size_t i = 0; i < host.size(); ++i) {
        Tally h = host[i].tally, g = gpu[i].tally;
        h.products_run = {};
        g.products_run = {};
        EXPECT_EQ(h, g) << host[i].impl << " x " << host[i].input_class << ": " << testing::tally_differences(h, g);
        EXPECT_EQ(g.reference_disagreements, 0u) << host[i].impl << " x " << host[i].input_class;
    }
}

TEST(GpuEntryJudge, WholeProductsJudgedOnTheGpuGiveTheHostsTalliesOnEveryClass) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    const std::vector<std::string> impls{"gemm64.cublas_native", "gemm64.cublas_emu_eager_nospecials",
                                         "gemm64.cublas_emu_fixed55"};
    // n = 40: tiles of 16 entries cut by the edge of the product and by the batches; some
    // products rectangular (m rows).
    const std::vector<std::string> classes{
        "uniform:k=100:m=24:n=40", "signed:k=33:m=67:n=40", "spread:phi=4:k=64:n=40", "span:e=1000:k=64:n=40",
        "cancellation:k=65:n=40",  "subnormal:k=17:m=1:n=40", "overflow:k=16:n=40",  "specials:k=64:m=19:n=40",
        "midpoint:k=20:m=45"};
    const uint64_t count = 3 * 40 * 40 + 77;
    const auto host = run_on_gpu(dir.path("host.db"), impls, classes, count, ReferenceMode::fast);
    const auto gpu = run_on_gpu(dir.path("gpu.db"), impls, classes, count, ReferenceMode::exact);
    ASSERT_EQ(gpu.size(), impls.size() * classes.size());
    expect_equal_verdicts(host, gpu);
    // Entries outside the no-specials emulation's domain are counted apart on the GPU too.
    for (const UnitState& u : gpu) {
        if (u.impl == "gemm64.cublas_emu_eager_nospecials" && u.input_class.starts_with("specials")) {
            EXPECT_GT(u.tally.outside(), 0u);
        }
    }
}

TEST(GpuEntryJudge, DotProductsJudgedOnTheGpuGiveTheHostsTallies) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    const std::vector<std::string> impls{"gemm64.dot_fma", "gemm64.dot_exact_rd", "gemm64.dot_muladd"};
    const std::vector<std::string> classes{"all"};
    const auto host = run_on_gpu(dir.path("host.db"), impls, classes, uint64_t{1} << 13, ReferenceMode::fast);
    const auto gpu = run_on_gpu(dir.path("gpu.db"), impls, classes, uint64_t{1} << 13, ReferenceMode::exact);
    expect_equal_verdicts(host, gpu);
}

// The GPU's exact sums made wrong (FPV_INJECT_WRONG_CERTIFICATE: each correctly rounded entry
// moved by one, each error doubled): the entries still within dot_fma's bound are counted on the
// GPU, and MPFR's sample of them finds the disagreement.
TEST(GpuEntryJudge, AWrongExactSumOnTheGpuIsCaughtByMpfrsSample) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    setenv("FPV_INJECT_WRONG_CERTIFICATE", "1", 1);
    const auto planted = run_on_gpu(dir.path("planted.db"), {"gemm64.dot_fma"}, {"uniform:k=64:n=64"},
                                    uint64_t{1} << 16, ReferenceMode::exact);
    unsetenv("FPV_INJECT_WRONG_CERTIFICATE");
    ASSERT_EQ(planted.size(), 1u);
    EXPECT_GE(planted[0].tally.reference_disagreements, 32u);  // about 64 sampled of 65,536
}

}  // namespace
}  // namespace fpv
