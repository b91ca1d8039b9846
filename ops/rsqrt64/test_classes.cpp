// Every rsqrt64 input class against its documented guarantee, proven per input in exact
// arithmetic (GMP; 1/sqrt(x) is known by its exact square 1/x), with MPFR's rec_sqrt showing
// the consequences for rounding.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <set>

#include "ops/rsqrt64/classes.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

using testing::exact_value;
using testing::floor_log2;
using testing::power_of_two;

constexpr uint64_t kSamples = 20000;
constexpr uint64_t kKeys[] = {0x5eed, 0x9e3779b97f4a7c15ull};

bool normal(uint64_t bits) {
    const uint32_t f = b64::exponent_field(bits);
    return f != 0 && f != 0x7ff;
}

mpz_class floor_of(const mpq_class& q) {
    mpz_class z;
    mpz_fdiv_q(z.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
    return z;
}

// The correctly rounded binary64 1/sqrt(x) (MPFR at 53 bits in binary64's exponent range).
uint64_t mpfr_rsqrt64(uint64_t x, mpfr_rnd_t rnd) {
    const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    mpfr_t in, out;
    mpfr_init2(in, 53);
    mpfr_init2(out, 53);
    mpfr_set_d(in, double_of(x), MPFR_RNDN);
    const int t = mpfr_rec_sqrt(out, in, rnd);
    mpfr_subnormalize(out, t, rnd);
    const uint64_t bits = bits_of(mpfr_get_d(out, rnd));
    mpfr_clears(in, out, nullptr);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return bits;
}

mpq_class approximate_rsqrt(uint64_t x) {
    mpfr_t in, out;
    mpfr_init2(in, 53);
    mpfr_init2(out, 320);
    mpfr_set_d(in, double_of(x), MPFR_RNDN);
    mpfr_rec_sqrt(out, in, MPFR_RNDN);
    mpq_class q;
    mpfr_get_q(q.get_mpq_t(), out);
    mpfr_clears(in, out, nullptr);
    return q;
}

// f > 0 known by its exact square; m > 0 a grid point. |f - m| = |f^2 - m^2| / (f + m), and
// f + m >= 2m when f >= m, f + m >= 2m - D/m when f < m (sqrt(m^2 - D) >= m - D/m).
struct Distance {
    mpq_class bound;  // of |f - m|, rigorous
    int sign;         // of f - m, exact
};

Distance root_distance(const mpq_class& square, const mpq_class& m) {
    mpq_class d = square - m * m;
    const int sign = sgn(d);
    if (sign < 0) d = -d;
    const mpq_class bound = sign >= 0 ? mpq_class(d / (2 * m)) : mpq_class(d / (2 * m - d / m));
    return {bound, sign};
}

enum class Grid { midpoints, binary64 };

struct Near {
    mpq_class point;
    mpq_class ulp;
    mpq_class bound_ulps;
    int sign;
};

// The grid point nearest 1/sqrt(x) (which is normal for every positive binary64 x), the ulp
// there, and the rigorous distance in ulps.
Near near_grid(uint64_t x, Grid grid) {
    const mpq_class f = approximate_rsqrt(x);
    const mpq_class ulp = power_of_two(floor_log2(f) - 52);
    const mpq_class scaled = f / ulp;
    const mpq_class units = grid == Grid::midpoints ? mpq_class(mpq_class(floor_of(scaled)) + mpq_class(1, 2))
                                                    : mpq_class(floor_of(scaled + mpq_class(1, 2)));
    const mpq_class point = units * ulp;
    const Distance d = root_distance(1 / exact_value(x), point);
    return {point, ulp, d.bound / ulp, d.sign};
}

uint64_t significand53(uint64_t x) {
    b64::Decomposed d = b64::decompose(x);
    while (d.significand < (uint64_t{1} << 52)) d.significand <<= 1;
    return d.significand;
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
    ASSERT_EQ(rsqrt64::BinadeEdges::size, 10489u);
    int exact = 0;
    for (uint64_t i = 0; i < rsqrt64::BinadeEdges::size; ++i) {
        const uint64_t x = rsqrt64::BinadeEdges::generate(ClassParams{}, i).a;
        const int e = -1074 + static_cast<int>((i + 1) / 5);
        const int64_t d = static_cast<int64_t>((i + 1) % 5) - 2;
        ASSERT_LE(x, b64::kMaxFinite);
        ASSERT_EQ(exact_value(x - static_cast<uint64_t>(d)), power_of_two(e)) << i;
        if (d == 0) {
            const bool is_exact = mpfr_rsqrt64(x, MPFR_RNDU) == mpfr_rsqrt64(x, MPFR_RNDD);
            ASSERT_EQ(is_exact, e % 2 == 0) << e;
            exact += is_exact;
        }
    }
    EXPECT_EQ(exact, 1049);
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
    using G = Operands (*)(const ClassParams&, uint64_t);
    for (G g : {G{rsqrt64::Midpoint::generate}, G{rsqrt64::NearExact::generate}, G{rsqrt64::Negative::generate}}) {
        int differ = 0;
        for (uint64_t i = 0; i < 1000; i += 7) {
            EXPECT_EQ(g(ClassParams{11}, i), g(ClassParams{11}, i));
            differ += !(g(ClassParams{11}, i) == g(ClassParams{12}, i));
        }
        EXPECT_GT(differ, 50);
    }
}

}  // namespace
}  // namespace fpv
