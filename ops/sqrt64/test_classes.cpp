// Every sqrt64 input class against its documented guarantee, proven per input in exact
// arithmetic (GMP), with MPFR showing the consequences for rounding.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <set>

#include "ops/sqrt64/sqrt64.h"
#include "tests/class_checks.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"
#include "tests/shapes/root_class_tests.h"

namespace fpv {
namespace {

using namespace testing;
using namespace testing::root_classes;

const Root kSqrt{mpfr_sqrt, [](uint64_t x) -> mpq_class { return exact_value(x); }, uint64_t{1} << 49};

uint64_t mpfr_sqrt64(uint64_t x, mpfr_rnd_t rnd) { return correctly_rounded(kSqrt, x, rnd); }

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

// Both sides of the grid, both parities of the binade, subnormal operands: each in numbers.
void expect_spread(const NearGridTally& t, const char* what) {
    EXPECT_GT(t.above, 1000) << what;
    EXPECT_GT(t.below, 1000) << what;
    EXPECT_GT(t.parity[0], 1000) << what;
    EXPECT_GT(t.parity[1], 1000) << what;
}

TEST(Sqrt64Classes, MidpointRootsAreWithinTwoToMinusFortyUlpOfAMidpointOnBothSides) {
    expect_spread(expect_near_grid(kSqrt, "midpoint", sqrt64::Midpoint::generate, Points::midpoints), "midpoint");
}

TEST(Sqrt64Classes, NearExactRootsAreWithinTwoToMinusFortyUlpOfABinary64NumberOnBothSides) {
    expect_spread(expect_near_grid(kSqrt, "near_exact", sqrt64::NearExact::generate, Points::binary64), "near_exact");
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
    const NearRoot m = near_grid(kSqrt, midpoint_fallback, Points::midpoints);
    EXPECT_LT(m.bound_ulps, power_of_two(-40));
    EXPECT_NE(m.sign, 0);
    const uint64_t near_fallback = b64::from_scaled_integer((uint64_t{1} << 52) + 2, 0, false);
    const NearRoot e = near_grid(kSqrt, near_fallback, Points::binary64);
    EXPECT_LT(e.bound_ulps, power_of_two(-40));
    EXPECT_NE(e.sign, 0);
}

TEST(Sqrt64Classes, ABoundOfTwoToMinusFortyIsTightEnoughToFailOnOrdinaryInputs) {
    expect_bound_fails_on_ordinary_inputs(kSqrt, Points::midpoints);
}

TEST(Sqrt64Classes, BinadeEdgesListEveryPowerOfTwoWithItsNeighboursInOrder) {
    expect_binade_edges<generic::BinadeEdges<op::sqrt64>>(kSqrt);
}

TEST(Sqrt64Classes, NegativeOperandsGiveNaNExceptMinusZero) {
    expect_negative_operands(kSqrt, sqrt64::Negative::generate, b64::kSign);
}

TEST(Sqrt64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<sqrt64::Squares, sqrt64::Midpoint, sqrt64::NearExact, sqrt64::Negative>(50);
}

}  // namespace
}  // namespace fpv
