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

namespace fpv {
namespace {

using namespace testing;

// The correctly rounded binary64 1/sqrt(x) (MPFR at 53 bits in binary64's exponent range).
uint64_t mpfr_rsqrt64(uint64_t x, mpfr_rnd_t rnd) { return testing::mpfr_unary64(mpfr_rec_sqrt, x, rnd).bits; }

enum class Grid { midpoints, binary64 };

// The grid point nearest 1/sqrt(x) (which is normal for every positive binary64 x), the ulp
// there, and the rigorous distance in ulps; 1/sqrt(x) to 320 bits finds the point, and its exact
// square is 1/x.
using Near = testing::NearRoot;

Near near_grid(uint64_t x, Grid grid) {
    return testing::near_root(mpfr_rec_sqrt, x, 1 / exact_value(x), grid == Grid::midpoints);
}

struct Tally {
    int above = 0, below = 0, subnormal = 0, parity[2] = {0, 0};
    std::set<uint64_t> significands, significands_below;
};

Tally expect_near_grid(const char* what, Operands (*generate)(const ClassParams&, uint64_t), Grid grid) {
    const mpq_class bound = power_of_two(-40);
    Tally t;
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = generate(ClassParams{key}, i).a;
            if (!(normal(x) || b64::is_subnormal(x)) || (x & b64::kSign) != 0) {
                ADD_FAILURE() << what << ": not a positive finite nonzero operand, " << std::hex << x;
                return t;
            }
            const Near n = near_grid(x, grid);
            EXPECT_LT(n.bound_ulps, bound) << what << " #" << i << std::hex << " " << x;
            EXPECT_NE(n.sign, 0) << what << ": on the grid point itself, " << std::hex << x;
            if (n.bound_ulps >= bound || n.sign == 0) return t;
            (n.sign > 0 ? t.above : t.below)++;
            t.significands.insert(significand53(x));
            if (n.sign < 0) t.significands_below.insert(significand53(x));
            t.subnormal += b64::is_subnormal(x);
            ++t.parity[floor_log2(exact_value(x)) & 1];
            // RU and RD differ; RN takes the side the result is on.
            const uint64_t rn = mpfr_rsqrt64(x, MPFR_RNDN), rz = mpfr_rsqrt64(x, MPFR_RNDZ);
            const uint64_t ru = mpfr_rsqrt64(x, MPFR_RNDU), rd = mpfr_rsqrt64(x, MPFR_RNDD);
            EXPECT_NE(ru, rd);
            EXPECT_EQ(rz, rd);
            const bool rounds_up = grid == Grid::midpoints ? n.sign > 0 : n.sign < 0;
            EXPECT_EQ(rn == ru, rounds_up) << what << std::hex << " " << x;
            if (grid == Grid::midpoints) {
                EXPECT_EQ(exact_value(ru) + exact_value(rd), 2 * n.point);
            } else {
                EXPECT_EQ(exact_value(rn), n.point);
            }
        }
    }
    EXPECT_GT(t.subnormal, 500) << what;
    return t;
}

TEST(Rsqrt64Classes, MidpointResultsAreWithinTwoToMinusFortyUlpAboveAMidpoint) {
    const Tally t = expect_near_grid("midpoint", rsqrt64::Midpoint::generate, Grid::midpoints);
    EXPECT_EQ(t.above, 2 * static_cast<int>(kSamples));  // the family is one-sided, as documented
    EXPECT_EQ(t.significands.size(), 52u);
    EXPECT_EQ(t.parity[1], 2 * static_cast<int>(kSamples));  // x just below 4^k: odd binades only
}

TEST(Rsqrt64Classes, NearExactResultsAreWithinTwoToMinusFortyUlpOfABinary64NumberOnBothSides) {
    const Tally t = expect_near_grid("near_exact", rsqrt64::NearExact::generate, Grid::binary64);
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
    CounterRng rng(1, 2);
    int failing = 0;
    for (int i = 0; i < 100; ++i) {
        const uint64_t x = draw64::normal(rng) & ~b64::kSign;
        failing += near_grid(x, Grid::binary64).bound_ulps >= power_of_two(-40);
    }
    EXPECT_EQ(failing, 100);
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
    testing::expect_root_binade_edges<generic::BinadeEdges<op::rsqrt64>>(mpfr_rec_sqrt);
}

TEST(Rsqrt64Classes, NegativeOperandsGiveNaNOrMinusInfinityForMinusZero) {
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = rsqrt64::Negative::generate(ClassParams{key}, i).a;
            ASSERT_NE(x & b64::kSign, 0u);
            switch (i % 4) {
                case 0: ASSERT_TRUE(normal(x)); break;
                case 1: ASSERT_TRUE(b64::is_subnormal(x)); break;
                case 2: ASSERT_EQ(x, b64::kSign | b64::kInfinity); break;
                default: ASSERT_EQ(x, b64::kSign); break;  // IEEE rSqrt(-0) = -inf (MPFR's rec_sqrt: +inf)
            }
            if (i % 4 != 3) {
                ASSERT_TRUE(b64::is_nan(mpfr_rsqrt64(x, MPFR_RNDN)));
            }
        }
    }
}

TEST(Rsqrt64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<rsqrt64::Midpoint, rsqrt64::NearExact, rsqrt64::Negative>(50);
}

}  // namespace
}  // namespace fpv
