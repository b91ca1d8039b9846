// A gemm64 campaign for the GPU tests: its spec, and the units it stored when run on a backend.
#pragma once

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "store/store.h"
#include "tests/test_support.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/engine/engine.h"
#include "verifier/gpu/backend.h"

namespace fpv::testing {

inline CampaignSpec gemm_spec(const std::vector<std::string>& impls, const std::vector<std::string>& classes,
                              uint64_t count, const std::string& backend, ReferenceMode reference) {
    CampaignSpec spec;
    spec.name = "gemm";
    spec.impls = impls;
    spec.classes = classes;
    spec.count = count;
    spec.seed = 2026;
    spec.backend = backend;
    spec.reference = reference;
    spec.limits = {8, 200};
    return spec;
}

inline std::vector<UnitState> run_gemm_campaign(const std::string& db, const CampaignSpec& spec, Backend& backend) {
    PreparedCampaign p = prepare_campaign(spec);
    Store store(db, Store::Mode::read_write);
    CampaignRecord c;
    c.spec = p.spec;
    c.id = store.create_campaign(p.spec, p.units, "test", "test", backend.describe());
    execute_campaign(store, c, p.units, p.inputs, backend, {false, true, std::nullopt});
    return store.units(c.id);
}

// On the GPU backend, under the fast reference; `batch` 0: the backend's adaptive batches.
inline std::vector<UnitState> run_gemm_campaign(const std::string& db, const std::vector<std::string>& impls,
                                                const std::vector<std::string>& classes, uint64_t count,
                                                uint64_t batch = 0) {
    const std::unique_ptr<Backend> backend = make_gpu_backend({}, 0, batch);
    return run_gemm_campaign(db, gemm_spec(impls, classes, count, "gpu", ReferenceMode::fast), *backend);
}

// Which parts of two tallies differ, by name (a Tally's == says only that they do).
inline std::string tally_differences(const Tally& a, const Tally& b) {
    std::string out;
    const auto note = [&](bool same, const char* what) {
        if (!same) out += std::string(out.empty() ? "" : ", ") + what;
    };
    note(a.tested == b.tested, "tested");
    note(a.by_category == b.by_category, "by_category");
    note(a.error_histogram == b.error_histogram, "error_histogram");
    note(a.worst == b.worst, "worst");
    note(a.outside_histogram == b.outside_histogram, "outside_histogram");
    note(a.outside_worst == b.outside_worst, "outside_worst");
    note(a.failures == b.failures, "failures");
    note(a.reference_disagreements == b.reference_disagreements, "reference_disagreements");
    std::apply([&](const auto&... x) {
        std::apply([&](const auto&... y) { (note(x == y, x.table.name.data()), ...); }, b.statistics());
    }, a.statistics());
    return out;
}

}  // namespace fpv::testing
