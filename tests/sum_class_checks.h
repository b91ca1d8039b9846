// The input classes of binary64 addition (ops/add64/classes.h) and subtraction
// (ops/sub64/classes.h) against their documented guarantees, proven input by input in exact
// rational arithmetic, with MPFR showing the rounding consequences the guarantees are there for.
// a - b is exactly a + (-b) and sub64's classes are add64's with b negated, so one set of checks
// serves both: each looks at the sum a + b' of a and the addend b' = b ^ b_sign, and rounds
// a + b or a - b with MPFR. ops/add64/test_classes.cpp and ops/sub64/test_classes.cpp run them.
#pragma once

#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "core/operands.h"
#include "corpus/class_traits.h"
#include "tests/class_checks.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"

namespace fpv::testing::sums {

// What tells a + b and a - b apart.
struct SumOp {
    uint64_t b_sign;              // 0 for a + b, b64::kSign for a - b: the addend is b ^ b_sign
    MpfrBinary mpfr;              // mpfr_add, mpfr_sub
    const char* result_name;      // in the tallies: "sum", "difference"
    const char* self_cancelling;  // in the tallies: "x + (-x)", "x - x"
};

inline Rounded mpfr_op(const SumOp& op, const Operands& in, mpfr_rnd_t mode) {
    return mpfr_binary64(op.mpfr, in.a, in.b, mode);
}

inline std::string show(const Operands& in) {
    char text[40];
    std::snprintf(text, sizeof text, "%016llx %016llx", static_cast<unsigned long long>(in.a),
                  static_cast<unsigned long long>(in.b));
    return text;
}

// MPFR rounds the exact nonzero result as the test's own rounding does, in every mode; the
// results by mode (RN, RZ, RU, RD) for the caller's consequence checks.
inline std::array<Rounded, 4> expect_mpfr_agrees(const SumOp& op, const Operands& in, bool negative, const Grid& g) {
    std::array<Rounded, 4> out{};
    for (int m = 0; m < 4; ++m) {
        out[m] = mpfr_op(op, in, kModes[m]);
        EXPECT_EQ(out[m].bits, round_exact(negative, g, kModes[m])) << show(in) << " mode " << m;
    }
    return out;
}
inline std::array<Rounded, 4> expect_mpfr_agrees(const SumOp& op, const Operands& in, const mpq_class& exact) {
    return expect_mpfr_agrees(op, in, exact < 0, grid(exact));
}

inline bool negative(uint64_t bits) { return (bits & b64::kSign) != 0; }
inline uint64_t addend(const SumOp& op, const Operands& in) { return in.b ^ op.b_sign; }
inline mpq_class result(const SumOp& op, const Operands& in) {
    return exact_value(in.a) + exact_value(addend(op, in));
}
// Whether the op subtracts magnitudes: a and the addend of opposite signs.
inline bool effective_subtraction(const SumOp& op, const Operands& in) {
    return negative(in.a) != negative(addend(op, in));
}
inline bool finite_nonzero(uint64_t bits) { return normal(bits) || b64::is_subnormal(bits); }

inline void expect_cancellation(const SumOp& op, Generate generate) {
    const std::string subnormal_result = std::string("subnormal ") + op.result_name;
    const std::string cancels_normal = std::string(op.self_cancelling) + ", normal";
    const std::string cancels_subnormal = std::string(op.self_cancelling) + ", subnormal";
    std::map<std::string, int> seen;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = generate(ClassParams{run.key}, i);
            const int d = static_cast<int>(i % 56);
            if (d <= 53) {
                ASSERT_TRUE(finite_nonzero(in.a) && finite_nonzero(in.b)) << show(in);
                ASSERT_TRUE(effective_subtraction(op, in)) << show(in);
                const mpq_class x = magnitude(exact_value(in.a)), y = magnitude(exact_value(in.b));
                ASSERT_TRUE(normal(x > y ? in.a : in.b)) << show(in);
                const int e = floor_log2(x > y ? x : y);
                const mpq_class s = result(op, in);
                ASSERT_NE(s, 0) << show(in);
                ASSERT_EQ(floor_log2(magnitude(s)), e - d) << show(in);
                ++seen["depth " + std::to_string(d)];
                if (magnitude(s) < power_of_two(-1022)) ++seen[subnormal_result];
                if (b64::is_subnormal(in.a) || b64::is_subnormal(in.b)) ++seen["subnormal operand"];
                // Cancelling at least one bit leaves the result exact; depth 0 may round.
                for (const Rounded& r : expect_mpfr_agrees(op, in, s)) {
                    EXPECT_TRUE(d == 0 || r.ternary == 0) << show(in);
                }
                continue;
            }
            std::array<uint64_t, 4> expected;  // the zero's sign in RN, RZ, RU, RD
            if (d == 54) {
                ASSERT_TRUE(finite_nonzero(in.a)) << show(in);
                ASSERT_EQ(in.b, in.a ^ b64::kSign ^ op.b_sign) << show(in);  // the addend is -a
                expected = {0, 0, 0, b64::kSign};
                ++seen[normal(in.a) ? cancels_normal : cancels_subnormal];
            } else {
                ASSERT_TRUE(b64::is_zero(in.a) && b64::is_zero(in.b)) << show(in);
                const uint64_t signs = (i / 56) % 4;
                ASSERT_EQ(negative(in.a), (signs & 1) != 0);
                ASSERT_EQ(negative(addend(op, in)), (signs & 2) != 0);  // sub64: add64's pairs, b negated
                // Zeros of one sign (a and the addend) keep it; of opposite signs they give -0
                // only rounding down.
                const bool both_negative = negative(in.a) && negative(addend(op, in));
                const bool mixed = effective_subtraction(op, in);
                for (int m = 0; m < 4; ++m) {
                    expected[m] = both_negative || (mixed && m == 3) ? b64::kSign : 0;
                }
                ++seen["zeros " + std::to_string(signs)];
            }
            for (int m = 0; m < 4; ++m)
                EXPECT_EQ(mpfr_op(op, in, kModes[m]).bits, expected[m]) << show(in) << " mode " << m;
        }
    }
    for (int d = 0; d <= 53; ++d) EXPECT_GT(seen["depth " + std::to_string(d)], 0) << d;
    for (const std::string& k : {subnormal_result, std::string("subnormal operand"), cancels_normal, cancels_subnormal,
                                 std::string("zeros 0"), std::string("zeros 1"), std::string("zeros 2"),
                                 std::string("zeros 3")}) {
        EXPECT_GT(seen[k], 0) << k;
    }
}

inline void expect_ties(const SumOp& op, Generate generate) {
    std::map<std::string, int> seen;
    int lowest = 2000, highest = -2000;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = generate(ClassParams{run.key}, i);
            ASSERT_TRUE(finite_nonzero(in.a) && finite_nonzero(in.b)) << show(in);
            const mpq_class s = result(op, in);
            const Grid g = grid(s);
            ASSERT_EQ(g.fraction, mpq_class(1, 2)) << show(in);
            const bool lower_odd = mpz_odd_p(g.whole.get_mpz_t()) != 0;
            ASSERT_EQ(lower_odd, i % 2 == 1) << show(in);
            ASSERT_GE(g.exponent, -1073) << show(in);
            ASSERT_LE(g.exponent, 971) << show(in);
            lowest = std::min(lowest, g.exponent);
            highest = std::max(highest, g.exponent);
            const auto r = expect_mpfr_agrees(op, in, s < 0, g);
            EXPECT_EQ(r[0].bits != r[1].bits, lower_odd) << show(in);  // to the even neighbour
            ++seen[effective_subtraction(op, in) ? "effective subtraction" : "effective addition"];
        }
    }
    EXPECT_GT(seen["effective subtraction"], 0);
    EXPECT_GT(seen["effective addition"], 0);
    EXPECT_LT(lowest, -1060);
    EXPECT_GT(highest, 960);
}

inline void expect_near_points(const SumOp& op, Generate generate, bool midpoint) {
    const mpq_class bound = power_of_two(-41);
    std::map<std::string, int> seen;
    std::set<int> binades;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = generate(ClassParams{run.key}, i);
            ASSERT_TRUE(finite_nonzero(in.a) && finite_nonzero(in.b)) << show(in);
            const mpq_class s = result(op, in);
            ASSERT_GT(magnitude(s), power_of_two(-981)) << show(in);
            const Grid g = grid(s);
            binades.insert(g.exponent);
            const mpq_class distance = midpoint ? midpoint_distance(g) : representable_distance(g);
            ASSERT_GT(distance, 0) << show(in);
            ASSERT_LE(distance, bound) << show(in);
            const mpq_class x = magnitude(exact_value(in.a)), y = magnitude(exact_value(in.b));
            ASSERT_LT(x < y ? x : y, power_of_two(12) * g.ulp()) << show(in);
            const auto r = expect_mpfr_agrees(op, in, s < 0, g);
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
            ++seen[effective_subtraction(op, in) ? "effective subtraction" : "effective addition"];
        }
    }
    for (const char* k : {"above", "below", "effective subtraction", "effective addition"}) EXPECT_GT(seen[k], 0) << k;
    EXPECT_GT(binades.size(), 1500u);
}

inline void expect_subnormal(const SumOp& op, Generate generate) {
    int kinds[3] = {};
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = generate(ClassParams{run.key}, i);
            const int subnormals = b64::is_subnormal(in.a) + b64::is_subnormal(in.b);
            const int normals = normal(in.a) + normal(in.b);
            switch (i % 3) {
                case 0: ASSERT_EQ(subnormals, 2) << show(in); break;
                case 1: ASSERT_TRUE(subnormals == 1 && normals == 1) << show(in); break;
                default: ASSERT_EQ(normals, 2) << show(in); break;
            }
            const mpq_class s = result(op, in);
            ASSERT_NE(s, 0) << show(in);
            ASSERT_LT(magnitude(s), power_of_two(-1022)) << show(in);
            for (const Rounded& r : expect_mpfr_agrees(op, in, s)) EXPECT_EQ(r.ternary, 0) << show(in);
            ++kinds[i % 3];
        }
    }
    for (int k : kinds) EXPECT_GT(k, 0);
}

inline void expect_overflow(const SumOp& op, Generate generate) {
    const mpq_class thresholds[3] = {power_of_two(1024) - power_of_two(971), power_of_two(1024) - power_of_two(970),
                                     power_of_two(1024)};
    std::map<std::string, int> seen;
    for (const Sampling& run : kRuns) {
        for (uint64_t i = 0; i < run.samples; ++i) {
            const Operands in = generate(ClassParams{run.key}, i);
            ASSERT_TRUE(finite_nonzero(in.a) && finite_nonzero(in.b)) << show(in);
            ASSERT_FALSE(effective_subtraction(op, in)) << show(in);
            const mpq_class s = result(op, in);
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
            const auto r = expect_mpfr_agrees(op, in, s);
            ++seen[which + (b64::is_inf(r[0].bits) ? " RN infinite" : " RN finite")];
        }
    }
    for (const char* k : {"0 above", "0 below", "1 above", "1 below", "2 above", "2 below", "0 within 2^930",
                          "1 within 2^930", "2 within 2^930", "1 RN infinite", "1 RN finite"}) {
        EXPECT_GT(seen[k], 0) << k;
    }
}

}  // namespace fpv::testing::sums
