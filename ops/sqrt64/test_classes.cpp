// Every sqrt64 input class against its documented guarantee, proven per input in exact
// arithmetic (GMP), with MPFR showing the consequences for rounding.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <set>

#include "ops/sqrt64/sqrt64.h"
#include "tests/class_checks.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

using namespace testing;

// The correctly rounded binary64 sqrt of x (MPFR at 53 bits in binary64's exponent range).
uint64_t mpfr_sqrt64(uint64_t x, mpfr_rnd_t rnd) { return testing::mpfr_unary64(mpfr_sqrt, x, rnd).bits; }

enum class Grid { midpoints, binary64 };

// The grid point nearest sqrt(x), the ulp there, and the rigorous distance, in ulps; sqrt(x) to
// 320 bits finds the point (sqrt of a binary64 is normal).
using Near = testing::NearRoot;

Near near_grid(uint64_t x, Grid grid) {
    return testing::near_root(mpfr_sqrt, x, exact_value(x), grid == Grid::midpoints);
}

// A binary64 value is m^2 * 4^k with m < 2^26: its odd part is a square below 2^52 and the
// power of two left over is even.
bool is_small_square_times_power_of_four(uint64_t bits) {
    if (bits == 0 || !(b64::is_subnormal(bits) || normal(bits)) || (bits & b64::kSign)) return false;
    b64::Decomposed d = b64::decompose(bits);
    int e = d.lsb_exponent;
    while ((d.significand & 1) == 0) {
        d.significand >>= 1;
        ++e;
    }
    const mpz_class s(static_cast<unsigned long>(d.significand));
    return e % 2 == 0 && mpz_perfect_square_p(s.get_mpz_t()) && s < (mpz_class(1) << 52);
}

TEST(Sqrt64Classes, SquaresAreExactSquaresOrTheirNeighbours) {
    int subnormal = 0, normal_squares = 0, flipped = 0;
    std::set<int> offsets;
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = sqrt64::Squares::generate(ClassParams{key}, i).a;
            const int64_t d = static_cast<int64_t>(i % 5) - 2;
            uint64_t base = x - static_cast<uint64_t>(d);
            if (!is_small_square_times_power_of_four(base)) {
                base = x + static_cast<uint64_t>(d);  // the flip at 2^-1074
                ASSERT_TRUE(static_cast<int64_t>(base) + d < 1) << std::hex << x << " index " << i;
                ++flipped;
            }
            ASSERT_TRUE(is_small_square_times_power_of_four(base)) << std::hex << x << " index " << i;
            ASSERT_TRUE(x != 0 && (normal(x) || b64::is_subnormal(x))) << std::hex << x;
            offsets.insert(static_cast<int>(static_cast<int64_t>(x - base)));
            subnormal += b64::is_subnormal(base);
            normal_squares += normal(base);
            if (d == 0) {
                // The root is exact: every rounding gives it.
                const uint64_t rn = mpfr_sqrt64(x, MPFR_RNDN);
                ASSERT_EQ(rn, mpfr_sqrt64(x, MPFR_RNDU));
                ASSERT_EQ(rn, mpfr_sqrt64(x, MPFR_RNDD));
                const mpq_class root = exact_value(rn);
                ASSERT_EQ(root * root, exact_value(x));
            }
        }
    }
    EXPECT_EQ(offsets, (std::set<int>{-2, -1, 0, 1, 2}));
    EXPECT_GT(subnormal, 100);
    EXPECT_GT(normal_squares, 10000);
    EXPECT_LT(flipped, 10);
}

void expect_near_grid(const char* what, Operands (*generate)(const ClassParams&, uint64_t), Grid grid) {
    const mpq_class bound = power_of_two(-40);
    int above = 0, below = 0, subnormal = 0, parity[2] = {0, 0};
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = generate(ClassParams{key}, i).a;
            ASSERT_TRUE(normal(x) || (b64::is_subnormal(x) && x >= (uint64_t{1} << 49)))
                << what << std::hex << " " << x;
            ASSERT_EQ(x & b64::kSign, 0u);
            const Near n = near_grid(x, grid);
            ASSERT_LT(n.bound_ulps, bound) << what << " #" << i << std::hex << " " << x;
            ASSERT_NE(n.sign, 0) << what << ": on the grid point itself, " << std::hex << x;
            (n.sign > 0 ? above : below)++;
            subnormal += b64::is_subnormal(x);
            ++parity[floor_log2(exact_value(x)) & 1];
            // What rounding sees: RU and RD differ (inexact); RN takes the side the root is on.
            const uint64_t rn = mpfr_sqrt64(x, MPFR_RNDN), rz = mpfr_sqrt64(x, MPFR_RNDZ);
            const uint64_t ru = mpfr_sqrt64(x, MPFR_RNDU), rd = mpfr_sqrt64(x, MPFR_RNDD);
            ASSERT_NE(ru, rd);
            ASSERT_EQ(rz, rd);
            const bool rounds_up = grid == Grid::midpoints ? n.sign > 0 : n.sign < 0;
            ASSERT_EQ(rn == ru, rounds_up) << what << std::hex << " " << x;
            if (grid == Grid::midpoints) {
                ASSERT_EQ(exact_value(ru) - exact_value(rd), n.ulp);
                ASSERT_EQ(exact_value(ru) + exact_value(rd), 2 * n.point);
            } else {
                ASSERT_EQ(exact_value(rn), n.point);  // the near binary64 number is RN's result
            }
        }
    }
    EXPECT_GT(above, 1000) << what;
    EXPECT_GT(below, 1000) << what;
    EXPECT_GT(subnormal, 500) << what;
    EXPECT_GT(parity[0], 1000) << what;
    EXPECT_GT(parity[1], 1000) << what;
}

TEST(Sqrt64Classes, MidpointRootsAreWithinTwoToMinusFortyUlpOfAMidpointOnBothSides) {
    expect_near_grid("midpoint", sqrt64::Midpoint::generate, Grid::midpoints);
}

TEST(Sqrt64Classes, NearExactRootsAreWithinTwoToMinusFortyUlpOfABinary64NumberOnBothSides) {
    expect_near_grid("near_exact", sqrt64::NearExact::generate, Grid::binary64);
}

TEST(Sqrt64Classes, TheConstructionsIntegerIdentitiesHold) {
    // (2Y+1)^2 = 4 X 2^t + r and Y^2 = X 2^t + r with the lifted roots: the identities behind the
    // guarantees, checked for every modulus and shape the generators use.
    for (int64_t r = -16383; r < 16384; r += 8) {
        for (auto [n, root_bits, bits] : {std::tuple{54, 54, 53}, {55, 54, 53}, {56, 54, 52}, {56, 54, 51},
                                         {58, 54, 50}, {52, 53, 53}, {53, 53, 53}, {50, 52, 53}}) {
            for (uint64_t pick = 0; pick < 4; ++pick) {
                const nt::LiftedRoot z = nt::lift_square_root(r, n, root_bits, bits, pick);
                if (!z.found) continue;
                const mpz_class root(static_cast<unsigned long>(z.root)), q(static_cast<unsigned long>(z.quotient));
                ASSERT_EQ(root * root, q * (mpz_class(1) << n) + mpz_class(static_cast<long>(r)));
                ASSERT_EQ(mpz_sizeinbase(root.get_mpz_t(), 2), static_cast<size_t>(root_bits));
                ASSERT_EQ(mpz_sizeinbase(q.get_mpz_t(), 2), static_cast<size_t>(bits));
            }
        }
    }
    // The fallbacks after 128 failed attempts (never taken in these tests) satisfy the guarantees.
    const uint64_t midpoint_fallback = b64::from_scaled_integer((uint64_t{1} << 52) + 1, 0, false);
    const Near m = near_grid(midpoint_fallback, Grid::midpoints);
    EXPECT_LT(m.bound_ulps, power_of_two(-40));
    EXPECT_NE(m.sign, 0);
    const uint64_t near_fallback = b64::from_scaled_integer((uint64_t{1} << 52) + 2, 0, false);
    const Near e = near_grid(near_fallback, Grid::binary64);
    EXPECT_LT(e.bound_ulps, power_of_two(-40));
    EXPECT_NE(e.sign, 0);
}

TEST(Sqrt64Classes, ABoundOfTwoToMinusFortyIsTightEnoughToFailOnOrdinaryInputs) {
    // The check above is not vacuous: ordinary normal inputs fail it.
    CounterRng rng(1, 2);
    int failing = 0;
    for (int i = 0; i < 100; ++i) {
        const uint64_t x = draw64::normal(rng) & ~b64::kSign;
        failing += near_grid(x, Grid::midpoints).bound_ulps >= power_of_two(-40);
    }
    EXPECT_EQ(failing, 100);
}

TEST(Sqrt64Classes, BinadeEdgesListEveryPowerOfTwoWithItsNeighboursInOrder) {
    using BinadeEdges = generic::BinadeEdges<op::sqrt64>;
    ASSERT_NO_FATAL_FAILURE(testing::expect_root_binade_edges<BinadeEdges>(mpfr_sqrt));
    EXPECT_EQ(BinadeEdges::generate(ClassParams{}, 0).a, 0u);  // one step below 2^-1074
    EXPECT_EQ(BinadeEdges::generate(ClassParams{}, 1).a, 1u);  // 2^-1074 itself
    EXPECT_EQ(BinadeEdges::generate(ClassParams{}, BinadeEdges::size - 1).a,
              0x7fe0000000000002ull);  // two steps above 2^1023
}

TEST(Sqrt64Classes, NegativeOperandsGiveNaNExceptMinusZero) {
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = sqrt64::Negative::generate(ClassParams{key}, i).a;
            ASSERT_NE(x & b64::kSign, 0u);
            switch (i % 4) {
                case 0: ASSERT_TRUE(normal(x)); break;
                case 1: ASSERT_TRUE(b64::is_subnormal(x)); break;
                case 2: ASSERT_EQ(x, b64::kSign | b64::kInfinity); break;
                default: ASSERT_EQ(x, b64::kSign); break;
            }
            const uint64_t rn = mpfr_sqrt64(x, MPFR_RNDN);
            if (i % 4 == 3) {
                ASSERT_EQ(rn, b64::kSign);
            } else {
                ASSERT_TRUE(b64::is_nan(rn));
            }
        }
    }
}

TEST(Sqrt64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<sqrt64::Squares, sqrt64::Midpoint, sqrt64::NearExact, sqrt64::Negative>(50);
}

}  // namespace
}  // namespace fpv
