// Every sub64 input class against its documented guarantee, proven input by input in exact
// rational arithmetic, with MPFR showing the rounding consequences the guarantee is there for.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <array>
#include <map>
#include <set>
#include <string>

#include "ops/sub64/classes.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

using testing::exact_value;
using testing::floor_log2;
using testing::power_of_two;

// The keys and how many indices of each are checked.
struct Sampling {
    uint64_t key, samples;
};
constexpr Sampling kRuns[] = {{7, 20000}, {0x5eed5eed, 4000}};
constexpr mpfr_rnd_t kModes[] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD};

bool normal(uint64_t bits) {
    const uint32_t f = b64::exponent_field(bits);
    return f != 0 && f != 0x7ff;
}
mpq_class magnitude(const mpq_class& v) { return v < 0 ? mpq_class(-v) : v; }

// Where a nonzero value lies on binary64's grid: |v| = (whole + fraction) * 2^exponent,
// 0 <= fraction < 1, 2^exponent its ulp (exponent = max(floor(log2 |v|), -1022) - 52, unbounded
// above).
struct Grid {
    int exponent;
    mpz_class whole;
    mpq_class fraction;
    mpq_class ulp() const { return power_of_two(exponent); }
};
Grid grid(const mpq_class& v) {
    const mpz_class num = abs(v.get_num()), den = v.get_den();
    // floor(log2 |v|) from the sizes, corrected by one comparison.
    int e = static_cast<int>(mpz_sizeinbase(num.get_mpz_t(), 2)) - static_cast<int>(mpz_sizeinbase(den.get_mpz_t(), 2));
    mpz_class lhs = num, rhs = den;
    if (e >= 0)
        rhs <<= e;
    else
        lhs <<= -e;
    if (lhs < rhs) --e;
    Grid g{(e < -1022 ? -1022 : e) - 52, 0, 0};
    mpz_class scaled_num = num, scaled_den = den;  // |v| / ulp
    if (g.exponent >= 0)
        scaled_den <<= g.exponent;
    else
        scaled_num <<= -g.exponent;
    mpz_class rest;
    mpz_fdiv_qr(g.whole.get_mpz_t(), rest.get_mpz_t(), scaled_num.get_mpz_t(), scaled_den.get_mpz_t());
    g.fraction = mpq_class(rest, scaled_den);
    g.fraction.canonicalize();
    return g;
}
mpq_class midpoint_distance(const Grid& g) { return magnitude(g.fraction - mpq_class(1, 2)); }  // in ulps
mpq_class representable_distance(const Grid& g) {
    return g.fraction < mpq_class(1, 2) ? g.fraction : mpq_class(1 - g.fraction);
}

// The test's own rounding of a nonzero exact value to binary64, in an MPFR rounding mode.
uint64_t round_exact(bool negative, const Grid& g, mpfr_rnd_t mode) {
    bool up = false;
    switch (mode) {
        case MPFR_RNDN:
            up = g.fraction > mpq_class(1, 2) || (g.fraction == mpq_class(1, 2) && mpz_odd_p(g.whole.get_mpz_t()));
            break;
        case MPFR_RNDU: up = !negative && g.fraction > 0; break;
        case MPFR_RNDD: up = negative && g.fraction > 0; break;
        default: break;
    }
    mpz_class n = g.whole + (up ? 1 : 0);
    int e = g.exponent;
    if (n == (mpz_class(1) << 53)) {
        n = mpz_class(1) << 52;
        ++e;
    }
    if (n != 0 && static_cast<int>(mpz_sizeinbase(n.get_mpz_t(), 2)) - 1 + e >= 1024) {
        const bool to_infinity =
            mode == MPFR_RNDN || (mode == MPFR_RNDU && !negative) || (mode == MPFR_RNDD && negative);
        return (negative ? b64::kSign : 0) | (to_infinity ? b64::kInfinity : b64::kMaxFinite);
    }
    return b64::from_scaled_integer(n.get_ui(), e, negative);
}

// MPFR with binary64's exponent range, where mpfr_subnormalize gives binary64's subnormals.
class Binary64Range {
public:
    Binary64Range() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
        mpfr_set_emin(-1073);
        mpfr_set_emax(1024);
    }
    ~Binary64Range() {
        mpfr_set_emin(emin_);
        mpfr_set_emax(emax_);
    }

private:
    mpfr_exp_t emin_, emax_;
};

struct Rounded {
    uint64_t bits;
    int ternary;
};
Rounded mpfr_sub64(const Operands& in, mpfr_rnd_t mode) {
    const Binary64Range range;
    mpfr_t x, y, r;
    mpfr_inits2(53, x, y, r, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(x, double_of(in.a), MPFR_RNDN);
    mpfr_set_d(y, double_of(in.b), MPFR_RNDN);
    int t = mpfr_sub(r, x, y, mode);
    t = mpfr_subnormalize(r, t, mode);
    const Rounded out{bits_of(mpfr_get_d(r, mode)), t};
    mpfr_clears(x, y, r, static_cast<mpfr_ptr>(nullptr));
    return out;
}

std::string show(const Operands& in) {
    char text[40];
    std::snprintf(text, sizeof text, "%016llx %016llx", static_cast<unsigned long long>(in.a),
                  static_cast<unsigned long long>(in.b));
    return text;
}

// MPFR rounds the exact nonzero a - b as the test's own rounding does, in every mode; the
// results by mode (RN, RZ, RU, RD) for the caller's consequence checks.
std::array<Rounded, 4> expect_mpfr_agrees(const Operands& in, bool negative, const Grid& g) {
    std::array<Rounded, 4> out{};
    for (int m = 0; m < 4; ++m) {
        out[m] = mpfr_sub64(in, kModes[m]);
        EXPECT_EQ(out[m].bits, round_exact(negative, g, kModes[m])) << show(in) << " mode " << m;
    }
    return out;
}
std::array<Rounded, 4> expect_mpfr_agrees(const Operands& in, const mpq_class& exact) {
    return expect_mpfr_agrees(in, exact < 0, grid(exact));
}

mpq_class result(const Operands& in) { return exact_value(in.a) - exact_value(in.b); }
bool negative(uint64_t bits) { return (bits & b64::kSign) != 0; }
// Whether a - b subtracts magnitudes: a and b of the same sign.
bool effective_subtraction(const Operands& in) { return negative(in.a) == negative(in.b); }
bool finite_nonzero(uint64_t bits) { return normal(bits) || b64::is_subnormal(bits); }

template <class Class>
Operands input(uint64_t key, uint64_t i) {
    return Class::generate(ClassParams{key}, i);
}

TEST(Sub64Classes, CancellationRemovesExactlyDLeadingBitsForEveryDepthAndZerosKeepTheirSignRules) {
    std::map<std::string, int> seen;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<sub64::Cancellation>(run.key, i);
            const int d = static_cast<int>(i % 56);
            if (d <= 53) {
                ASSERT_TRUE(finite_nonzero(in.a) && finite_nonzero(in.b)) << show(in);
                ASSERT_TRUE(effective_subtraction(in)) << show(in);
                const mpq_class x = magnitude(exact_value(in.a)), y = magnitude(exact_value(in.b));
                ASSERT_TRUE(normal(x > y ? in.a : in.b)) << show(in);
                const int e = floor_log2(x > y ? x : y);
                const mpq_class s = result(in);
                ASSERT_NE(s, 0) << show(in);
                ASSERT_EQ(floor_log2(magnitude(s)), e - d) << show(in);
                ++seen["depth " + std::to_string(d)];
                if (magnitude(s) < power_of_two(-1022)) ++seen["subnormal difference"];
                if (b64::is_subnormal(in.a) || b64::is_subnormal(in.b)) ++seen["subnormal operand"];
                // Cancelling at least one bit leaves the result exact; depth 0 may round.
                for (const Rounded& r : expect_mpfr_agrees(in, s)) {
                    EXPECT_TRUE(d == 0 || r.ternary == 0) << show(in);
                }
                continue;
            }
            std::array<uint64_t, 4> expected;  // the zero's sign in RN, RZ, RU, RD
            if (d == 54) {
                ASSERT_TRUE(finite_nonzero(in.a)) << show(in);
                ASSERT_EQ(in.b, in.a) << show(in);
                expected = {0, 0, 0, b64::kSign};
                ++seen[normal(in.a) ? "x - x, normal" : "x - x, subnormal"];
            } else {
                ASSERT_TRUE(b64::is_zero(in.a) && b64::is_zero(in.b)) << show(in);
                const uint64_t signs = (i / 56) % 4;
                ASSERT_EQ(negative(in.a), (signs & 1) != 0);
                ASSERT_EQ(negative(in.b), (signs & 2) == 0);  // add64's pairs, b negated
                // Zeros of one sign (a and -b) keep it; of opposite signs they give -0 only rounding down.
                const bool both_negative = negative(in.a) && !negative(in.b);
                const bool mixed = effective_subtraction(in);
                for (int m = 0; m < 4; ++m) {
                    expected[m] = both_negative || (mixed && m == 3) ? b64::kSign : 0;
                }
                ++seen["zeros " + std::to_string(signs)];
            }
            for (int m = 0; m < 4; ++m)
                EXPECT_EQ(mpfr_sub64(in, kModes[m]).bits, expected[m]) << show(in) << " mode " << m;
        }
    }
    for (int d = 0; d <= 53; ++d) EXPECT_GT(seen["depth " + std::to_string(d)], 0) << d;
    for (const char* k : {"subnormal difference", "subnormal operand", "x - x, normal", "x - x, subnormal", "zeros 0",
                          "zeros 1", "zeros 2", "zeros 3"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
}

TEST(Sub64Classes, TiesAreExactlyHalfwayWithLowerNeighboursOfBothParities) {
    std::map<std::string, int> seen;
    int lowest = 2000, highest = -2000;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<sub64::Ties>(run.key, i);
            ASSERT_TRUE(finite_nonzero(in.a) && finite_nonzero(in.b)) << show(in);
            const mpq_class s = result(in);
            const Grid g = grid(s);
            ASSERT_EQ(g.fraction, mpq_class(1, 2)) << show(in);
            const bool lower_odd = mpz_odd_p(g.whole.get_mpz_t()) != 0;
            ASSERT_EQ(lower_odd, i % 2 == 1) << show(in);
            ASSERT_GE(g.exponent, -1073) << show(in);
            ASSERT_LE(g.exponent, 971) << show(in);
            lowest = std::min(lowest, g.exponent);
            highest = std::max(highest, g.exponent);
            const auto r = expect_mpfr_agrees(in, s < 0, g);
            EXPECT_EQ(r[0].bits != r[1].bits, lower_odd) << show(in);  // to the even neighbour
            ++seen[effective_subtraction(in) ? "effective subtraction" : "effective addition"];
        }
    }
    EXPECT_GT(seen["effective subtraction"], 0);
    EXPECT_GT(seen["effective addition"], 0);
    EXPECT_LT(lowest, -1060);
    EXPECT_GT(highest, 960);
}

void expect_near_points(Operands (*generate)(const ClassParams&, uint64_t), bool midpoint) {
    const mpq_class bound = power_of_two(-41);
    std::map<std::string, int> seen;
    std::set<int> binades;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = generate(ClassParams{run.key}, i);
            ASSERT_TRUE(finite_nonzero(in.a) && finite_nonzero(in.b)) << show(in);
            const mpq_class s = result(in);
            ASSERT_GT(magnitude(s), power_of_two(-981)) << show(in);
            const Grid g = grid(s);
            binades.insert(g.exponent);
            const mpq_class distance = midpoint ? midpoint_distance(g) : representable_distance(g);
            ASSERT_GT(distance, 0) << show(in);
            ASSERT_LE(distance, bound) << show(in);
            const mpq_class x = magnitude(exact_value(in.a)), y = magnitude(exact_value(in.b));
            ASSERT_LT(x < y ? x : y, power_of_two(12) * g.ulp()) << show(in);
            const auto r = expect_mpfr_agrees(in, s < 0, g);
            if (midpoint) {
                const bool above = g.fraction > mpq_class(1, 2);
                EXPECT_EQ(r[0].bits != r[1].bits, above) << show(in);  // RN leaves RZ exactly above
                ++seen[above ? "above" : "below"];
            } else {
                const bool above = g.fraction < mpq_class(1, 2);
                EXPECT_EQ(r[0].bits, above ? r[1].bits : r[1].bits + 1) << show(in);
                EXPECT_NE(r[2].bits, r[3].bits) << show(in);
                ++seen[above ? "above" : "below"];
            }
            ++seen[effective_subtraction(in) ? "effective subtraction" : "effective addition"];
        }
    }
    for (const char* k : {"above", "below", "effective subtraction", "effective addition"}) EXPECT_GT(seen[k], 0) << k;
    EXPECT_GT(binades.size(), 1500u);
}

TEST(Sub64Classes, MidpointResultsAreWithinTwoToMinusFortyOneUlpOfAMidpoint) {
    expect_near_points(&sub64::Midpoint::generate, true);
}

TEST(Sub64Classes, NearExactResultsAreWithinTwoToMinusFortyOneUlpOfARepresentableNumber) {
    expect_near_points(&sub64::NearExact::generate, false);
}

TEST(Sub64Classes, SubnormalResultsAreExactNonzeroSubnormals) {
    int kinds[3] = {};
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<sub64::Subnormal>(run.key, i);
            const int subnormals = b64::is_subnormal(in.a) + b64::is_subnormal(in.b);
            const int normals = normal(in.a) + normal(in.b);
            switch (i % 3) {
                case 0: ASSERT_EQ(subnormals, 2) << show(in); break;
                case 1: ASSERT_TRUE(subnormals == 1 && normals == 1) << show(in); break;
                default: ASSERT_EQ(normals, 2) << show(in); break;
            }
            const mpq_class s = result(in);
            ASSERT_NE(s, 0) << show(in);
            ASSERT_LT(magnitude(s), power_of_two(-1022)) << show(in);
            for (const Rounded& r : expect_mpfr_agrees(in, s)) EXPECT_EQ(r.ternary, 0) << show(in);
            ++kinds[i % 3];
        }
    }
    for (int k : kinds) EXPECT_GT(k, 0);
}

TEST(Sub64Classes, OverflowResultsAreOnOrJustAroundTheOverflowThresholds) {
    const mpq_class thresholds[3] = {power_of_two(1024) - power_of_two(971), power_of_two(1024) - power_of_two(970),
                                     power_of_two(1024)};
    std::map<std::string, int> seen;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = input<sub64::Overflow>(run.key, i);
            ASSERT_TRUE(finite_nonzero(in.a) && finite_nonzero(in.b)) << show(in);
            ASSERT_FALSE(effective_subtraction(in)) << show(in);
            const mpq_class s = result(in);
            const mpq_class distance = magnitude(s) - thresholds[i % 3];
            const std::string which = std::to_string(i % 3);
            if ((i / 3) % 2 == 0) {
                ASSERT_EQ(distance, 0) << show(in);
            } else {
                ASSERT_NE(distance, 0) << show(in);
                ASSERT_LE(magnitude(distance), power_of_two(969)) << show(in);
                ++seen[which + (distance > 0 ? " above" : " below")];
                if (magnitude(distance) < power_of_two(930)) ++seen[which + " within 2^930"];
            }
            const auto r = expect_mpfr_agrees(in, s);
            ++seen[which + (b64::is_inf(r[0].bits) ? " RN infinite" : " RN finite")];
        }
    }
    for (const char* k : {"0 above", "0 below", "1 above", "1 below", "2 above", "2 below", "0 within 2^930",
                          "1 within 2^930", "2 within 2^930", "1 RN infinite", "1 RN finite"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
}

template <class Class>
void expect_pure(const char* name) {
    int differ = 0;
    for (uint64_t i = 0; i < 1000; i += 7) {
        EXPECT_EQ(input<Class>(11, i), input<Class>(11, i)) << name;
        differ += !(input<Class>(11, i) == input<Class>(12, i));
    }
    EXPECT_GT(differ, 100) << name << " ignores the key";
}

TEST(Sub64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    expect_pure<sub64::Cancellation>("cancellation");
    expect_pure<sub64::Ties>("ties");
    expect_pure<sub64::Midpoint>("midpoint");
    expect_pure<sub64::NearExact>("near_exact");
    expect_pure<sub64::Subnormal>("subnormal");
    expect_pure<sub64::Overflow>("overflow");
}

}  // namespace
}  // namespace fpv
