// Binary32 work on the GPU: CUDA's intrinsics against fpverify's host versions, f2d sweeps
// identical to CPU sweeps, CUDA's correctly rounded functions exact against the reference (in
// both FTZ modes, which checks the FTZ reference's rule for flushing), and FTZ builds of the
// error-free transformations.
#include "ops/catalogue.h"
#include "store/store.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/cpu/backend.h"
#include "verifier/engine/engine.h"

namespace fpv {
namespace {

using testing::TempDir;

std::vector<UnitState> run(const std::string& db, CampaignSpec spec, std::unique_ptr<Backend> backend,
                           int* status = nullptr) {
    PreparedCampaign p = prepare_campaign(spec);
    Store store(db, Store::Mode::read_write);
    CampaignRecord c;
    c.spec = p.spec;
    c.id = store.create_campaign(p.spec, p.units, "test", "test", backend->describe());
    const int s = execute_campaign(store, c, p.units, p.inputs, *backend, {false, true, std::nullopt});
    if (status != nullptr) *status = s;
    return store.units(c.id);
}

CampaignSpec spec_of(std::vector<std::string> impls, std::vector<std::string> classes, uint64_t count) {
    CampaignSpec spec;
    spec.name = "gpu-binary32-test";
    spec.impls = std::move(impls);
    spec.classes = std::move(classes);
    spec.count = count;
    spec.seed = 11;
    spec.backend = "gpu";
    spec.limits = {8, 100};
    return spec;
}

TEST(GpuBinary32, BytePermAndHiLoIntToDoubleMatchTheHostVersions) {
    FPV_NEEDS_GPU();
    const IntrinsicsCheck check = gpu_intrinsics_check(0, uint64_t{1} << 24);
    std::string examples;
    for (const std::string& e : check.examples) examples += e + "\n";
    EXPECT_EQ(check.cases, (uint64_t{1} << 24) + 65536);
    EXPECT_EQ(check.byte_perm_mismatches, 0u) << examples;
    EXPECT_EQ(check.hiloint2double_mismatches, 0u) << examples;
}

TEST(GpuBinary32, F2dSweepsEqualTheCpuSweeps) {
    FPV_NEEDS_GPU();
    TempDir dir;
    CampaignSpec spec = spec_of({"f2d.shift_xor", "f2d.byte_perm", "f2d.native"},
                                {"binade32:111", "binade32:112", "binade32:130", "binade32:255",
                                 "range32:0x80000000-0x80ffffff", "specials"},
                                1000);
    const auto gpu = run(dir.path("gpu.db"), spec, make_gpu_backend({}, 0, 0));
    spec.backend = "cpu";
    const auto cpu = run(dir.path("cpu.db"), spec, std::make_unique<CpuBackend>(0, 0));
    ASSERT_EQ(cpu.size(), gpu.size());
    for (size_t i = 0; i < cpu.size(); ++i) {
        EXPECT_EQ(cpu[i].tally, gpu[i].tally) << cpu[i].impl << " x " << cpu[i].input_class;
        EXPECT_EQ(gpu[i].tally.tested, gpu[i].planned);
    }
}

TEST(GpuBinary32, CorrectlyRoundedCudaFunctionsAreExactInBothFtzModes) {
    FPV_NEEDS_GPU();
    TempDir dir;
    // Subnormals and the lowest normals, 1, and the top binades, whose reciprocals underflow.
    const std::vector<std::string> unary_classes = {"range32:0x00000000-0x00ffffff", "range32:0x80000000-0x80ffffff",
                                                    "binade32:127", "binade32:253", "binade32:254", "specials"};
    int status = -1;
    const auto unary = run(dir.path("unary.db"),
                           spec_of({"sqrt32.sqrtf", "sqrt32.sqrtf_ftz", "rcp32.frcp_rn", "rcp32.frcp_rn_ftz",
                                    "rcp32.div", "rcp32.div_ftz"},
                                   unary_classes, 1000),
                           make_gpu_backend({}, 0, 0), &status);
    EXPECT_EQ(status, kExitClean);
    uint64_t ftz_changed = 0;
    for (const UnitState& u : unary) {
        EXPECT_EQ(u.tally.failed(), 0u) << u.impl << " x " << u.input_class;
        ftz_changed += u.tally.ftz_changed.count;
    }
    EXPECT_GT(ftz_changed, 0u);
    const auto binary = run(dir.path("binary.db"),
                            spec_of({"div32.div", "div32.div_ftz"}, {"random", "normal", "subnormal", "specials"},
                                    uint64_t{1} << 22),
                            make_gpu_backend({}, 0, 0), &status);
    EXPECT_EQ(status, kExitClean);
    for (const UnitState& u : binary) EXPECT_EQ(u.tally.failed(), 0u) << u.impl << " x " << u.input_class;
}

TEST(GpuBinary32, FtzBuildsOfErrorFreeTransformsDifferOnlyNearUnderflow) {
    FPV_NEEDS_GPU();
    TempDir dir;
    const auto units = run(dir.path("eft.db"),
                           spec_of({"eft_add.two_sum", "eft_add.two_sum_ftz", "eft_mul.two_prod_fma",
                                    "eft_mul.two_prod_fma_ftz"},
                                   {"random", "subnormal_lo"}, uint64_t{1} << 20),
                           make_gpu_backend({}, 0, 0));
    const auto find = [&](const std::string& impl, const std::string& cls) -> const UnitState& {
        for (const UnitState& u : units) {
            if (u.impl == impl && u.input_class == cls) return u;
        }
        throw std::logic_error("no unit " + impl + " x " + cls);
    };
    for (const std::string base : {"eft_add.two_sum", "eft_mul.two_prod_fma"}) {
        const UnitState& ieee = find(base, "random");
        const UnitState& ftz = find(base + "_ftz", "random");
        EXPECT_EQ(ieee.tally.by_category, ftz.tally.by_category) << base;
        EXPECT_EQ(ieee.tally.failed(), 0u) << base;
        EXPECT_GT(find(base + "_ftz", "subnormal_lo").tally.ftz_changed.count, 0u) << base;
    }
}

}  // namespace
}  // namespace fpv
