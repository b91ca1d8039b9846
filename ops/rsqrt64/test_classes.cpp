// Every rsqrt64 input class against its documented guarantee, proven per input in exact
// arithmetic (GMP; 1/sqrt(x) is known by its exact square 1/x), with MPFR's rec_sqrt showing
// the consequences for rounding.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <set>

#include "ops/rsqrt64/rsqrt64.h"
#include "tests/class_checks.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"
#include "tests/shapes/root_class_tests.h"

namespace fpv {
namespace {

using namespace testing;
using namespace testing::root_classes;

// 1/sqrt(x) is known by its exact square 1/x.
const Root kRsqrt{mpfr_rec_sqrt, [](uint64_t x) -> mpq_class { return 1 / exact_value(x); }, 1};

uint64_t mpfr_rsqrt64(uint64_t x, mpfr_rnd_t rnd) { return correctly_rounded(kRsqrt, x, rnd); }

TEST(Rsqrt64Classes, MidpointResultsAreWithinTwoToMinusFortyUlpAboveAMidpoint) {
    const NearGridTally t = expect_near_grid(kRsqrt, "midpoint", rsqrt64::Midpoint::generate, Points::midpoints);
    EXPECT_EQ(t.above, 2 * static_cast<int>(kSamples));  // the family is one-sided, as documented
    EXPECT_EQ(t.significands.size(), 52u);
    EXPECT_EQ(t.parity[1], 2 * static_cast<int>(kSamples));  // x just below 4^k: odd binades only
}

TEST(Rsqrt64Classes, NearExactResultsAreWithinTwoToMinusFortyUlpOfABinary64NumberOnBothSides) {
    const NearGridTally t =
        expect_near_grid(kRsqrt, "near_exact", rsqrt64::NearExact::generate, Points::binary64);
    EXPECT_GT(t.above, 10000);
    EXPECT_GT(t.below, 5000);
    EXPECT_EQ(t.significands.size(), 129u);
    EXPECT_EQ(t.significands_below.size(), 4u);
    EXPECT_GT(t.parity[0], 5000);
    EXPECT_GT(t.parity[1], 5000);
}

TEST(Rsqrt64Classes, TheTruncatedExpansionOvershootsTheirPowerOfTwo) {
    // X B^2 - 2^156 = 135 b^4 2^52 + lower terms > 0: the results lie below B.
    for (long b : {1L, 2L, -1L, -2L}) {
        const mpz_class big_b = (mpz_class(1) << 52) + 3 * b * (mpz_class(1) << 26) + 6 * b * b;
        const mpz_class x = (mpz_class(1) << 52) - 6 * b * (mpz_class(1) << 26) + 15 * b * b;
        const mpz_class r = x * big_b * big_b - (mpz_class(1) << 156);
        EXPECT_GT(r, 0) << b;
        EXPECT_LT(r, 136 * b * b * b * b * (mpz_class(1) << 52)) << b;
    }
}

TEST(Rsqrt64Classes, ABoundOfTwoToMinusFortyFailsOnOrdinaryInputs) {
    expect_bound_fails_on_ordinary_inputs(kRsqrt, Points::binary64);
}

TEST(Rsqrt64Classes, ExactListsEveryPowerOfFourWithItsNeighboursInOrder) {
    ASSERT_EQ(rsqrt64::Exact::size, 5244u);
    int exact = 0;
    for (uint64_t i = 0; i < rsqrt64::Exact::size; ++i) {
        const uint64_t x = rsqrt64::Exact::generate(ClassParams{}, i).a;
        const int k = -537 + static_cast<int>((i + 1) / 5);
        const int64_t d = static_cast<int64_t>((i + 1) % 5) - 2;
        ASSERT_LE(x, b64::kMaxFinite);
        ASSERT_EQ(exact_value(x - static_cast<uint64_t>(d)), power_of_two(2 * k)) << i;
        if (d == 0) {
            const uint64_t rn = mpfr_rsqrt64(x, MPFR_RNDN);
            ASSERT_EQ(rn, mpfr_rsqrt64(x, MPFR_RNDU));
            ASSERT_EQ(rn, mpfr_rsqrt64(x, MPFR_RNDD));
            ASSERT_EQ(exact_value(rn), power_of_two(-k));
            ++exact;
        } else if (x != 0) {
            ASSERT_NE(mpfr_rsqrt64(x, MPFR_RNDU), mpfr_rsqrt64(x, MPFR_RNDD));  // neighbours are inexact
        }
    }
    EXPECT_EQ(exact, 1049);
    EXPECT_EQ(rsqrt64::Exact::generate(ClassParams{}, 0).a, 0u);
    EXPECT_EQ(rsqrt64::Exact::generate(ClassParams{}, rsqrt64::Exact::size - 1).a, 0x7fd0000000000002ull);
}

TEST(Rsqrt64Classes, BinadeEdgesListEveryPowerOfTwoWithItsNeighboursInOrder) {
    expect_binade_edges<generic::BinadeEdges<op::rsqrt64>>(kRsqrt);
}

TEST(Rsqrt64Classes, NegativeOperandsGiveNaNOrMinusInfinityForMinusZero) {
    // IEEE rSqrt(-0) = -inf, MPFR's rec_sqrt +inf: no reference for -0's result here.
    expect_negative_operands(kRsqrt, rsqrt64::Negative::generate, std::nullopt);
}

TEST(Rsqrt64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<rsqrt64::Midpoint, rsqrt64::NearExact, rsqrt64::Negative>(50);
}

}  // namespace
}  // namespace fpv
