// Binary32 math functions judged on the GPU beside their binary64 twins (ops/math32/twin.h),
// against the same campaign judged on the host: every CUDA impl of every math32 op, on every
// class of `all`, gives the tally that the host's references give (CORE-MATH, MPFR measuring
// every result that is not correctly rounded), field for field, and the GPU keeps nearly all of
// the results to itself.
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "store/store.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/engine/engine.h"

namespace fpv {
namespace {

using testing::TempDir;

std::vector<UnitState> run(const std::string& db, const CampaignSpec& spec) {
    PreparedCampaign p = prepare_campaign(spec);
    Store store(db, Store::Mode::read_write);
    CampaignRecord c;
    c.spec = p.spec;
    c.id = store.create_campaign(p.spec, p.units, "test", "test", "gpu");
    std::unique_ptr<Backend> backend = make_gpu_backend({}, 0, 0);
    execute_campaign(store, c, p.units, p.inputs, *backend, {false, true, std::nullopt});
    return store.units(c.id);
}

TEST(GpuMath32, TwinTalliesEqualTheHostsTalliesOnEveryCudaImplAndClass) {
    FPV_NEEDS_GPU();
    TempDir dir;
    CampaignSpec spec;
    spec.name = "math32-twin-vs-host";
    for (const ImplInfo& impl : all_impls()) {
        if (op_info(impl.op).has_binary64_twin && impl.runs_on_gpu() && !impl.plugin) spec.impls.emplace_back(impl.name);
    }
    spec.classes = {"all"};
    spec.count = uint64_t{1} << 18;
    spec.seed = 20261129;
    spec.backend = "gpu";
    spec.limits = {8, 100};
    spec.reference = ReferenceMode::fast;
    const std::vector<UnitState> host = run(dir.path("host.db"), spec);
    spec.reference = ReferenceMode::exact;
    const std::vector<UnitState> twin = run(dir.path("twin.db"), spec);
    ASSERT_EQ(host.size(), twin.size());
    uint64_t failing = 0, measured = 0;
    for (size_t i = 0; i < host.size(); ++i) {
        const std::string unit = twin[i].impl + " x " + twin[i].input_class;
        const Tally& h = host[i].tally;
        const Tally& t = twin[i].tally;
        EXPECT_EQ(h.by_category, t.by_category) << unit;
        EXPECT_TRUE(h.error_histogram == t.error_histogram) << unit << ": error histograms differ";
        EXPECT_TRUE(h.worst == t.worst) << unit << ": worst lists differ";
        EXPECT_TRUE(h.failures == t.failures) << unit << ": failure samples differ";
        EXPECT_TRUE(h.step_counts == t.step_counts) << unit << ": step counts differ";
        EXPECT_TRUE(h == t) << unit << ": tallies differ";
        failing += t.has_failures();
        measured += t.count(Category::within_bound);
    }
    EXPECT_GE(twin.size(), 220u);  // 58 impls on the classes of `all`: 226 units on 2026-11-29
    EXPECT_GT(measured, 100000u);  // results within their bound, kept on the GPU: the twin measured them
    std::printf("%zu units, %llu with failures, %llu results within their bound\n", twin.size(),
                static_cast<unsigned long long>(failing), static_cast<unsigned long long>(measured));
}

}  // namespace
}  // namespace fpv
