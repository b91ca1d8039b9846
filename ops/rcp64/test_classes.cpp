// Every rcp64 input class against its documented guarantee, proven per input in exact rational
// arithmetic (1/x is rational), with MPFR showing the consequences for rounding.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <set>

#include "ops/rcp64/classes.h"
#include "tests/class_checks.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

using namespace testing;

mpq_class abs_of(const mpq_class& q) { return q < 0 ? mpq_class(-q) : q; }

// 1/x in the form of MPFR's unary functions.
int one_over(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_ui_div(r, 1, x, rnd); }

// The correctly rounded binary64 1/x (MPFR at 53 bits in binary64's exponent range).
uint64_t mpfr_rcp64(uint64_t x, mpfr_rnd_t rnd) { return testing::mpfr_unary64(one_over, x, rnd).bits; }

enum class Grid { midpoints, binary64 };

// |1/x| against the nearest point of the grid: the signed distance in ulps (exact) and the point.
struct Near {
    mpq_class distance;
    mpq_class point;
    mpq_class ulp;
};

Near near_grid(uint64_t x, Grid grid) {
    const mpq_class f = abs_of(1 / exact_value(x));
    const mpq_class ulp = ulp_at(f);
    const mpq_class scaled = f / ulp;
    const mpq_class units = testing::nearest_grid_units(scaled, grid == Grid::midpoints);
    return {scaled - units, units * ulp, ulp};
}

struct Tally {
    int above = 0, below = 0, subnormal = 0, negative_x = 0;
    std::set<uint64_t> significands, significands_below;
};

Tally expect_near_grid(const char* what, Operands (*generate)(const ClassParams&, uint64_t), Grid grid) {
    const mpq_class bound = power_of_two(-40);
    Tally t;
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = generate(ClassParams{key}, i).a;
            if (!normal(x)) {
                ADD_FAILURE() << what << ": not a normal operand, " << std::hex << x;
                return t;
            }
            const Near n = near_grid(x, grid);
            EXPECT_LT(abs_of(n.distance), bound) << what << " #" << i << std::hex << " " << x;
            EXPECT_NE(n.distance, 0) << what << ": on the grid point itself, " << std::hex << x;
            if (abs_of(n.distance) >= bound || n.distance == 0) return t;
            const bool below = n.distance < 0;
            (below ? t.below : t.above)++;
            if (below) t.significands_below.insert(significand53(x));
            t.significands.insert(significand53(x));
            t.subnormal += n.point < power_of_two(-1022);
            t.negative_x += (x & b64::kSign) != 0;
            // RU and RD differ; RN takes the side 1/x is on; RZ truncates the magnitude.
            const uint64_t rn = mpfr_rcp64(x, MPFR_RNDN), rz = mpfr_rcp64(x, MPFR_RNDZ);
            const uint64_t ru = mpfr_rcp64(x, MPFR_RNDU), rd = mpfr_rcp64(x, MPFR_RNDD);
            EXPECT_NE(ru, rd);
            const mpq_class rn_magnitude = abs_of(exact_value(rn)), rz_magnitude = abs_of(exact_value(rz));
            if (grid == Grid::midpoints) {
                EXPECT_EQ(rn_magnitude > n.point, n.distance > 0) << what << std::hex << " " << x;
                EXPECT_EQ(rz_magnitude + n.ulp / 2, n.point);
            } else {
                EXPECT_EQ(rn_magnitude, n.point) << what << std::hex << " " << x;
                EXPECT_EQ(rz == rn, n.distance > 0);
            }
        }
    }
    EXPECT_GT(t.above, 1000) << what;
    EXPECT_GT(t.below, 1000) << what;
    EXPECT_GT(t.subnormal, 1000) << what;
    EXPECT_GT(t.negative_x, 10000) << what;
    return t;
}

TEST(Rcp64Classes, MidpointReciprocalsAreWithinTwoToMinusFortyUlpOfAMidpointOnBothSides) {
    const Tally t = expect_near_grid("midpoint", rcp64::Midpoint::generate, Grid::midpoints);
    EXPECT_EQ(t.significands.size(), 160u);  // as the guarantee says
    EXPECT_EQ(t.significands_below.size(), 6u);
}

TEST(Rcp64Classes, NearExactReciprocalsAreWithinTwoToMinusFortyUlpOfABinary64NumberOnBothSides) {
    const Tally t = expect_near_grid("near_exact", rcp64::NearExact::generate, Grid::binary64);
    EXPECT_EQ(t.significands.size(), 137u);
    EXPECT_EQ(t.significands_below.size(), 10u);
}

TEST(Rcp64Classes, TheFamiliesIdentitiesHold) {
    // X * W = 2^n + r with the signs of r the comments claim, for every parameter drawn.
    const mpz_class one = 1;
    for (uint64_t s = 1; s <= 127; s += 2) {
        EXPECT_EQ(mpz_class((one << 53) - s) * ((one << 53) + s), (one << 106) - s * s);
    }
    for (uint64_t a = 1; a <= 11; a += 2) {
        EXPECT_EQ(mpz_class((one << 53) - (a << 27) + a * a) * ((one << 53) + (a << 27) + a * a),
                  (one << 106) + a * a * a * a);
    }
    for (uint64_t c = 1; c <= 5; ++c) {
        EXPECT_EQ(mpz_class((one << 53) - (c << 28) + 4 * c * c) * ((one << 52) + (c << 27) + 2 * c * c),
                  (one << 105) + 8 * c * c * c * c);
    }
}

TEST(Rcp64Classes, ABoundOfTwoToMinusFortyFailsOnOrdinaryInputs) {
    CounterRng rng(1, 2);
    int failing = 0;
    for (int i = 0; i < 100; ++i) {
        failing += abs_of(near_grid(draw64::with_exponent(rng, 0), Grid::midpoints).distance) >= power_of_two(-40);
    }
    EXPECT_EQ(failing, 100);
}

TEST(Rcp64Classes, ExactListsEveryPowerOfTwoAndItsNeighboursWithExactOrOverflowingReciprocals) {
    ASSERT_EQ(rcp64::Exact::size, 2u * 10489u);
    int exact = 0, overflow = 0;
    for (uint64_t i = 0; i < rcp64::Exact::size; ++i) {
        const uint64_t x = rcp64::Exact::generate(ClassParams{}, i).a;
        const uint64_t j = i % 10489 + 1;
        const int e = -1074 + static_cast<int>(j / 5);
        const int64_t d = static_cast<int64_t>(j % 5) - 2;
        ASSERT_EQ((x & b64::kSign) != 0, i >= 10489);
        const uint64_t magnitude = x & ~b64::kSign;
        ASSERT_LE(magnitude, b64::kMaxFinite);
        ASSERT_EQ(exact_value(magnitude - static_cast<uint64_t>(d)), power_of_two(e)) << i;
        if (d != 0) continue;
        const uint64_t rn = mpfr_rcp64(x, MPFR_RNDN);
        if (e >= -1023) {
            ASSERT_EQ(rn, mpfr_rcp64(x, MPFR_RNDU));
            ASSERT_EQ(rn, mpfr_rcp64(x, MPFR_RNDD));
            ASSERT_EQ(exact_value(rn) * exact_value(x), 1);
            ++exact;
        } else {
            ASSERT_TRUE(b64::is_inf(rn));
            ASSERT_EQ(mpfr_rcp64(x, MPFR_RNDZ) & ~b64::kSign, b64::kMaxFinite);
            ++overflow;
        }
    }
    EXPECT_EQ(exact, 2 * 2047);
    EXPECT_EQ(overflow, 2 * 51);
}

TEST(Rcp64Classes, UnderflowReciprocalsStraddleTheSubnormalThresholds) {
    const mpq_class least_normal = power_of_two(-1022);
    const mpq_class thresholds[] = {least_normal, least_normal - power_of_two(-1075),
                                    least_normal - power_of_two(-1074)};
    int above[3] = {}, below[3] = {}, kinds[4] = {}, subnormal_rn = 0, normal_rn = 0, negative = 0;
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = rcp64::Underflow::generate(ClassParams{key}, i).a;
            const uint64_t magnitude = x & ~b64::kSign;
            negative += (x & b64::kSign) != 0;
            const mpq_class f = 1 / exact_value(magnitude);
            switch (i % 4) {
                case 0: {
                    const int64_t steps = static_cast<int64_t>(magnitude - 0x7fd0000000000000ull);
                    ASSERT_LE(steps < 0 ? -steps : steps, 16);
                    ASSERT_LT(abs_of(f - least_normal) / least_normal, power_of_two(-47));
                    for (int t = 0; t < 3; ++t) {
                        above[t] += f > thresholds[t];
                        below[t] += f < thresholds[t];
                    }
                    const uint64_t rn = mpfr_rcp64(x, MPFR_RNDN);
                    subnormal_rn += b64::is_subnormal(rn);
                    normal_rn += normal(rn);
                    break;
                }
                case 1: {
                    const int64_t steps = static_cast<int64_t>(magnitude - 0x7fe0000000000000ull);
                    ASSERT_LE(steps < 0 ? -steps : steps, 16);
                    break;
                }
                case 2:
                    ASSERT_LE(b64::kMaxFinite - magnitude, 16u);
                    ASSERT_GT(f, power_of_two(-1024));
                    ASSERT_LT(f, power_of_two(-1024) * (1 + power_of_two(-48)));
                    break;
                default:
                    ASSERT_GE(magnitude, 0x7fd0000000000000ull);
                    ASSERT_LE(magnitude, b64::kMaxFinite);
                    break;
            }
            ASSERT_GT(f, power_of_two(-1024));
            ASSERT_LE(f, least_normal * (1 + power_of_two(-48)));
            ++kinds[i % 4];
        }
    }
    for (int t = 0; t < 3; ++t) {
        EXPECT_GT(above[t], 100) << t;
        EXPECT_GT(below[t], 100) << t;
    }
    EXPECT_GT(subnormal_rn, 100);
    EXPECT_GT(normal_rn, 100);
    EXPECT_GT(negative, 10000);
}

TEST(Rcp64Classes, OverflowReciprocalsStraddleTwoToThe1024AndWhereRoundingOverflows) {
    ASSERT_EQ(rcp64::Overflow::size, 66u);
    const mpq_class top = power_of_two(1024), rn_threshold = power_of_two(1024) - power_of_two(970);
    int above_top = 0, below_top = 0, above_rn = 0, below_rn = 0;
    for (uint64_t i = 0; i < rcp64::Overflow::size; ++i) {
        const uint64_t x = rcp64::Overflow::generate(ClassParams{}, i).a;
        const int64_t k = static_cast<int64_t>(i % 33) - 16;
        ASSERT_EQ(exact_value(x), (i >= 33 ? -1 : 1) * (power_of_two(50) + k) * power_of_two(-1074));
        const mpq_class f = abs_of(1 / exact_value(x));
        above_top += f > top;
        below_top += f < top;
        above_rn += f > rn_threshold;
        below_rn += f < rn_threshold;
        const uint64_t rn = mpfr_rcp64(x, MPFR_RNDN), rz = mpfr_rcp64(x, MPFR_RNDZ);
        ASSERT_EQ(b64::is_inf(rn), f >= rn_threshold) << k;
        ASSERT_FALSE(b64::is_inf(rz));
    }
    EXPECT_GT(above_top, 10);
    EXPECT_GT(below_top, 10);
    EXPECT_GT(above_rn, 10);
    EXPECT_GT(below_rn, 10);
}

TEST(Rcp64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<rcp64::Midpoint, rcp64::NearExact, rcp64::Underflow>(50);
}

}  // namespace
}  // namespace fpv
