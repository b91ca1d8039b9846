// gemm64 on the GPU: the project's dot products, the exact accumulator's among them, give on the
// device the entries they give on the host, bit for bit, so the tallies of a GPU campaign equal
// those of a CPU campaign of the same seed on every class.
#include "tests/gpu/gemm_campaign.h"
#include "tests/gpu/gpu_test_support.h"
#include "verifier/cpu/backend.h"

namespace fpv {
namespace {

std::vector<UnitState> run_units(const std::string& db, const std::string& backend_name, std::unique_ptr<Backend> backend) {
    const CampaignSpec spec = testing::gemm_spec(
        {"gemm64.dot_fma", "gemm64.dot_muladd", "gemm64.dot_exact", "gemm64.dot_exact_rd"},
        {"all", "uniform:k=4096:m=100:n=128"}, uint64_t{1} << 14, backend_name, ReferenceMode::exact);
    return testing::run_gemm_campaign(db, spec, *backend);
}

TEST(GpuGemm64, EveryEntryOfEveryClassEqualsTheHostsAndSoDoTheTallies) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    const std::vector<UnitState> cpu = run_units(dir.path("cpu.db"), "cpu", std::make_unique<CpuBackend>(0, 0));
    const std::vector<UnitState> gpu = run_units(dir.path("gpu.db"), "gpu", make_gpu_backend({}, 0, 0));
    ASSERT_EQ(cpu.size(), gpu.size());
    ASSERT_EQ(cpu.size(), 40u);
    for (size_t i = 0; i < cpu.size(); ++i) {
        const std::string unit = cpu[i].impl + " x " + cpu[i].input_class;
        EXPECT_EQ(cpu[i].tally, gpu[i].tally) << unit << ": " << testing::tally_differences(cpu[i].tally, gpu[i].tally);
        if (cpu[i].impl.starts_with("gemm64.dot_exact")) {
            EXPECT_EQ(gpu[i].tally.failed(), 0u) << unit;
        }
    }
}

}  // namespace
}  // namespace fpv
