// The host models of the GPU's approximate reciprocals (core/rcp_approx.h, core/rsqrt_approx.h)
// and their derivation from dumps (core/mufu_model_derivation.h). That the models equal the
// instructions is shown on the GPU (tests/gpu/test_gpu_mufu_models.cpp); here, what the CPU can
// show: the values read off the device, the error bound, and derivation and model agreeing.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "core/mufu_model_derivation.h"
#include "core/rcp_approx.h"
#include "core/rsqrt_approx.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

TEST(RsqrtApproxModel, ReproducesValuesReadOffAnH100) {
    // Operands and results of rsqrt.approx.ftz.f64 on an NVIDIA H100 (sm_90), 2026-11-23
    // (docs/rsqrt_approx_model.md).
    const std::pair<uint64_t, uint64_t> seen[] = {
        {0x3ff0000000000000ull, 0x3ff0000000000000ull}, {0x3ff0000100000000ull, 0x3feffffe00000000ull},
        {0x3ff0000200000000ull, 0x3feffffd00000000ull}, {0x3ff6a09e00000000ull, 0x3feae89f00000000ull},
        {0x3ff8000000000000ull, 0x3fea20bd00000000ull}, {0x3fffffff00000000ull, 0x3fe6a09e00000000ull},
        {0x3fe0000000000000ull, 0x3ff6a09e00000000ull}, {0x3fe0000100000000ull, 0x3ff6a09d00000000ull},
        {0x3fe8000000000000ull, 0x3ff279a700000000ull}, {0x3fefffff00000000ull, 0x3ff0000000000000ull},
        {0x0000000000000000ull, 0x7ff0000000000000ull}, {0x0001000000000000ull, 0x7ff0000000000000ull},
        {0x8000000000000000ull, 0xfff0000000000000ull}, {0x800f000000000000ull, 0xfff0000000000000ull},
        {0x7ff0000000000000ull, 0x0000000000000000ull}, {0x7ff0000100000000ull, 0x7fffffff00000000ull},
        {0x7ff8000000000000ull, 0x7fffffff00000000ull}, {0x8010000000000000ull, 0x7fffffff00000000ull},
        {0x804d000000000000ull, 0x7fffffff00000000ull}};
    for (const auto& [operand, result] : seen) {
        EXPECT_EQ(rsqrt_approx_ftz_f64_model(operand), result) << std::hex << operand;
    }
}

TEST(RsqrtApproxModel, ScalesByPowersOfFourWithinTheMeasuredErrorAndReadsOnlyTheHighWord) {
    double worst = 0;
    for (uint32_t i = 0; i < (2u << 20); ++i) {
        const uint32_t field = i < (1u << 20) ? 0x3ff : 0x3fe;
        const uint64_t x = static_cast<uint64_t>((field << 20) | (i & 0xfffffu)) << 32;
        const uint64_t r = rsqrt_approx_ftz_f64_model(x);
        ASSERT_EQ(r & 0xffffffffull, 0u);
        ASSERT_EQ(r, rsqrt_approx_ftz_f64_model(x | (i * 2654435761u)));
        const double exact = 1.0 / std::sqrt(double_of(x));
        worst = std::max(worst, std::fabs(double_of(r) - exact) / exact);
        // 4^k x gives 2^-k times the result, across the whole exponent range.
        for (const int k : {-510, -300, -1, 1, 300, 511}) {
            const uint64_t scaled = x + (static_cast<uint64_t>(static_cast<int64_t>(2 * k)) << 52);
            ASSERT_EQ(rsqrt_approx_ftz_f64_model(scaled), r - (static_cast<uint64_t>(static_cast<int64_t>(k)) << 52))
                << std::hex << scaled;
        }
    }
    EXPECT_LT(worst, std::ldexp(1.0, -20));
    EXPECT_GT(worst, std::exp2(-20.1));
}

// A table the model itself produces derives the shipped correction bits again: the derivation
// and the model read the bits the same way.
template <class Model>
std::vector<uint32_t> table_of(MufuInstruction instruction, Model model) {
    std::vector<uint32_t> table(mufu_table_entries(instruction));
    for (uint32_t i = 0; i < table.size(); ++i) {
        const uint32_t field = i < (1u << 20) ? 0x3ff : 0x3fe;
        table[i] = static_cast<uint32_t>(model(static_cast<uint64_t>((field << 20) | (i & 0xfffffu)) << 32) >> 32);
    }
    return table;
}

TEST(MufuModelDerivation, DerivesTheShippedTablesFromTheModelsResults) {
    const auto rcp = derive_mufu_model(table_of(MufuInstruction::rcp, rcp_approx_ftz_f64_model), MufuInstruction::rcp);
    ASSERT_TRUE(rcp.problems.empty()) << rcp.problems.front();
    EXPECT_EQ(rcp.correction, std::vector<uint64_t>(kRcpSm90Correction, kRcpSm90Correction + kRcpCorrectionWords));
    EXPECT_EQ(rcp.corrected, 72677u);
    const auto rsqrt =
        derive_mufu_model(table_of(MufuInstruction::rsqrt, rsqrt_approx_ftz_f64_model), MufuInstruction::rsqrt);
    ASSERT_TRUE(rsqrt.problems.empty()) << rsqrt.problems.front();
    EXPECT_EQ(rsqrt.correction,
              std::vector<uint64_t>(kRsqrtSm90Correction, kRsqrtSm90Correction + kRsqrtCorrectionWords));
    EXPECT_EQ(rsqrt.corrected, 930909u);
}

TEST(MufuModelDerivation, RefusesTablesTheStructureCannotExpress) {
    auto table = table_of(MufuInstruction::rsqrt, rsqrt_approx_ftz_f64_model);
    table[12345] -= 2;                  // two below the nearest: no correction bit says that
    table[(1u << 20) + 7] += 1 << 20;   // the wrong binade
    const auto d = derive_mufu_model(table, MufuInstruction::rsqrt);
    ASSERT_EQ(d.problems.size(), 2u);
    EXPECT_NE(d.problems[0].find("entry 0x003039"), std::string::npos) << d.problems[0];
    EXPECT_NE(d.problems[1].find("exponent"), std::string::npos) << d.problems[1];
    table.pop_back();
    EXPECT_FALSE(derive_mufu_model(table, MufuInstruction::rsqrt).problems.empty());
}

// The command line: `mufu-model --instruction rsqrt` writes the shipped source's words from a
// table of the model's results, and refuses an instruction it does not know or a short table.
TEST(MufuModelDerivation, TheCommandWritesTheShippedRsqrtTable) {
    testing::TempDir dir;
    const auto table = table_of(MufuInstruction::rsqrt, rsqrt_approx_ftz_f64_model);
    {
        std::ofstream out(dir.path("rsqrt.bin"), std::ios::binary);
        for (uint32_t t : table) {
            const char bytes[4] = {static_cast<char>(t), static_cast<char>(t >> 8), static_cast<char>(t >> 16),
                                   static_cast<char>(t >> 24)};
            out.write(bytes, 4);
        }
    }
    const auto made = testing::run_fpverify({"mufu-model", "--instruction", "rsqrt", "--table", dir.path("rsqrt.bin"),
                                             "--out", dir.path("rsqrt.cpp"), "--provenance", "a test"});
    ASSERT_EQ(made.status, 0) << made.err;
    const std::string source = testing::read_file(dir.path("rsqrt.cpp"));
    EXPECT_TRUE(testing::contains(source, "kRsqrtSm90Correction[kRsqrtCorrectionWords]"));
    EXPECT_TRUE(testing::contains(source, "930909 of 2097152 entries corrected"));
    char last[40];
    std::snprintf(last, sizeof last, "0x%016llx,\n};",
                  static_cast<unsigned long long>(kRsqrtSm90Correction[kRsqrtCorrectionWords - 1]));
    EXPECT_TRUE(testing::contains(source, last)) << last;

    const auto unknown = testing::run_fpverify(
        {"mufu-model", "--instruction", "exp2", "--table", dir.path("rsqrt.bin"), "--out", dir.path("x.cpp")});
    EXPECT_EQ(unknown.status, 2);
    EXPECT_TRUE(testing::contains(unknown.err, "neither rcp nor rsqrt")) << unknown.err;
    const auto as_rcp = testing::run_fpverify(
        {"mufu-model", "--instruction", "rcp", "--table", dir.path("rsqrt.bin"), "--out", dir.path("x.cpp")});
    EXPECT_EQ(as_rcp.status, 2);
    EXPECT_TRUE(testing::contains(as_rcp.err, "exactly 1048576")) << as_rcp.err;
    EXPECT_FALSE(testing::file_exists(dir.path("x.cpp")));
}

}  // namespace
}  // namespace fpv
