// The host model of rcp.approx.ftz.f64 against the instruction itself.
#include <fstream>

#include "core/rcp_approx.h"
#include "core/rcp_model_derivation.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

TEST(GpuRcpModel, IdenticalToTheInstructionOnEveryHighWordAndOnRandomOperands) {
    FPV_NEEDS_GPU();
    testing::TempDir dir;
    // All 2^20 mantissas, all 2^32 operand high words, and 2^27 (> 10^8) random full operands.
    EXPECT_EQ(mufu_dump(dir.dir(), 0, uint64_t{1} << 27), 0) << testing::read_file(dir.path("rcp_summary.txt"));
    const std::string summary = testing::read_file(dir.path("rcp_summary.txt"));
    EXPECT_NE(summary.find("random full operands: 134217728 checked, 0 differ"), std::string::npos) << summary;
    EXPECT_NE(summary.find("operand high words (low word 0): 4294967296 checked, 0 differ"), std::string::npos);
    // The dumped table derives the shipped model again, bit for bit.
    const RcpModelDerivation again = derive_rcp_model(read_rcp_table(dir.path("rcp_mantissa_table.bin")));
    ASSERT_TRUE(again.problems.empty());
    for (uint32_t w = 0; w < kRcpCorrectionWords; ++w) ASSERT_EQ(again.correction[w], kRcpSm90Correction[w]) << w;
}

TEST(GpuRcpModel, MantissaCheckAtBackendStartFindsNoMismatch) {
    FPV_NEEDS_GPU();
    EXPECT_EQ(mufu_mantissa_mismatches(0), 0u);
}

}  // namespace
}  // namespace fpv
