// Every mul64 input class against its documented guarantee, proven input by input in exact
// rational arithmetic, with MPFR showing the rounding consequences the guarantee is there for.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ops/mul64/classes.h"
#include "tests/class_checks.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

using namespace testing;

Rounded mpfr_mul64(uint64_t a, uint64_t b, mpfr_rnd_t mode) {
    return testing::mpfr_binary64(mpfr_mul, a, b, mode);
}

// MPFR rounds the exact product as the test's own rounding does, in every mode; the results
// by mode (RN, RZ, RU, RD) for the caller's consequence checks.
std::array<Rounded, 4> expect_mpfr_agrees(const Operands& in, bool negative, const Grid& g) {
    std::array<Rounded, 4> out{};
    for (int m = 0; m < 4; ++m) {
        out[m] = mpfr_mul64(in.a, in.b, kModes[m]);
        EXPECT_EQ(out[m].bits, round_exact(negative, g, kModes[m])) << std::hex << in.a << " " << in.b << " mode " << m;
    }
    return out;
}
std::array<Rounded, 4> expect_mpfr_agrees(const Operands& in, const mpq_class& exact) {
    return expect_mpfr_agrees(in, exact < 0, grid(exact));
}

mpq_class product(const Operands& in) { return exact_value(in.a) * exact_value(in.b); }

TEST(Mul64Classes, MidpointProductsAreTiesOrWithinTwoToMinusFortyOneUlpOfOne) {
    const mpq_class bound = power_of_two(-41);
    std::map<std::string, int> seen;
    std::set<int> binades;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<mul64::Midpoint>(run.key, i);
            ASSERT_TRUE(normal(in.a) && normal(in.b)) << std::hex << in.a << " " << in.b;
            const mpq_class p = product(in);
            ASSERT_GE(magnitude(p), power_of_two(-1022));
            ASSERT_LT(magnitude(p), power_of_two(1023));
            const Grid g = grid(p);
            const mpq_class d = midpoint_distance(g);
            binades.insert(floor_log2(magnitude(p)));
            const auto r = expect_mpfr_agrees(in, p < 0, g);
            if (i % 4 == 0) {
                ASSERT_EQ(d, 0) << std::hex << in.a << " " << in.b;
                ASSERT_EQ(xint::bit_length(xint::product(odd_part(in.a), odd_part(in.b))), 54);
                // A tie goes to the even neighbour: RN leaves RZ's result exactly when that is even.
                const bool lower_odd = mpz_odd_p(g.whole.get_mpz_t()) != 0;
                EXPECT_EQ(r[0].bits != r[1].bits, lower_odd);
                ++seen[lower_odd ? "tie, odd below" : "tie, even below"];
            } else {
                ASSERT_GT(d, 0) << std::hex << in.a << " " << in.b;
                ASSERT_LE(d, bound) << std::hex << in.a << " " << in.b;
                ASSERT_TRUE(b64::decompose(in.a).significand & 1);
                const bool above = g.fraction > mpq_class(1, 2);
                EXPECT_EQ(r[0].bits != r[1].bits, above);  // RN rounds away from zero exactly above
                ++seen[above ? "above" : "below"];
                const b64::Decomposed da = b64::decompose(in.a), db = b64::decompose(in.b);
                ++seen[xint::product(da.significand, db.significand) >= (static_cast<xint::u128>(1) << 105) ? "upper"
                                                                                                            : "lower"];
            }
        }
    }
    for (const char* k : {"tie, odd below", "tie, even below", "above", "below", "upper", "lower"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
    EXPECT_GT(binades.size(), 1500u);  // spread over the exponent range
}

TEST(Mul64Classes, NearExactProductsAreRepresentableOrWithinTwoToMinusFortyOneUlpOfOne) {
    const mpq_class bound = power_of_two(-41);
    std::map<std::string, int> seen;
    std::set<int> binades;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<mul64::NearExact>(run.key, i);
            ASSERT_TRUE(normal(in.a) && normal(in.b)) << std::hex << in.a << " " << in.b;
            const mpq_class p = product(in);
            ASSERT_GE(magnitude(p), power_of_two(-1022));
            ASSERT_LT(magnitude(p), power_of_two(1023));
            const Grid g = grid(p);
            const mpq_class d = representable_distance(g);
            binades.insert(floor_log2(magnitude(p)));
            const auto r = expect_mpfr_agrees(in, p < 0, g);
            if (i % 4 == 0) {
                ASSERT_EQ(d, 0) << std::hex << in.a << " " << in.b;
                ASSERT_GE(odd_bits(in.a), 8);
                ASSERT_GE(odd_bits(in.b), 8);
                for (const Rounded& m : r) EXPECT_EQ(m.ternary, 0);
                ++seen["exact"];
            } else {
                ASSERT_GT(d, 0) << std::hex << in.a << " " << in.b;
                ASSERT_LE(d, bound) << std::hex << in.a << " " << in.b;
                ASSERT_TRUE(b64::decompose(in.a).significand & 1);
                // RN is the nearby representable number; RU and RD straddle the product.
                const bool above = g.fraction < mpq_class(1, 2);
                EXPECT_EQ(r[0].bits, above ? r[1].bits : (r[1].bits + 1));
                EXPECT_NE(r[2].bits, r[3].bits);
                ++seen[above ? "above" : "below"];
            }
        }
    }
    for (const char* k : {"exact", "above", "below"}) EXPECT_GT(seen[k], 0) << k;
    EXPECT_GT(binades.size(), 1500u);
}

TEST(Mul64Classes, FallbackSignificandsAreThemselvesNearCases) {
    // The constants near_significands returns if every attempt fails satisfy the guarantees.
    for (const auto& [s, midpoint] : {std::pair{mul64::class_detail::kNearMidpointFallback, true},
                                      std::pair{mul64::class_detail::kNearExactFallback, false}}) {
        ASSERT_TRUE(s.a & 1);
        ASSERT_GE(s.a, uint64_t{1} << 52);
        ASSERT_GE(s.b, uint64_t{1} << 52);
        ASSERT_LT(s.a, uint64_t{1} << 53);
        ASSERT_LT(s.b, uint64_t{1} << 53);
        const mpq_class p = exact_value(b64::from_scaled_integer(s.a, -52, false)) *
                            exact_value(b64::from_scaled_integer(s.b, -52, false));
        const mpq_class d = midpoint ? midpoint_distance(grid(p)) : representable_distance(grid(p));
        EXPECT_GT(d, 0);
        EXPECT_LE(d, power_of_two(-41));
    }
    const mpq_class tie = mpq_class(mpz_class((uint64_t{1} << 52) + 1)) * 3;  // the tie fallback
    EXPECT_EQ(mpz_sizeinbase(tie.get_num_mpz_t(), 2), 54u);
    EXPECT_TRUE(mpz_odd_p(tie.get_num_mpz_t()));
}

TEST(Mul64Classes, SubnormalProductsLieStrictlyBetweenHalfTheLeastSubnormalAndTheLeastNormal) {
    int kinds[4] = {}, flushed_by_rz = 0, kept_by_rz = 0;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<mul64::Subnormal>(run.key, i);
            switch (i % 4) {
                case 0:
                case 1: ASSERT_TRUE(normal(in.a) && normal(in.b)); break;
                case 2: ASSERT_TRUE(b64::is_subnormal(in.a) && normal(in.b)); break;
                default: ASSERT_TRUE(normal(in.a) && b64::is_subnormal(in.b)); break;
            }
            const mpq_class p = magnitude(product(in));
            ASSERT_GT(p, power_of_two(-1075)) << std::hex << in.a << " " << in.b;
            ASSERT_LT(p, power_of_two(-1022)) << std::hex << in.a << " " << in.b;
            const auto r = expect_mpfr_agrees(in, product(in));
            EXPECT_FALSE(b64::is_zero(r[0].bits));  // above half the least subnormal: RN keeps it
            (b64::is_zero(r[1].bits) ? flushed_by_rz : kept_by_rz)++;
            ++kinds[i % 4];
        }
    }
    for (int k : kinds) EXPECT_GT(k, 0);
    EXPECT_GT(flushed_by_rz, 0);
    EXPECT_GT(kept_by_rz, 0);
}

// |a*b| within 5 * 2^-52 (relative) of each target, from both sides, a and b normal.
void expect_near_targets(Operands (*generate)(const ClassParams&, uint64_t), const std::vector<mpq_class>& targets,
                         std::map<std::string, int>& outcomes) {
    const mpq_class bound = 5 * power_of_two(-52);
    std::vector<int> above(targets.size()), below(targets.size());
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = generate(ClassParams{run.key}, i);
            ASSERT_TRUE(normal(in.a) && normal(in.b)) << std::hex << in.a << " " << in.b;
            const size_t which = i % targets.size();
            const mpq_class& t = targets[which];
            const mpq_class p = product(in);
            const mpq_class rel = (magnitude(p) - t) / t;
            (rel > 0 ? above : below)[which] += rel != 0;
            ASSERT_LT(magnitude(rel), bound) << "#" << i << std::hex << " " << in.a << " " << in.b;
            const auto r = expect_mpfr_agrees(in, p);
            const uint64_t rn = r[0].bits & ~b64::kSign;
            ++outcomes[std::to_string(which) + (rn == 0 ? " zero" : rn == b64::kInfinity ? " infinite" : " finite")];
        }
    }
    for (size_t t = 0; t < targets.size(); ++t) {
        EXPECT_GT(above[t], 0) << "target " << t << " never approached from above";
        EXPECT_GT(below[t], 0) << "target " << t << " never approached from below";
    }
}

TEST(Mul64Classes, UnderflowProductsHugTheUnderflowThresholdsOnBothSides) {
    std::map<std::string, int> outcomes;
    expect_near_targets(
        &mul64::Underflow::generate,
        {power_of_two(-1075), power_of_two(-1074), power_of_two(-1022) - power_of_two(-1075), power_of_two(-1022)},
        outcomes);
    // Around half the least subnormal, RN goes either way: to zero and to 2^-1074.
    EXPECT_GT(outcomes["0 zero"], 0);
    EXPECT_GT(outcomes["0 finite"], 0);
}

TEST(Mul64Classes, OverflowProductsHugTheOverflowThresholdsOnBothSides) {
    std::map<std::string, int> outcomes;
    expect_near_targets(
        &mul64::Overflow::generate,
        {power_of_two(1024) - power_of_two(971), power_of_two(1024) - power_of_two(970), power_of_two(1024)}, outcomes);
    // Around 2^1024 - 2^970, RN overflows above and stays finite below.
    EXPECT_GT(outcomes["1 infinite"], 0);
    EXPECT_GT(outcomes["1 finite"], 0);
}

// The helpers of corpus/exact_int.h that the constructions rely on, against the test's own
// exact rounding: wide significands (ties and sticky bits made on purpose), subnormal and
// overflowing results, quotients.
TEST(Mul64Classes, ExactIntegerRoundingAgreesWithExactRationalRounding) {
    CounterRng rng(99, 0);
    for (int i = 0; i < 20000; ++i) {
        const int width = static_cast<int>(rng.between(1, 128));
        xint::u128 m = (static_cast<xint::u128>(rng.next()) << 64) | rng.next();
        m = (m >> (128 - width)) | (static_cast<xint::u128>(1) << (width - 1));
        if (width > 56 && rng.coin()) {
            // A tie or a near-tie at the rounding position 53 bits below the top.
            const int drop = width - 53;
            const xint::u128 half = static_cast<xint::u128>(1) << (drop - 1);
            m = (m & ~((half << 1) - 1)) | half;
            if (rng.coin()) m += rng.coin() ? 1 : -1;
        }
        const int exp2 = static_cast<int>(rng.between(-1200, 1000 - width + 60));
        const bool neg = rng.coin();
        mpz_class z = static_cast<unsigned long>(static_cast<uint64_t>(m >> 64));
        z = (z << 64) + static_cast<unsigned long>(static_cast<uint64_t>(m));
        const mpq_class v = (neg ? -1 : 1) * mpq_class(z) * power_of_two(exp2);
        const Grid g = grid(v);
        EXPECT_EQ(xint::to_binary64(m, exp2, neg, xint::Rounding::nearest_even), round_exact(neg, g, MPFR_RNDN)) << i;
        EXPECT_EQ(xint::to_binary64(m, exp2, neg, xint::Rounding::toward_zero), round_exact(neg, g, MPFR_RNDZ)) << i;
        EXPECT_EQ(xint::to_binary64(m, exp2, neg, xint::Rounding::away_from_zero),
                  round_exact(neg, g, neg ? MPFR_RNDD : MPFR_RNDU))
            << i;

        const uint64_t t = rng.next() >> rng.below(64);
        const uint64_t b = b64::from_scaled_integer(rng.coin() ? uint64_t{1} << rng.below(53) : (rng.next() >> 11) | 1,
                                                    static_cast<int>(rng.between(-1074, 900)), false);
        const int t_exp2 = static_cast<int>(rng.between(-1100, 900));
        if (t == 0) continue;
        const mpq_class q = mpq_class(mpz_class(static_cast<unsigned long>(t))) * power_of_two(t_exp2) / exact_value(b);
        const Grid gq = grid(q);
        const xint::Quotient r = xint::rounded_quotient(t, t_exp2, b, neg);
        EXPECT_EQ(r.bits, round_exact(neg, gq, MPFR_RNDN)) << i;
        const bool representable =
            gq.fraction == 0 && static_cast<int>(mpz_sizeinbase(gq.whole.get_mpz_t(), 2)) + gq.exponent <= 1024;
        EXPECT_EQ(r.exact, representable) << i;
    }
}

TEST(Mul64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<mul64::Midpoint, mul64::NearExact, mul64::Subnormal, mul64::Underflow, mul64::Overflow>(100);
}

}  // namespace
}  // namespace fpv
