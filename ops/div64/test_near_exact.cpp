// div64's near_exact class against its guarantee, proven per input in exact rational
// arithmetic, with MPFR showing that directed roundings split on every input.
#include <gtest/gtest.h>
#include <mpfr.h>

#include "ops/div64/near_exact.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

using namespace testing;

constexpr uint64_t kSamples = 20000;
constexpr uint64_t kKeys[] = {7, 0xc0ffee};

uint64_t mpfr_div64(uint64_t x, uint64_t y, mpfr_rnd_t rnd) { return testing::mpfr_binary64(mpfr_div, x, y, rnd).bits; }

// The signed distance, in ulps, from |x/y| to the nearest binary64 number, and that number.
struct Near {
    mpq_class distance;
    mpq_class point;
};

Near nearest_binary64(uint64_t x, uint64_t y) {
    mpq_class q = exact_value(x) / exact_value(y);
    if (q < 0) q = -q;
    const mpq_class ulp = ulp_at(q);
    const mpq_class scaled = q / ulp;
    const mpq_class nearest = testing::nearest_grid_units(scaled, false);
    return {scaled - nearest, nearest * ulp};
}

TEST(Div64Classes, NearExactQuotientsAreWithinTwoToMinusFortyUlpOfABinary64NumberOnBothSides) {
    const mpq_class bound = power_of_two(-40);
    int above = 0, below = 0, binades[2] = {0, 0}, odd_points = 0, even_points = 0, negative = 0;
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const Operands in = div64::NearExact::generate(ClassParams{key}, i);
            ASSERT_TRUE(normal(in.a) && normal(in.b)) << std::hex << in.a << " " << in.b;
            const Near n = nearest_binary64(in.a, in.b);
            ASSERT_GE(n.point, power_of_two(-1022));
            ASSERT_LT(n.point, power_of_two(1024));
            const mpq_class magnitude = n.distance < 0 ? mpq_class(-n.distance) : n.distance;
            ASSERT_LT(magnitude, bound) << std::hex << in.a << " " << in.b;
            ASSERT_NE(n.distance, 0) << "an exact quotient cannot happen";
            (n.distance > 0 ? above : below)++;
            const b64::Decomposed da = b64::decompose(in.a), db = b64::decompose(in.b);
            ++binades[da.significand >= db.significand];
            const mpz_class m = mpq_class(n.point / ulp_at(n.point)).get_num();
            (mpz_class(m % 2) != 0 ? odd_points : even_points)++;
            const bool quotient_negative = ((in.a ^ in.b) & b64::kSign) != 0;
            negative += quotient_negative;
            // Directed roundings split around the near number; RN lands on it.
            const uint64_t rn = mpfr_div64(in.a, in.b, MPFR_RNDN), ru = mpfr_div64(in.a, in.b, MPFR_RNDU);
            const uint64_t rd = mpfr_div64(in.a, in.b, MPFR_RNDD), rz = mpfr_div64(in.a, in.b, MPFR_RNDZ);
            ASSERT_NE(ru, rd);
            const mpq_class rn_magnitude = quotient_negative ? mpq_class(-exact_value(rn)) : exact_value(rn);
            ASSERT_EQ(rn_magnitude, n.point);
            ASSERT_EQ(rz == rn, n.distance > 0);  // truncation keeps the near number only from above
        }
    }
    EXPECT_GT(above, 10000);
    EXPECT_GT(below, 10000);
    EXPECT_GT(binades[0], 5000);
    EXPECT_GT(binades[1], 5000);
    EXPECT_GT(odd_points, 5000);   // m of either parity
    EXPECT_GT(even_points, 5000);
    EXPECT_GT(negative, 10000);
}

TEST(Div64Classes, NearExactFallbackPairIsItselfANearExactCase) {
    const mpq_class q(mpz_class("0x10000000000002"), mpz_class("0x10000000000001"));
    const mpq_class scaled = q / power_of_two(-52);
    const mpq_class distance = scaled - mpq_class(floor_of(scaled + mpq_class(1, 2)));
    EXPECT_LT(distance < 0 ? mpq_class(-distance) : distance, power_of_two(-40));
    EXPECT_NE(distance, 0);
}

TEST(Div64Classes, NearExactBoundFailsOnOrdinaryQuotients) {
    CounterRng rng(3, 4);
    int failing = 0;
    for (int i = 0; i < 100; ++i) {
        const uint64_t x = draw64::with_exponent(rng, 0), y = draw64::with_exponent(rng, 0);
        const mpq_class d = nearest_binary64(x, y).distance;
        failing += (d < 0 ? mpq_class(-d) : d) >= power_of_two(-40);
    }
    EXPECT_EQ(failing, 100);
}

TEST(Div64Classes, NearExactInputsArePureFunctionsOfKeyAndIndex) {
    int differ = 0;
    for (uint64_t i = 0; i < 1000; i += 7) {
        EXPECT_EQ(div64::NearExact::generate(ClassParams{11}, i), div64::NearExact::generate(ClassParams{11}, i));
        differ += !(div64::NearExact::generate(ClassParams{11}, i) == div64::NearExact::generate(ClassParams{12}, i));
    }
    EXPECT_GT(differ, 100);
}

}  // namespace
}  // namespace fpv
