// The float-float impls and their judge, against exact rational arithmetic and hand-worked cases.
#include <gtest/gtest.h>
#include <gmpxx.h>

#include <cmath>

#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/judge.h"

namespace fpv {
namespace {

mpq_class exact(float f) {
    mpq_class q;
    mpq_set_d(q.get_mpq_t(), static_cast<double>(f));
    return q;
}

mpq_class value(ff::Pair p) { return exact(p.hi) + exact(p.lo); }

TEST(FloatFloatImpls, ErrorFreeTransformationsAreExactOnRandomOperands) {
    const InputSet set = resolve_class("random", op_id<op::eft_add>(), 8);
    for (uint64_t i = 0; i < 50000; ++i) {
        const Operands in = set.input(i);
        const float a = ff::single(in.a), b = ff::single(in.b);
        ASSERT_EQ(value(ff::two_sum(a, b)), exact(a) + exact(b));
        ASSERT_EQ(value(ff::two_prod_split(a, b)), exact(a) * exact(b));
        ASSERT_EQ(value(ff::two_prod_fma(a, b)), exact(a) * exact(b));
        const ff::Pair s = ff::split(a);
        ASSERT_EQ(value(s), exact(a));
        ASSERT_TRUE(ffv::fits_in_bits(s.hi, 12) && ffv::fits_in_bits(s.lo, 12)) << a;
        if (std::fabs(a) >= std::fabs(b)) {
            ASSERT_EQ(value(ff::fast_two_sum(a, b)), exact(a) + exact(b));
        }
    }
}

TEST(FloatFloatImpls, FastTwoSumNeedsItsOrdering) {
    // |a| < |b| with a's low bits lost: Fast2Sum is no longer exact, 2Sum still is.
    const float a = 0x1.000002p-30f, b = 1.0f;
    EXPECT_NE(value(ff::fast_two_sum(a, b)), exact(a) + exact(b));
    EXPECT_EQ(value(ff::two_sum(a, b)), exact(a) + exact(b));
}

TEST(FloatFloatImpls, AlgorithmsThatMustAgreeDo) {
    // Mul22 with Add12(t1, t3) performs JMP17 Algorithm 10's operations; Dekker's product and
    // Fast2Mult are both exact, so the choice of 2Prod changes nothing.
    const InputSet mul = resolve_class("random", op_id<op::ff_mul>(), 4);
    const InputSet div = resolve_class("random", op_id<op::ff_div_f>(), 4);
    for (uint64_t i = 0; i < 20000; ++i) {
        const Operands m = mul.input(i);
        const ff::Pair x = ff::unpack(m.a), y = ff::unpack(m.b);
        ASSERT_EQ(ff::pack(ff::mul22_2006_corrected(x, y)), ff::pack(ff::dw_times_dw1<true>(x, y)));
        ASSERT_EQ(ff::pack(ff::dw_times_dw1<false>(x, y)), ff::pack(ff::dw_times_dw1<true>(x, y)));
        const Operands d = div.input(i);
        ASSERT_EQ(ff::DivFp3Fma::run(d.a, d.b), ff::DivFp3Dekker::run(d.a, d.b));
    }
}

// The judge of an impl, named as the command line names it.
Judge judge(const char* name) { return Judge(impl_named(name)); }

Operands pairs(ff::Pair x, ff::Pair y) { return {ff::pack(x), ff::pack(y), 0}; }

// MPFR's measure of `result` of Op on `in`.
template <class Op>
FloatFloatMeasure measure(const Operands& in, uint64_t result) {
    MpfrReference reference;
    return reference.measure<typename Op::reference>(ffv::components<Op>(in), result);
}

TEST(FloatFloatJudge, RelativeErrorIsExactOnHandWorkedCases) {
    // (1 + 0) + (2^-30 + 0): the exact sum is 1 + 2^-30.
    const Operands in = pairs({1.0f, 0.0f}, {0x1p-30f, 0.0f});
    const auto exact_result = measure<op::ff_add>(in, ff::pack({1.0f, 0x1p-30f}));
    EXPECT_TRUE(exact_result.error_is_zero);
    // Answering 1 misses 2^-30 of 1 + 2^-30: 2^18 / (1 + 2^-30) units of u^2.
    const auto dropped = measure<op::ff_add>(in, ff::pack({1.0f, 0.0f}));
    EXPECT_DOUBLE_EQ(dropped.error_u2, 0x1p18 / (1 + 0x1p-30));
    // Division: 1 / 3 answered with RN(1/3) alone: error |3 RN(1/3) - 1| / 1.
    const float third = 1.0f / 3.0f;
    const auto q = measure<op::ff_div_f>({ff::pack({1.0f, 0.0f}), bits_of(3.0f), 0}, ff::pack({third, 0.0f}));
    EXPECT_DOUBLE_EQ(q.error_u2, std::fabs(3.0 * third - 1.0) * 0x1p48);
}

TEST(FloatFloatJudge, SloppyAdditionLosesEverythingUnderCancellation) {
    // x = 1 + 2^-25, y = -1 + 2^-50: x + y = 2^-25 + 2^-50. The sloppy sum rounds the low parts
    // together first and returns 2^-25; the accurate one is exact.
    const Operands in = pairs({1.0f, 0x1p-25f}, {-1.0f, 0x1p-50f});
    const Verdict sloppy = judge("ff_add.sloppy")(in, ff::Sloppy::run(in.a, in.b));
    EXPECT_EQ(sloppy.category, Category::unclaimed);  // no bound is claimed
    EXPECT_NEAR(sloppy.error, 0x1p23, 1.0);            // 2^-25 relative
    const Verdict accurate = judge("ff_add.accurate")(in, ff::Accurate::run(in.a, in.b));
    EXPECT_EQ(accurate.category, Category::within_bound);
    EXPECT_EQ(accurate.error, 0.0);
}

TEST(FloatFloatJudge, CategoriesAndDomain) {
    Judge accurate = judge("ff_add.accurate");
    const Operands in = pairs({1.0f, 0.0f}, {0x1p-30f, 0.0f});
    EXPECT_EQ(accurate(in, ff::pack({1.0f, 0.0f})).category, Category::above_bound);
    // 1 + 2^-23 is odd, and 2^-24 rounds it up: not a normalised pair.
    const Operands odd = pairs({1.0f + 0x1p-23f, 0.0f}, {0x1p-24f, 0.0f});
    EXPECT_EQ(accurate(odd, ff::pack({1.0f + 0x1p-23f, 0x1p-24f})).category,
              Category::not_normalized);
    // An exact sum of zero must come out as zero.
    const Operands zero = pairs({1.0f, 0.0f}, {-1.0f, 0.0f});
    const Verdict spurious = accurate(zero, ff::pack({0x1p-40f, 0.0f}));
    EXPECT_EQ(spurious.category, Category::above_bound);
    EXPECT_TRUE(std::isinf(spurious.error));
    // Outside the domain: operands too small, a NaN, an unnormalised operand, Fast2Sum's order.
    EXPECT_EQ(accurate(pairs({0x1p-40f, 0.0f}, {1.0f, 0.0f}), 0).category,
              Category::outside_domain);
    EXPECT_EQ(accurate(pairs({NAN, 0.0f}, {1.0f, 0.0f}), 0).category,
              Category::outside_domain);
    EXPECT_EQ(accurate(pairs({1.0f, 0x1p-10f}, {1.0f, 0.0f}), 0).category,
              Category::outside_domain);
    const Operands unordered = {bits_of(0.5f), bits_of(1.0f), 0};
    EXPECT_EQ(judge("eft_add.fast_two_sum")(unordered, ff::FastTwoSum::run(unordered.a, unordered.b))
                  .category,
              Category::outside_domain);
    EXPECT_EQ(judge("eft_add.two_sum")(unordered, ff::TwoSum::run(unordered.a, unordered.b)).category,
              Category::within_bound);
    // An error-free transformation that is not exact.
    EXPECT_EQ(judge("eft_add.two_sum")(unordered, ff::pack({1.5f, 0x1p-20f})).category,
              Category::not_exact);
    // The printed Mul22 drops the cross terms: far above its claimed 2^-44.
    const Operands m = pairs({1.0f + 0x1p-20f, 0x1p-26f}, {3.0f, 0x1p-24f});
    const Verdict printed = judge("ff_mul.mul22")(m, ff::Mul22::run(m.a, m.b));
    EXPECT_EQ(printed.category, Category::above_bound);
    EXPECT_GT(printed.error, 1e6);
    EXPECT_EQ(judge("ff_mul.mul22_corrected")(m, ff::Mul22Corrected::run(m.a, m.b)).category,
              Category::within_bound);
}

}  // namespace
}  // namespace fpv
