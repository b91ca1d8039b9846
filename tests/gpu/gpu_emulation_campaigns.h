// What the GPU tests of the emulations (tests/gpu/test_gpu_int_emulation.cpp and
// test_gpu_mufu_emulations.cpp) share: each op's four emulations ("<op>.emu", "emu_rz", "emu_ru",
// "emu_rd") run on the GPU over the op's classes with --strict-nan, one database for all, which
// must come out clean.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "ops/binary64/emulation.h"
#include "ops/catalogue.h"
#include "tests/test_support.h"

namespace fpv::testing {

struct GpuEmulationCampaign {
    const char* op;
    std::string classes, count, reference;
};

inline void expect_clean_gpu_emulation_campaigns(std::initializer_list<GpuEmulationCampaign> campaigns) {
    TempDir dir;
    const std::string db = dir.path("emulations.db");
    for (const GpuEmulationCampaign& c : campaigns) {
        std::string impls;
        for (const std::string_view variant : binary64_emulation::kVariants) {
            const ImplInfo& impl = impl_named(std::string(c.op) + "." + std::string(variant));
            ASSERT_TRUE(impl.runs_on_gpu()) << impl.name;
            impls += (impls.empty() ? "" : ",") + impl.name;
        }
        const CommandResult run =
            run_fpverify({"run", "--db", db, "--impl", impls, "--classes", c.classes, "--count", c.count, "--backend",
                          "gpu", "--reference", c.reference, "--strict-nan", "--no-progress", "--quiet"});
        EXPECT_EQ(run.status, 0) << c.op << run.out << run.err;
    }
    const CommandResult q = run_fpverify({"query", "--db", db, "--format", "csv",
                                          "SELECT sum(failed), sum(reference_disagreements), count(DISTINCT impl) "
                                          "FROM units"});
    EXPECT_TRUE(contains(q.out, "\n0,0," + std::to_string(4 * campaigns.size()) + "\n")) << q.out;
}

}  // namespace fpv::testing
