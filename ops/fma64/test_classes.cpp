// Every fma64 input class against its documented guarantee, proven input by input in exact
// rational arithmetic, with MPFR showing the rounding consequences the guarantee is there for.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <array>
#include <map>
#include <set>
#include <string>

#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "ops/fma64/classes.h"
#include "ops/fma64/emulated.h"
#include "ops/fma64/fma64.h"
#include "tests/class_checks.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

using namespace testing;

Rounded mpfr_fma64(const Operands& in, mpfr_rnd_t mode) {
    const Binary64Range range;
    mpfr_t x, y, z, r;
    mpfr_inits2(53, x, y, z, r, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(x, double_of(in.a), MPFR_RNDN);
    mpfr_set_d(y, double_of(in.b), MPFR_RNDN);
    mpfr_set_d(z, double_of(in.c), MPFR_RNDN);
    int t = mpfr_fma(r, x, y, z, mode);
    t = mpfr_subnormalize(r, t, mode);
    const Rounded out{bits_of(mpfr_get_d(r, mode)), t};
    mpfr_clears(x, y, z, r, static_cast<mpfr_ptr>(nullptr));
    return out;
}

std::string show(const Operands& in) {
    char text[80];
    std::snprintf(text, sizeof text, "%016llx %016llx %016llx", static_cast<unsigned long long>(in.a),
                  static_cast<unsigned long long>(in.b), static_cast<unsigned long long>(in.c));
    return text;
}

// MPFR rounds the exact (nonzero) a*b + c as the test's own rounding does, in every mode; the
// results by mode (RN, RZ, RU, RD) for the caller's consequence checks.
std::array<Rounded, 4> expect_mpfr_agrees(const Operands& in, bool negative, const Grid& g) {
    std::array<Rounded, 4> out{};
    for (int m = 0; m < 4; ++m) {
        out[m] = mpfr_fma64(in, kModes[m]);
        EXPECT_EQ(out[m].bits, round_exact(negative, g, kModes[m])) << show(in) << " mode " << m;
    }
    return out;
}
std::array<Rounded, 4> expect_mpfr_agrees(const Operands& in, const mpq_class& exact) {
    return expect_mpfr_agrees(in, exact < 0, grid(exact));
}

mpq_class product(const Operands& in) { return exact_value(in.a) * exact_value(in.b); }
bool negative(uint64_t bits) { return (bits & b64::kSign) != 0; }

// Where an fma64 mutant's result differs from the emulation's, over the first 4096 inputs of
// every fma64 class (seed 1): counts by class, the inputs of `kind_class` split by index mod
// `period`; `on_its_case(in)` must hold for every one of them.
template <fma64::Mutation M, class OnItsCase>
std::map<std::string, int> mutant_wrong_by_class(const std::string& kind_class, uint64_t period,
                                                 const OnItsCase& on_its_case) {
    std::map<std::string, int> wrong;
    for (const std::string& name : all_class_names(op_id<op::fma64>())) {
        const InputSet set = resolve_class(name, op_id<op::fma64>(), 1);
        if (set.is_vector_file()) continue;
        for (uint64_t i = 0; i < std::min<uint64_t>(4096, set.size); ++i) {
            const Operands in = set.input(i);
            if (fma64::emulated_fma<Rounding::rn, M>(in.a, in.b, in.c) ==
                fma64::emulated_fma<Rounding::rn>(in.a, in.b, in.c)) {
                continue;
            }
            EXPECT_TRUE(on_its_case(in)) << name << " " << show(in);
            ++wrong[name == kind_class ? name + ", index mod " + std::to_string(period) + " = " +
                                             std::to_string(i % period)
                                       : name];
        }
    }
    return wrong;
}

// The gap `sticky`'s midpoint kind closes (docs/decisive_cases.md): an fma that drops a c far
// below a*b is right wherever a*b is not an exact midpoint, so of all fma64 classes only that
// kind is sure to catch it; elsewhere it shows only where an exact midpoint product meets a tiny
// c by chance.
TEST(Fma64Classes, TheFarAddendMutantFailsOnlyOnExactMidpoints) {
    std::map<std::string, int> wrong = mutant_wrong_by_class<fma64::Mutation::far_addend_dropped>(
        "sticky", 4, [](const Operands& in) { return grid(product(in)).fraction == mpq_class(1, 2); });
    EXPECT_GT(wrong["sticky, index mod 4 = 2"], 200);  // those whose c lies 2^-110 below a*b or more
    for (const auto& [where, n] : wrong) {
        const bool allowed = where == "sticky, index mod 4 = 2" || where == "midpoint" || where == "specials" ||
                             where == "patterns";
        EXPECT_TRUE(allowed) << where << ": " << n;
        std::printf("far addend mutant wrong in %s: %d\n", where.c_str(), n);
    }
}

// The gap `subnormal`'s tie kind closes: an fma that breaks ties away from zero below the normal
// range is wrong only on exact subnormal ties, which no other fma64 class holds.
TEST(Fma64Classes, TheSubnormalTieMutantFailsOnlyOnSubnormalTies) {
    std::map<std::string, int> wrong = mutant_wrong_by_class<fma64::Mutation::subnormal_ties_away>(
        "subnormal", 12, [](const Operands& in) {
            const mpq_class halves = magnitude(product(in) + exact_value(in.c)) / power_of_two(-1075);
            return halves.get_den() == 1 && mpz_class(halves.get_num() % 2) == 1;
        });
    EXPECT_GT(wrong["subnormal, index mod 12 = 4"], 100);
    for (const auto& [where, n] : wrong) {
        EXPECT_TRUE(where == "subnormal, index mod 12 = 4" || where == "specials" || where == "patterns")
            << where << ": " << n;
        std::printf("subnormal tie mutant wrong in %s: %d\n", where.c_str(), n);
    }
}

TEST(Fma64Classes, CancellationSumsAreExactZerosOrTheProductsRoundingError) {
    std::map<std::string, int> seen;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<fma64::Cancellation>(run.key, i);
            const mpq_class p = product(in);
            const mpq_class sum = p + exact_value(in.c);
            if (i % 2 == 0) {
                for (uint64_t w : {in.a, in.b, in.c}) {
                    ASSERT_TRUE(normal(w) || b64::is_subnormal(w)) << show(in);
                    seen["subnormal operand"] += b64::is_subnormal(w);
                }
                ASSERT_EQ(sum, 0) << show(in);
                ++seen[p > 0 ? "positive product" : "negative product"];
                // The sign of an exact zero sum: -0 rounding down, +0 otherwise.
                for (int m = 0; m < 4; ++m) {
                    const Rounded r = mpfr_fma64(in, kModes[m]);
                    EXPECT_EQ(r.bits, kModes[m] == MPFR_RNDD ? b64::kSign : 0) << show(in) << " mode " << m;
                }
            } else {
                ASSERT_TRUE(normal(in.a) && normal(in.b)) << show(in);
                ASSERT_GE(magnitude(p), power_of_two(-970));
                ASSERT_LT(magnitude(p), power_of_two(1023));
                const uint64_t minus_c = in.c ^ b64::kSign;
                const bool nearest = minus_c == round_exact(p, MPFR_RNDN);
                ASSERT_TRUE(nearest || minus_c == round_exact(p, MPFR_RNDZ)) << show(in);
                ++seen[nearest ? "c = -RN(ab)" : "c = -RZ(ab)"];
                if (sum == 0) continue;                        // a*b representable: nothing more to see
                ASSERT_EQ(grid(sum).fraction, 0) << show(in);  // the error is representable
                for (const Rounded& r : expect_mpfr_agrees(in, sum)) EXPECT_EQ(r.ternary, 0);
                ++seen[magnitude(sum) < power_of_two(-1022) ? "subnormal error" : "normal error"];
            }
        }
    }
    for (const char* k : {"subnormal operand", "positive product", "negative product", "c = -RN(ab)", "c = -RZ(ab)",
                          "subnormal error", "normal error"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
}

TEST(Fma64Classes, StickyAddendsLieFarBelowTheProductsLastBit) {
    std::map<std::string, int> seen;
    mpq_class smallest_ratio = 1;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<fma64::Sticky>(run.key, i);
            ASSERT_TRUE(normal(in.a) && normal(in.b)) << show(in);
            ASSERT_TRUE(normal(in.c) || b64::is_subnormal(in.c)) << show(in);
            const mpq_class p = product(in), c = exact_value(in.c);
            ASSERT_GE(magnitude(p), power_of_two(-1013)) << show(in);
            ASSERT_LT(magnitude(p), power_of_two(1023)) << show(in);
            const mpq_class ratio = magnitude(c) / magnitude(p);
            ASSERT_LT(ratio, power_of_two(-60)) << show(in);
            if (ratio < smallest_ratio) smallest_ratio = ratio;
            const uint64_t kind = i % 4;
            if (kind == 0) {
                ASSERT_TRUE(normal(in.c)) << show(in);
                ASSERT_GE(magnitude(p), power_of_two(-961)) << show(in);
            }
            if (kind == 1) {
                ASSERT_TRUE(b64::is_subnormal(in.c)) << show(in);
            }
            const bool opposite = (p < 0) != (c < 0);
            ++seen[opposite ? "c against a*b" : "c with a*b"];
            const auto r = expect_mpfr_agrees(in, p + c);
            if (kind == 3) {
                ASSERT_EQ(grid(p).fraction, 0) << show(in);  // a*b representable
                ASSERT_GE(odd_bits(in.a), 8);
                ASSERT_GE(odd_bits(in.b), 8);
                ++seen[b64::is_subnormal(in.c) ? "exact, subnormal c" : "exact, normal c"];
                // RN returns a*b; RZ steps below it exactly when c points towards zero.
                const uint64_t ab = round_exact(p, MPFR_RNDN);
                EXPECT_EQ(r[0].bits, ab) << show(in);
                EXPECT_EQ(r[1].bits, opposite ? ab - 1 : ab) << show(in);
            } else if (kind == 2) {
                // a*b halfway between two neighbours: rounding to nearest goes c's way, and
                // without c it would go to the even one.
                const Grid g = grid(p);
                ASSERT_EQ(g.fraction, mpq_class(1, 2)) << show(in);
                ++seen[std::string("midpoint, ") + (b64::is_subnormal(in.c) ? "subnormal c, " : "normal c, ") +
                       (opposite ? "c against a*b" : "c with a*b")];
                const uint64_t toward_zero = round_exact(p, MPFR_RNDZ);
                EXPECT_EQ(r[0].bits, opposite ? toward_zero : toward_zero + 1) << show(in);
                EXPECT_NE(r[0].ternary, 0) << show(in);
            } else {
                ASSERT_NE(grid(p).fraction, 0) << show(in);  // a*b not representable
                ASSERT_TRUE((b64::decompose(in.a).significand & 1) && (b64::decompose(in.b).significand & 1));
                EXPECT_NE(r[0].ternary, 0) << show(in);
            }
        }
    }
    for (const char* k : {"c against a*b", "c with a*b", "exact, subnormal c", "exact, normal c",
                          "midpoint, normal c, c against a*b", "midpoint, normal c, c with a*b",
                          "midpoint, subnormal c, c against a*b", "midpoint, subnormal c, c with a*b"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
    EXPECT_LT(smallest_ratio, power_of_two(-2000));
}

TEST(Fma64Classes, OverflowSumsReachTheThresholdsThroughProductsBeyondThem) {
    const mpq_class thresholds[3] = {power_of_two(1024) - power_of_two(971), power_of_two(1024) - power_of_two(970),
                                     power_of_two(1024)};
    std::map<std::string, int> seen;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<fma64::Overflow>(run.key, i);
            ASSERT_TRUE(normal(in.a) && normal(in.b) && normal(in.c)) << show(in);
            const mpq_class p = product(in), c = exact_value(in.c);
            ASSERT_NE(p < 0, c < 0) << show(in);
            const mpq_class& t = thresholds[i % 3];
            ASSERT_GT(magnitude(p), t) << show(in);
            ASSERT_LT(magnitude(p), t + power_of_two(1023)) << show(in);
            const mpq_class sum = p + c;
            const mpq_class distance = magnitude(sum) - t;
            const std::string which = std::to_string(i % 3);
            if ((i / 3) % 3 == 0) {
                ASSERT_EQ(distance, 0) << show(in);
                ++seen[which + " onto"];
            } else {
                ASSERT_NE(distance, 0) << show(in);
                ASSERT_LE(magnitude(distance), power_of_two(973)) << show(in);
                ++seen[which + (distance > 0 ? " above" : " below")];
                if (magnitude(distance) < power_of_two(950)) ++seen[which + " within 2^950"];
            }
            const auto r = expect_mpfr_agrees(in, sum);
            ++seen[which + (b64::is_inf(r[0].bits) ? " RN infinite" : " RN finite")];
        }
    }
    for (const char* k :
         {"0 onto", "1 onto", "2 onto", "0 above", "1 above", "2 above", "0 below", "1 below", "2 below",
          "0 within 2^950", "1 within 2^950", "2 within 2^950", "1 RN infinite", "1 RN finite"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
}

TEST(Fma64Classes, UnderflowSumsStraddleTheLeastNormalWithAddendsPullingAcrossIt) {
    const mpq_class thresholds[2] = {power_of_two(-1022), power_of_two(-1022) - power_of_two(-1075)};
    const mpq_class bound = 3 * power_of_two(-1074);
    std::map<std::string, int> seen;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<fma64::Underflow>(run.key, i);
            ASSERT_TRUE(normal(in.a) && normal(in.b)) << show(in);
            ASSERT_FALSE(b64::is_zero(in.c) || b64::is_inf(in.c) || b64::is_nan(in.c)) << show(in);
            const mpq_class p = product(in), c = exact_value(in.c), sum = p + c;
            ASSERT_GE(magnitude(p), power_of_two(-1042)) << show(in);
            ASSERT_LT(magnitude(p), power_of_two(-1021)) << show(in);
            ASSERT_LT(magnitude(c), power_of_two(-1021)) << show(in);
            ASSERT_EQ(sum < 0, p < 0) << show(in);
            const mpq_class& t = thresholds[i % 2];
            const mpq_class distance = magnitude(sum) - t;
            ASSERT_NE(distance, 0) << show(in);
            ASSERT_LT(magnitude(distance), bound) << show(in);
            const bool product_below = magnitude(p) < t;
            ASSERT_EQ(product_below, (c < 0) == (p < 0)) << show(in);  // c moves a*b towards t
            const std::string which = std::to_string(i % 2);
            ++seen[which + (product_below ? " product below" : " product above")];
            ++seen[which + (distance > 0 ? " sum above" : " sum below")];
            if (product_below == (distance > 0)) ++seen[which + " crossed"];
            const auto r = expect_mpfr_agrees(in, sum);
            ++seen[which + (normal(r[0].bits) ? " RN normal" : " RN subnormal")];
        }
    }
    for (const char* k : {"0 product below", "0 product above", "0 sum above", "0 sum below", "0 crossed",
                          "1 product below", "1 product above", "1 sum above", "1 sum below", "1 crossed",
                          "0 RN normal", "0 RN subnormal", "1 RN normal", "1 RN subnormal"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
}

TEST(Fma64Classes, SubnormalProductsMeetZeroSubnormalOrSmallAddends) {
    std::map<std::string, int> seen;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<fma64::Subnormal>(run.key, i);
            switch (i % 4) {
                case 0:
                case 1: ASSERT_TRUE(normal(in.a) && normal(in.b)) << show(in); break;
                case 2: ASSERT_TRUE(b64::is_subnormal(in.a) && normal(in.b)) << show(in); break;
                default: ASSERT_TRUE(normal(in.a) && b64::is_subnormal(in.b)) << show(in); break;
            }
            const mpq_class p = product(in);
            ASSERT_GT(magnitude(p), power_of_two(-1075)) << show(in);
            ASSERT_LT(magnitude(p), power_of_two(-1022)) << show(in);
            switch ((i / 4) % 3) {
                case 0: ASSERT_TRUE(b64::is_zero(in.c)) << show(in); break;
                case 1: ASSERT_TRUE(b64::is_subnormal(in.c)) << show(in); break;
                default:
                    ASSERT_TRUE(normal(in.c)) << show(in);
                    ASSERT_LT(magnitude(exact_value(in.c)), power_of_two(-999)) << show(in);
            }
            ++seen[b64::is_zero(in.c) ? (negative(in.c) ? "c = -0" : "c = +0") : "c nonzero"];
            const mpq_class sum = p + exact_value(in.c);
            if (i % 12 == 4) {
                // Halfway between two neighbours 2^-1074 apart: rounding to nearest takes the even one.
                ASSERT_LT(magnitude(sum), power_of_two(-1021)) << show(in);
                const mpq_class halves = magnitude(sum) / power_of_two(-1075);
                ASSERT_EQ(halves.get_den(), 1) << show(in);
                ASSERT_EQ(mpz_class(halves.get_num() % 2), 1) << show(in);
                ++seen[magnitude(sum) < power_of_two(-1022) ? "subnormal midpoint" : "lowest-binade midpoint"];
            }
            if (sum == 0) continue;
            const auto r = expect_mpfr_agrees(in, sum);
            ++seen[b64::is_zero(r[1].bits) ? "RZ zero" : b64::is_subnormal(r[1].bits) ? "RZ subnormal" : "RZ normal"];
        }
    }
    for (const char* k : {"c = -0", "c = +0", "c nonzero", "RZ zero", "RZ subnormal", "RZ normal", "subnormal midpoint"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
}

// The checks shared by midpoint and near_exact; `distance` measures from the kind of point the
// class is about.
void expect_near_points(Operands (*generate)(const ClassParams&, uint64_t), bool midpoint) {
    const mpq_class bound = power_of_two(-40);
    std::map<std::string, int> seen;
    std::set<int> binades;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = generate(ClassParams{run.key}, i);
            ASSERT_TRUE(normal(in.a) && normal(in.b)) << show(in);
            ASSERT_TRUE(normal(in.c) || b64::is_subnormal(in.c)) << show(in);
            const mpq_class p = product(in), c = exact_value(in.c), sum = p + c;
            ASSERT_GE(magnitude(sum), power_of_two(-1022)) << show(in);
            ASSERT_LT(magnitude(sum), power_of_two(1022)) << show(in);
            binades.insert(floor_log2(magnitude(sum)));
            const Grid g = grid(sum);
            const mpq_class distance = midpoint ? midpoint_distance(g) : representable_distance(g);
            const bool exact = i % 2 == 0;
            if (exact) {
                ASSERT_EQ(distance, 0) << show(in);
            } else {
                ASSERT_GT(distance, 0) << show(in);
                ASSERT_LT(distance, bound) << show(in);
            }
            if (i % 4 < 2) {
                ASSERT_TRUE((b64::decompose(in.a).significand & 1) && (b64::decompose(in.b).significand & 1));
                ASSERT_GE(magnitude(p), power_of_two(-970)) << show(in);
                ASSERT_NE(grid(p).fraction, 0) << show(in);  // a*b itself not representable
                ASSERT_LT(magnitude(c), (midpoint ? 1 : 2) * ulp_at(magnitude(p))) << show(in);
            } else {
                ASSERT_GT(magnitude(c), power_of_two(32) * magnitude(p)) << show(in);
                ASSERT_EQ(g.exponent, grid(c).exponent) << show(in);  // the result in c's binade
            }
            const auto r = expect_mpfr_agrees(in, sum < 0, g);
            const std::string shape = i % 4 < 2 ? "wide" : "dominant c";
            if (midpoint && exact) {
                // The tie goes to the even neighbour.
                const bool lower_odd = mpz_odd_p(g.whole.get_mpz_t()) != 0;
                EXPECT_EQ(r[0].bits != r[1].bits, lower_odd) << show(in);
                ++seen[shape + (lower_odd ? " tie, odd below" : " tie, even below")];
            } else if (midpoint) {
                const bool above = g.fraction > mpq_class(1, 2);
                EXPECT_EQ(r[0].bits != r[1].bits, above) << show(in);  // RN leaves RZ exactly above
                ++seen[shape + (above ? " above" : " below")];
            } else if (exact) {
                for (const Rounded& m : r) EXPECT_EQ(m.ternary, 0) << show(in);
                ++seen[shape + " exact"];
            } else {
                const bool above = g.fraction < mpq_class(1, 2);
                EXPECT_EQ(r[0].bits, above ? r[1].bits : r[1].bits + 1) << show(in);
                EXPECT_NE(r[2].bits, r[3].bits) << show(in);
                ++seen[shape + (above ? " above" : " below")];
            }
        }
    }
    const std::vector<std::string> kinds =
        midpoint ? std::vector<std::string>{"tie, odd below", "tie, even below", "above", "below"}
                 : std::vector<std::string>{"exact", "above", "below"};
    for (const char* shape : {"wide", "dominant c"}) {
        for (const std::string& k : kinds) EXPECT_GT(seen[shape + (" " + k)], 0) << shape << " " << k;
    }
    EXPECT_GT(binades.size(), 1500u);
}

TEST(Fma64Classes, MidpointSumsAreTiesOrWithinTwoToMinusFortyUlpOfOne) {
    expect_near_points(&fma64::Midpoint::generate, true);
}

TEST(Fma64Classes, NearExactSumsAreRepresentableOrWithinTwoToMinusFortyUlpOfOne) {
    expect_near_points(&fma64::NearExact::generate, false);
}

TEST(Fma64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<fma64::Cancellation, fma64::Sticky, fma64::Overflow, fma64::Underflow, fma64::Subnormal,
                         fma64::Midpoint, fma64::NearExact>(100);
}

}  // namespace
}  // namespace fpv
