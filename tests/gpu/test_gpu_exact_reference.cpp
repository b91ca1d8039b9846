// The exact reference judged on the GPU: for every impl that runs there, of every op with an
// exact check, on every class of `all`, 2^20 inputs per unit: the tallies equal those of MPFR
// judging the same results on the host, field for field, and MPFR's sample of the certified
// results never disagrees.
#include <cstdlib>

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

TEST(GpuExactReference, TalliesEqualMpfrTalliesOnEveryGpuImplOfEveryOpWithACheck) {
    FPV_NEEDS_GPU();
    TempDir dir;
    CampaignSpec spec;
    spec.name = "exact-vs-mpfr";
    for (const ImplInfo& impl : all_impls()) {
        if (op_info(impl.op).has_exact_check && impl.runs_on_gpu() && certifiable(impl)) {
            spec.impls.emplace_back(impl.name);
        }
    }
    spec.classes = {"all"};
    spec.count = uint64_t{1} << 20;
    spec.seed = 20261123;
    spec.backend = "gpu";
    spec.limits = {8, 100};
    const std::vector<UnitState> mpfr = run(dir.path("mpfr.db"), spec);
    spec.reference = ReferenceMode::exact;
    const std::vector<UnitState> exact = run(dir.path("exact.db"), spec);
    ASSERT_EQ(mpfr.size(), exact.size());
    uint64_t failing = 0;
    for (size_t i = 0; i < mpfr.size(); ++i) {
        const std::string unit = exact[i].impl + " x " + exact[i].input_class;
        EXPECT_EQ(mpfr[i].tally.by_category, exact[i].tally.by_category) << unit;
        EXPECT_EQ(mpfr[i].tally, exact[i].tally) << unit;
        EXPECT_EQ(exact[i].tally.reference_disagreements, 0u) << unit;
        failing += exact[i].tally.has_failures();
    }
    EXPECT_GE(exact.size(), 600u);  // 668 on 2026-11-23
    EXPECT_GE(failing, 5u);         // the seed's Halley division and wrong CUDA functions: failures compared too
}

CampaignSpec spec_of(const std::vector<std::string>& impls, uint64_t count) {
    CampaignSpec spec;
    spec.name = "exact-vs-mpfr";
    spec.impls = impls;
    spec.classes = {"all"};
    spec.count = count;
    spec.seed = 20261124;
    spec.backend = "gpu";
    spec.limits = {8, 100};
    return spec;
}

void expect_equal_tallies(const std::vector<UnitState>& mpfr, const std::vector<UnitState>& exact) {
    ASSERT_EQ(mpfr.size(), exact.size());
    for (size_t i = 0; i < mpfr.size(); ++i) {
        const std::string unit = exact[i].impl + " x " + exact[i].input_class;
        const Tally& m = mpfr[i].tally;
        const Tally& e = exact[i].tally;
        EXPECT_EQ(m.tested, e.tested) << unit;
        EXPECT_EQ(m.by_category, e.by_category) << unit;
        EXPECT_TRUE(m.error_histogram == e.error_histogram) << unit << ": error histograms differ";
        EXPECT_TRUE(m.outside_histogram == e.outside_histogram) << unit << ": outside histograms differ";
        EXPECT_TRUE(m.worst == e.worst) << unit << ": worst lists differ";
        EXPECT_TRUE(m.outside_worst == e.outside_worst) << unit << ": outside worst lists differ";
        EXPECT_TRUE(m.failures == e.failures) << unit << ": failure samples differ";
        EXPECT_EQ(m.ftz_changed, e.ftz_changed) << unit;
        // The kernels count the failure-map cells of what they keep; the host maps the rest.
        EXPECT_TRUE(m.map == e.map) << unit << ": failure maps differ";
        EXPECT_EQ(e.map.total_tested(), e.inside()) << unit;
        EXPECT_TRUE(m == e) << unit << ": tallies differ";
        EXPECT_EQ(exact[i].tally.reference_disagreements, 0u) << unit;
    }
}

// Float-float ops tallied on the GPU (categories, histograms, the worst and failing inputs
// handed over): MPFR's tallies, field for field.
TEST(GpuExactReference, FloatFloatTalliesOnTheGpuEqualMpfrTallies) {
    FPV_NEEDS_GPU();
    TempDir dir;
    std::vector<std::string> impls;
    for (const ImplInfo& impl : all_impls()) {
        if (op_info(impl.op).metric == Metric::relative_u2 && impl.runs_on_gpu()) impls.push_back(impl.name);
    }
    CampaignSpec spec = spec_of(impls, uint64_t{1} << 20);
    const std::vector<UnitState> mpfr = run(dir.path("mpfr.db"), spec);
    spec.reference = ReferenceMode::exact;
    const std::vector<UnitState> exact = run(dir.path("exact.db"), spec);
    expect_equal_tallies(mpfr, exact);
    EXPECT_GE(exact.size(), 200u);
}

// --strict-nan: the GPU certifies no NaN, MPFR judges them, the tallies are MPFR's.
TEST(GpuExactReference, StrictNanTalliesEqualMpfrTallies) {
    FPV_NEEDS_GPU();
    TempDir dir;
    CampaignSpec spec = spec_of({"sqrt64.emu", "rsqrt64.emu", "div64.emu_nr", "fma64.emu"}, uint64_t{1} << 18);
    spec.strict_nan = true;
    const std::vector<UnitState> mpfr = run(dir.path("mpfr.db"), spec);
    spec.reference = ReferenceMode::exact;
    const std::vector<UnitState> exact = run(dir.path("exact.db"), spec);
    expect_equal_tallies(mpfr, exact);
}

// A broken check, planted on the GPU (every result certified): MPFR's sample catches it.
TEST(GpuExactReference, AWrongCertificateOnTheGpuIsCaughtByMpfrsSample) {
    FPV_NEEDS_GPU();
    TempDir dir;
    CampaignSpec spec = spec_of({"div64.emu_halley"}, uint64_t{1} << 24);
    spec.classes = {"normal"};
    spec.reference = ReferenceMode::exact;
    setenv("FPV_INJECT_WRONG_CERTIFICATE", "1", 1);
    const std::vector<UnitState> planted = run(dir.path("planted.db"), spec);
    unsetenv("FPV_INJECT_WRONG_CERTIFICATE");
    ASSERT_EQ(planted.size(), 1u);
    EXPECT_GE(planted[0].tally.reference_disagreements, 50u);  // about 3 % of 4096 samples
    EXPECT_EQ(planted[0].tally.reference_disagreements, planted[0].tally.failed());
}

// Binary32 math functions judged on the GPU beside their binary64 twins (ops/math32/twin.h),
// against the same campaign judged on the host: every CUDA impl of every math32 op, on every
// class of `all`, gives the tally the host's references give (CORE-MATH, MPFR measuring every
// result that is not correctly rounded), field for field, results within their bound among them.
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
        EXPECT_EQ(t.reference_disagreements, 0u) << unit << ": MPFR's sample contradicts the twin";
        failing += t.has_failures();
        measured += t.count(Category::within_bound);
    }
    EXPECT_GE(twin.size(), 220u);  // 58 impls on the classes of `all`: 226 units on 2026-11-29
    EXPECT_GT(measured, 100000u);  // results within their bound compared, not only correct ones
    std::printf("%zu units, %llu with failures, %llu results within their bound\n", twin.size(),
                static_cast<unsigned long long>(failing), static_cast<unsigned long long>(measured));
}

// A broken twin, planted on the GPU (every result certified correctly rounded): what it decided of
// MPFR's sample travels with the result, and each result MPFR finds not correctly rounded is a
// disagreement, the verdict MPFR's (within expf's bound: no failure).
TEST(GpuMath32, AWrongCertificateOfTheTwinIsADisagreementWithMpfrsSample) {
    FPV_NEEDS_GPU();
    TempDir dir;
    CampaignSpec spec = spec_of({"exp32.expf"}, uint64_t{1} << 24);
    spec.classes = {"normal"};
    spec.reference = ReferenceMode::exact;
    setenv("FPV_INJECT_WRONG_CERTIFICATE", "1", 1);
    const std::vector<UnitState> planted = run(dir.path("planted.db"), spec);
    unsetenv("FPV_INJECT_WRONG_CERTIFICATE");
    ASSERT_EQ(planted.size(), 1u);
    const Tally& t = planted[0].tally;
    EXPECT_GE(t.reference_disagreements, 50u) << t.count(Category::within_bound);
    EXPECT_EQ(t.failed(), 0u);
    std::printf("%llu disagreements in MPFR's sample of %llu inputs\n",
                static_cast<unsigned long long>(t.reference_disagreements), static_cast<unsigned long long>(t.tested));
}

}  // namespace
}  // namespace fpv
