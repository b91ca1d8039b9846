// The checks the root ops' class tests share (ops/{sqrt64,rsqrt64}/test_classes.cpp), as LLVM
// libc's SqrtTest.h: a class whose results lie within 2^-40 ulp of a rounding midpoint or of a
// binary64 number, proven per input in exact arithmetic with MPFR showing what rounding sees;
// that such a bound fails on ordinary inputs; negative operands; and the powers of two with their
// neighbours. An op's file instantiates them with its Root and keeps what only it has.
#pragma once

#include <gtest/gtest.h>
#include <mpfr.h>

#include <cstdint>
#include <optional>
#include <set>

#include "corpus/class_traits.h"
#include "tests/class_checks.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"

namespace fpv::testing::root_classes {

// Which points of the binary64 grid a class comes close to.
enum class Points { midpoints, binary64 };

// A root op: MPFR's function, the exact square of its value at x, and the least positive
// operand its near-grid classes draw.
struct Root {
    MpfrUnary f;
    mpq_class (*square)(uint64_t x);
    uint64_t least_operand;
};

// The correctly rounded binary64 result (MPFR at 53 bits in binary64's exponent range).
inline uint64_t correctly_rounded(const Root& root, uint64_t x, mpfr_rnd_t rnd) {
    return mpfr_unary64(root.f, x, rnd).bits;
}

// The grid point nearest f(x) (normal for every positive operand), the ulp there, and the
// rigorous distance in ulps.
inline NearRoot near_grid(const Root& root, uint64_t x, Points grid) {
    return near_root(root.f, x, root.square(x), grid == Points::midpoints);
}

struct NearGridTally {
    int above = 0, below = 0, subnormal = 0, parity[2] = {0, 0};
    std::set<uint64_t> significands, significands_below;
};

// Every input of the class (kKeys x kSamples) has f(x) within 2^-40 ulp of the grid and not on
// it; RU and RD differ, RZ is RD, RN takes the side f(x) is on, and the grid point is what RN
// or RU and RD say it is. The first input that fails ends the check.
inline NearGridTally expect_near_grid(const Root& root, const char* what, Generate generate, Points grid) {
    const mpq_class bound = power_of_two(-40);
    NearGridTally t;
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = generate(ClassParams{key}, i).a;
            if (!(normal(x) || (b64::is_subnormal(x) && x >= root.least_operand)) || (x & b64::kSign) != 0) {
                ADD_FAILURE() << what << ": not an operand of the class's range, " << std::hex << x;
                return t;
            }
            const NearRoot n = near_grid(root, x, grid);
            EXPECT_LT(n.bound_ulps, bound) << what << " #" << i << std::hex << " " << x;
            EXPECT_NE(n.sign, 0) << what << ": on the grid point itself, " << std::hex << x;
            if (n.bound_ulps >= bound || n.sign == 0) return t;
            (n.sign > 0 ? t.above : t.below)++;
            t.significands.insert(significand53(x));
            if (n.sign < 0) t.significands_below.insert(significand53(x));
            t.subnormal += b64::is_subnormal(x);
            ++t.parity[floor_log2(exact_value(x)) & 1];
            const uint64_t rn = correctly_rounded(root, x, MPFR_RNDN), rz = correctly_rounded(root, x, MPFR_RNDZ);
            const uint64_t ru = correctly_rounded(root, x, MPFR_RNDU), rd = correctly_rounded(root, x, MPFR_RNDD);
            EXPECT_NE(ru, rd);
            EXPECT_EQ(rz, rd);
            const bool rounds_up = grid == Points::midpoints ? n.sign > 0 : n.sign < 0;
            EXPECT_EQ(rn == ru, rounds_up) << what << std::hex << " " << x;
            if (grid == Points::midpoints) {
                EXPECT_EQ(exact_value(ru) - exact_value(rd), n.ulp);
                EXPECT_EQ(exact_value(ru) + exact_value(rd), 2 * n.point);
            } else {
                EXPECT_EQ(exact_value(rn), n.point);  // the near binary64 number is RN's result
            }
            if (::testing::Test::HasFailure()) return t;
        }
    }
    EXPECT_GT(t.subnormal, 500) << what;
    return t;
}

// The check above is not vacuous: ordinary normal inputs fail it.
inline void expect_bound_fails_on_ordinary_inputs(const Root& root, Points grid) {
    CounterRng rng(1, 2);
    int failing = 0;
    for (int i = 0; i < 100; ++i) {
        const uint64_t x = draw64::normal(rng) & ~b64::kSign;
        failing += near_grid(root, x, grid).bound_ulps >= power_of_two(-40);
    }
    EXPECT_EQ(failing, 100);
}

// index mod 4 = 0: a negative normal, 1: a negative subnormal, 2: -infinity, 3: -0; f is NaN
// but at -0, where it is minus_zero_result where MPFR agrees with IEEE.
inline void expect_negative_operands(const Root& root, Generate generate, std::optional<uint64_t> minus_zero_result) {
    for (uint64_t key : kKeys) {
        for (uint64_t i = 0; i < kSamples; ++i) {
            const uint64_t x = generate(ClassParams{key}, i).a;
            ASSERT_NE(x & b64::kSign, 0u);
            switch (i % 4) {
                case 0: ASSERT_TRUE(normal(x)); break;
                case 1: ASSERT_TRUE(b64::is_subnormal(x)); break;
                case 2: ASSERT_EQ(x, b64::kSign | b64::kInfinity); break;
                default: ASSERT_EQ(x, b64::kSign); break;
            }
            const uint64_t rn = correctly_rounded(root, x, MPFR_RNDN);
            if (i % 4 != 3) {
                ASSERT_TRUE(b64::is_nan(rn));
            } else if (minus_zero_result) {
                ASSERT_EQ(rn, *minus_zero_result);
            }
        }
    }
}

// A root op's BinadeEdges class: 10489 finite inputs, input i 2^e moved d steps
// (e = -1074 + (i + 1) / 5, d = (i + 1) % 5 - 2), from +0 to two steps above 2^1023, and the
// root of 2^e exact for the 1049 even e and for no odd e.
template <class BinadeEdges>
void expect_binade_edges(const Root& root) {
    ASSERT_EQ(BinadeEdges::size, 10489u);
    int exact = 0;
    for (uint64_t i = 0; i < BinadeEdges::size; ++i) {
        const uint64_t x = BinadeEdges::generate(ClassParams{}, i).a;
        const int e = -1074 + static_cast<int>((i + 1) / 5);
        const int64_t d = static_cast<int64_t>((i + 1) % 5) - 2;
        ASSERT_LE(x, b64::kMaxFinite);
        ASSERT_EQ(exact_value(x - static_cast<uint64_t>(d)), power_of_two(e)) << i;
        if (d == 0) {
            const bool is_exact = correctly_rounded(root, x, MPFR_RNDU) == correctly_rounded(root, x, MPFR_RNDD);
            ASSERT_EQ(is_exact, e % 2 == 0) << e;
            exact += is_exact;
        }
    }
    EXPECT_EQ(exact, 1049);
    EXPECT_EQ(BinadeEdges::generate(ClassParams{}, 0).a, 0u);  // one step below 2^-1074
    EXPECT_EQ(BinadeEdges::generate(ClassParams{}, 1).a, 1u);  // 2^-1074 itself
    EXPECT_EQ(BinadeEdges::generate(ClassParams{}, BinadeEdges::size - 1).a,
              0x7fe0000000000002ull);  // two steps above 2^1023
}

}  // namespace fpv::testing::root_classes
