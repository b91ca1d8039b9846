// The GPU generates every class's inputs as the host does: the host regenerates the inputs of
// the results the GPU hands over under the exact reference, and `repro` a failure's, so an input
// the GPU made differently would be judged against the wrong operands. With
// FPV_CHECK_GPU_INPUTS set the backend compares every input the GPU returns with the host's.
#include <algorithm>
#include <cstdlib>

#include "ops/catalogue.h"
#include "store/store.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/engine/engine.h"

namespace fpv {
namespace {

using testing::TempDir;

TEST(GpuInputs, EveryClassOfEveryOpGeneratesTheHostsInputsOnTheGpu) {
    FPV_NEEDS_GPU();
    TempDir dir;
    CampaignSpec spec;
    spec.name = "gpu-inputs";
    // Every impl but the mutants: a kernel is compiled with its impl's nvcc flags, and a
    // generator's float arithmetic would change under -ftz=true. Whole matrix products generate
    // their operands per block and are compared by GpuGemm64.
    std::vector<OpId> seen;
    for (const ImplInfo& impl : all_impls()) {
        if (!impl.runs_on_gpu() || impl.whole_products || impl.is_mutant()) continue;
        if (std::find(seen.begin(), seen.end(), impl.op) == seen.end()) seen.push_back(impl.op);
        spec.impls.emplace_back(impl.name);
    }
    spec.classes = {"all"};
    spec.count = uint64_t{1} << 14;
    spec.seed = 20261127;
    spec.backend = "gpu";
    spec.limits = {8, 100};
    ASSERT_EQ(setenv("FPV_CHECK_GPU_INPUTS", "1", 1), 0);
    PreparedCampaign p = prepare_campaign(spec);
    Store store(dir.path("inputs.db"), Store::Mode::read_write);
    CampaignRecord c;
    c.spec = p.spec;
    c.id = store.create_campaign(p.spec, p.units, "test", "test", "gpu");
    std::unique_ptr<Backend> backend = make_gpu_backend({}, 0, 0);
    // An input that differs stops the campaign with a runtime error (exit status 3) naming it.
    const int status = execute_campaign(store, c, p.units, p.inputs, *backend, {false, true, std::nullopt});
    unsetenv("FPV_CHECK_GPU_INPUTS");
    EXPECT_TRUE(status == kExitClean || status == kExitFailures) << status;
    const std::vector<UnitState> units = store.units(c.id);
    EXPECT_GE(seen.size(), 10u);
    EXPECT_GE(units.size(), 400u);
    for (const UnitState& u : units) EXPECT_GT(u.tally.tested, 0u) << u.impl << " x " << u.input_class;
}

}  // namespace
}  // namespace fpv
