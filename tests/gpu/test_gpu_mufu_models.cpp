// The host models of rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 against the instructions.
#include <fstream>

#include "core/mufu_model_derivation.h"
#include "core/rcp_approx.h"
#include "core/rsqrt_approx.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

void expect_rederived(const std::string& table, MufuInstruction instruction, const uint64_t* shipped, uint32_t words) {
    const MufuModelDerivation again = derive_mufu_model(read_mufu_table(table, instruction), instruction);
    ASSERT_TRUE(again.problems.empty()) << again.problems.front();
    ASSERT_EQ(again.correction.size(), words);
    for (uint32_t w = 0; w < words; ++w) ASSERT_EQ(again.correction[w], shipped[w]) << table << " word " << w;
}

TEST(GpuMufuModels, IdenticalToTheInstructionsOnEveryHighWordAndOnRandomOperands) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    // The tables, all 2^32 operand high words, and 2^27 (> 10^8) random full operands, each.
    EXPECT_EQ(mufu_dump(dir.dir(), 0, uint64_t{1} << 27), 0) << testing::read_file(dir.path("rcp_summary.txt"))
                                                             << testing::read_file(dir.path("rsqrt_summary.txt"));
    for (const char* name : {"rcp", "rsqrt"}) {
        const std::string summary = testing::read_file(dir.path(std::string(name) + "_summary.txt"));
        EXPECT_NE(summary.find("random full operands: 134217728 checked, 0 differ"), std::string::npos) << summary;
        EXPECT_NE(summary.find("operand high words (low word 0): 4294967296 checked, 0 differ"), std::string::npos)
            << summary;
    }
    // The dumped tables derive the shipped models again, bit for bit.
    expect_rederived(dir.path("rcp_mantissa_table.bin"), MufuInstruction::rcp, kRcpSm90Correction,
                     kRcpCorrectionWords);
    expect_rederived(dir.path("rsqrt_mantissa_table.bin"), MufuInstruction::rsqrt, kRsqrtSm90Correction,
                     kRsqrtCorrectionWords);
}

TEST(GpuMufuModels, MantissaCheckAtBackendStartFindsNoMismatch) {
    FPV_NEEDS_GPU();
    const MufuMismatches m = mufu_mantissa_mismatches(0);
    EXPECT_EQ(m.rcp, 0u);
    EXPECT_EQ(m.rsqrt, 0u);
}

}  // namespace
}  // namespace fpv
