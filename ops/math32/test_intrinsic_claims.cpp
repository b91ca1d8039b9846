// CUDA's intrinsics are held to the Math API's statements, which vary with the input: a bound in
// ulps that grows with |x| (__expf), an absolute error on a range (__logf on [0.5, 2], __sinf on
// [-pi, pi]) and nothing claimed beyond it (__sinf) or anywhere (__tanf, __powf), or a relative
// error (__tanhf, from the PTX ISA's tanh.approx.f32): results where nothing is claimed
// are measured and counted as unclaimed, never failures, but for a NaN where a number is due.
// The host judges any result of them (the functions run on the GPU only).
#include <gtest/gtest.h>

#include "ops/judge.h"
#include "ops/math32/intrinsic_claims.h"

namespace fpv {
namespace {

Verdict judged(const char* impl, const Operands& in, uint64_t result) {
    Judge judge(*find_impl(impl), ReferenceMode::mpfr);
    return judge(in, result);
}

// A binary32 pattern `steps` numbers above `bits` (same sign, finite).
uint64_t above(uint64_t bits, int steps) { return bits + static_cast<uint64_t>(steps); }

TEST(IntrinsicClaims, TheClaimAtAnInputIsTheMathApisStatement) {
    using namespace math32::intrinsic;
    const auto at = [](auto rule, uint32_t x) { return decltype(rule)::at(Operands{x, 0, 0}); };
    EXPECT_EQ(at(ExpClaim{}, 0x41200000u).value, 13.0);  // x = 10: 2 + floor(11.73)
    EXPECT_EQ(at(ExpClaim{}, 0xc1200000u).value, 13.0);
    EXPECT_EQ(at(Exp10Claim{}, 0x40400000u).value, 10.0);  // x = 3: 2 + floor(8.91)
    EXPECT_EQ(at(LogClaim{}, 0x3fc00000u).kind, ClaimAt::Kind::absolute);  // 1.5
    EXPECT_EQ(at(LogClaim{}, 0x40000000u).kind, ClaimAt::Kind::absolute);  // 2, the range's end
    EXPECT_EQ(at(LogClaim{}, 0x40000001u).kind, ClaimAt::Kind::ulps);
    EXPECT_EQ(at(LogClaim{}, 0x40000001u).value, 3.0);
    EXPECT_EQ(at(Log2Claim{}, 0x3effffffu).value, 2.0);  // just below 0.5
    // The binary32 below pi lies in [-pi, pi], pi rounded (above pi) does not.
    EXPECT_EQ(at(SinClaim{}, 0x40490fdau).kind, ClaimAt::Kind::absolute);
    EXPECT_EQ(at(SinClaim{}, 0xc0490fdau).kind, ClaimAt::Kind::absolute);
    EXPECT_EQ(at(SinClaim{}, 0x40490fdbu).kind, ClaimAt::Kind::none);
    EXPECT_EQ(at(CosClaim{}, 0x40490fdau).value, kCosfAbsolute);
    EXPECT_EQ(at(NoClaim{}, 0x3f800000u).kind, ClaimAt::Kind::none);
    EXPECT_EQ(at(TanhClaim{}, 0x3f000000u).kind, ClaimAt::Kind::relative);  // the PTX ISA's 2^-11
    EXPECT_EQ(at(TanhClaim{}, 0x3f000000u).value, 0x1p-11);
    // The catalogue hands the claim to the verdicts.
    EXPECT_NE(find_impl("exp32.__expf")->spec.claim_at, nullptr);
    EXPECT_NE(find_impl("pow32.powf_fast_math")->spec.claim_at, nullptr);
    EXPECT_FALSE(find_impl("sin32.__sinf")->spec.ftz);  // nvcc's defaults: subnormals kept (sm_90)
    EXPECT_TRUE(find_impl("sin32.sinf_fast_math")->spec.ftz);
    EXPECT_FALSE(find_impl("tanh32.tanhf_fast_math")->spec.ftz);  // tanh.approx.f32 keeps subnormals
    EXPECT_EQ(find_impl("exp32.expf")->spec.claim_at, nullptr);
}

TEST(IntrinsicClaims, ResultsAreJudgedByTheClaimAtTheirInput) {
    // __expf at x = 3 (e^3 = 20.0855...): 2 + floor(3.519) = 5 binary32 numbers allowed.
    const uint64_t e3 = 0x41a0af2eu;  // e^3 correctly rounded
    EXPECT_EQ(judged("exp32.__expf", {0x40400000u, 0, 0}, e3).category, Category::exact);
    EXPECT_EQ(judged("exp32.__expf", {0x40400000u, 0, 0}, above(e3, 5)).category, Category::within_bound);
    EXPECT_TRUE(judged("exp32.__expf", {0x40400000u, 0, 0}, above(e3, 6)).failed());
    // __logf at x = 1.5: absolute 2^-21.41 (3.59e-7); ln 1.5 = 0.405..., whose ulp is 2^-25, so
    // 12 numbers away is 3.58e-7 and 13 are 3.87e-7.
    const uint64_t ln15 = 0x3ecf991fu;
    EXPECT_EQ(judged("log32.__logf", {0x3fc00000u, 0, 0}, above(ln15, 12)).category, Category::within_bound);
    EXPECT_TRUE(judged("log32.__logf", {0x3fc00000u, 0, 0}, above(ln15, 13)).failed());
    // __sinf at x = 10 claims nothing: any finite value is measured and unclaimed.
    const Verdict far = judged("sin32.__sinf", {0x41200000u, 0, 0}, 0x3f000000u);
    EXPECT_EQ(far.category, Category::unclaimed);
    EXPECT_FALSE(far.failed());
    EXPECT_GT(far.error, 1e6);
    // A flush-to-zero build has no subnormals: the least normal is the next number after 0. e^x
    // at x = -87.3365 lies just below 2^-126 and flushes to 0; the least normal is one step away,
    // within 2 + floor(1.173 * 87.34) = 104.
    EXPECT_EQ(judged("exp32.expf_fast_math", {0xc2aeac50u, 0, 0}, 0x00800000u).category, Category::within_bound);
    EXPECT_EQ(judged("exp32.expf_fast_math", {0xc2aeac50u, 0, 0}, 0x00800000u).steps, 1);
    // __tanhf at x = 0.5 (tanh 0.5 = 0.4621...): relative 2^-11, 2.256e-4, is 7571.3 numbers of
    // 2^-25 away from the exact value, which lies 0.27 of one below the correctly rounded result.
    const uint64_t tanh_half = 0x3eec9a9fu;
    EXPECT_EQ(judged("tanh32.__tanhf", {0x3f000000u, 0, 0}, above(tanh_half, 7571)).category,
              Category::within_bound);
    EXPECT_TRUE(judged("tanh32.__tanhf", {0x3f000000u, 0, 0}, above(tanh_half, 7572)).failed());
    EXPECT_EQ(judged("tanh32.tanhf_fast_math", {0x3f000000u, 0, 0}, tanh_half - 7000).category,
              Category::within_bound);
    // __tanf and __powf claim nothing anywhere, but a NaN for a number still fails.
    EXPECT_EQ(judged("tan32.__tanf", {0x3f800000u, 0, 0}, 0x3fc75923u + 40).category, Category::unclaimed);
    EXPECT_TRUE(judged("pow32.__powf", {0xc0000000u, 0x40000000u, 0}, 0x7fc00000u).failed());  // (-2)^2 = 4
}

}  // namespace
}  // namespace fpv
