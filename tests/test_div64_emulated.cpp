// The emulated divisions and the host model of rcp.approx.ftz.f64.
#include <gtest/gtest.h>

#include <cmath>

#include "corpus/class_catalogue.h"
#include "kernels/div64_emulated.h"
#include "reference/mpfr_binary64.h"

namespace fpv {
namespace {

bool same(uint64_t a, uint64_t b) { return a == b || (b64::is_nan(a) && b64::is_nan(b)); }

TEST(RcpApproxModel, HonoursTheInstructionContract) {
    const InputSet set = resolve_class("normal", OpId::div64, 5);
    for (uint64_t i = 0; i < 100000; ++i) {
        const uint64_t x = set.input(i).a;
        const uint64_t r = rcp_approx_ftz_f64_model(x);
        // Reads only the high word.
        ASSERT_EQ(r, rcp_approx_ftz_f64_model((x & 0xffffffff00000000ull) | ((i * 0x9e3779b9u) & 0xffffffffu)));
        // Writes only the high word.
        ASSERT_EQ(r & 0xffffffffull, 0u);
        const double exact = 1.0 / double_of(x);
        if (b64::exponent_field(bits_of(exact)) == 0) {
            ASSERT_EQ(r & ~b64::kSign, 0u) << "subnormal results are flushed";
            continue;
        }
        const double rel = std::fabs(double_of(r) - exact) / std::fabs(exact);
        ASSERT_LT(rel, 0x1.9p-20) << std::hex << x;
    }
    // Subnormal operands read as zero; zeros and infinities swap; NaN stays NaN.
    EXPECT_EQ(rcp_approx_ftz_f64_model(0x000fffffffffffffull), 0x7ff0000000000000ull);
    EXPECT_EQ(rcp_approx_ftz_f64_model(0x8000000000000001ull), 0xfff0000000000000ull);
    EXPECT_EQ(rcp_approx_ftz_f64_model(0xfff0000000000000ull), 0x8000000000000000ull);
    EXPECT_TRUE(b64::is_nan(rcp_approx_ftz_f64_model(0x7ff8000000000000ull)));
    EXPECT_EQ(rcp_approx_ftz_f64_model(0x3ff0000000000000ull), 0x3ff0000000000000ull);
}

TEST(EmulatedDivision, NewtonRaphsonVariantIsCorrectlyRoundedOnSamplesOfEveryClass) {
    Binary64Divider d;
    for (const ClassInfo& c : builtin_classes()) {
        const InputSet set = resolve_class(c.name, OpId::div64, 9);
        for (uint64_t i = 0; i < std::min<uint64_t>(set.size, 20000); ++i) {
            const Operands in = set.input(i);
            ASSERT_TRUE(same(div64::emu_nr(in.a, in.b), d.quotient(in.a, in.b)))
                << c.name << std::hex << " " << in.a << " / " << in.b;
        }
    }
}

TEST(EmulatedDivision, SpecialOperandsFollowThePublishedRules) {
    for (auto divide : {div64::emu_nr, div64::emu_halley}) {
        EXPECT_EQ(divide(0x7ff0000000000001ull, 0x3ff0000000000000ull), 0x7ff8000000000001ull);
        EXPECT_EQ(divide(0x3ff0000000000000ull, 0xfff4000000000000ull), 0xfffc000000000000ull);
        EXPECT_EQ(divide(0, 0x8000000000000000ull), 0xfff8000000000000ull);
        EXPECT_EQ(divide(0x7ff0000000000000ull, 0x7ff0000000000000ull), 0xfff8000000000000ull);
        EXPECT_EQ(divide(0x8000000000000000ull, 0x3ff0000000000000ull), 0x8000000000000000ull);
        EXPECT_EQ(divide(0xbff0000000000000ull, 0), 0xfff0000000000000ull);
    }
}

TEST(EmulatedDivision, HalleyVariantFailsOnOrdinaryOperands) {
    // The published default is expected to be wrong on a sizeable share of random normal
    // operands; the verifier must see it (the size of the share depends on the rcp model).
    Binary64Divider d;
    const InputSet set = resolve_class("normal", OpId::div64, 1);
    int wrong = 0;
    for (uint64_t i = 0; i < 20000; ++i) {
        const Operands in = set.input(i);
        wrong += !same(div64::emu_halley(in.a, in.b), d.quotient(in.a, in.b));
    }
    EXPECT_GT(wrong, 100);
}

}  // namespace
}  // namespace fpv
