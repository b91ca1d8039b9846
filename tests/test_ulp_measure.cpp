// The measure of binary32 results that are not correctly rounded (reference/ulp_measure.h)
// against MPFR: wherever it answers, its correctly rounded result, its error in ulps (bit for
// bit) and its distance in steps are MPFR's, for the four binary32 ops, in every rounding mode,
// with and without flushing; and it answers for nearly every result near the correct one.
#include <gtest/gtest.h>

#include <cmath>

#include "corpus/counter_rng.h"
#include "ops/ops.h"
#include "reference/classify.h"
#include "reference/exact_check.h"
#include "reference/mpfr_reference.h"

namespace fpv {
namespace {

constexpr Rounding kModes[] = {Rounding::rn, Rounding::rz, Rounding::ru, Rounding::rd};

bool normal_above_least(uint32_t bits) {
    const uint32_t m = bits & 0x7fffffffu;
    return m > 0x00800000u && m < 0x7f7fffffu;
}

// A normal binary32 of any binade (kPositive: of sign +), and now and then one whose exact
// value is simple: a square, a power of two, a quotient near one.
template <bool kPositive>
uint32_t operand(CounterRng& rng) {
    uint32_t field = static_cast<uint32_t>(rng.between(1, 254));
    uint32_t fraction = static_cast<uint32_t>(rng.next()) & 0x7fffffu;
    switch (rng.below(8)) {
        case 0: fraction = 0; break;                                   // a power of two
        case 1: fraction &= 0x7ff000u; break;                          // few bits: squares, short quotients
        case 2: field = static_cast<uint32_t>(rng.between(110, 144)); break;  // near one
        default: break;
    }
    const uint32_t sign = !kPositive && rng.coin() ? 0x80000000u : 0u;
    return sign | field << 23 | fraction;
}

struct Counts {
    uint64_t near = 0, measured = 0;  // results within 64 steps of the correct one; those measured
};

// For one op: inputs, and for each the results at distances that a function within its bound
// returns (1 to 64 steps) and far ones, which the measure may decline.
template <class Op, bool kPositive>
void compare_with_mpfr(MpfrReference& mpfr, Rounding rounding, bool ftz, int inputs, Counts& counts) {
    using Check = typename Op::exact_check;
    for (int i = 0; i < inputs; ++i) {
        CounterRng rng(0x51ab1e, static_cast<uint64_t>(i) * 8 + static_cast<uint64_t>(rounding) * 2 + (ftz ? 1 : 0));
        Operands in{operand<kPositive>(rng), 0, 0};
        if constexpr (arity<Op> == 2) {
            in.b = operand<false>(rng);
            if (rng.below(4) == 0) in.b = (in.a & 0x7fffffffu) ^ (static_cast<uint32_t>(rng.below(16)) | (in.b & 0x80000000u));
        }
        const uint32_t expected = static_cast<uint32_t>(mpfr.correctly_rounded<Op>(in, rounding, ftz));
        ulp_measure::Measured m;
        EXPECT_FALSE(Check::measure(in, expected, rounding, ftz, m)) << "a correctly rounded result is not measured";
        for (const int64_t steps : {1, -1, 2, -2, 3, -4, 7, 64, -64, 1000, 1 << 18, -(1 << 18), 1 << 22, -(1 << 22)}) {
            const int64_t magnitude = static_cast<int64_t>(expected & 0x7fffffffu) + steps;
            if (magnitude <= 0 || magnitude >= 0x7f800000) continue;
            const uint32_t result = (expected & 0x80000000u) | static_cast<uint32_t>(magnitude);
            const bool near = std::llabs(steps) <= 64 && normal_above_least(expected) && normal_above_least(result);
            counts.near += near ? 1 : 0;
            if (!Check::measure(in, result, rounding, ftz, m)) continue;
            counts.measured += near ? 1 : 0;
            const double error = mpfr.ulp_error<Op>(in, result, ftz);
            ASSERT_EQ(m.expected, expected) << Op::name << " " << std::hex << in.a << " " << in.b;
            ASSERT_EQ(bits_of(m.error), bits_of(error))
                << Op::name << " " << std::hex << in.a << " " << in.b << " result " << result << std::dec
                << ": measured " << m.error << ", MPFR " << error;
            ASSERT_EQ(m.steps, representable_steps(Format::binary32, result, expected));
        }
    }
}

// kPositive: operands of roots, whose negative ones give NaN.
template <class Op, bool kPositive>
void compare_everywhere(int inputs) {
    MpfrReference mpfr;
    Counts counts;
    for (const Rounding rounding : kModes) {
        for (const bool ftz : {false, true}) {
            compare_with_mpfr<Op, kPositive>(mpfr, rounding, ftz, inputs, counts);
            if (::testing::Test::HasFatalFailure()) return;
        }
    }
    // Declining is allowed (MPFR measures those), but not for the results the measure is for.
    EXPECT_GT(counts.near, static_cast<uint64_t>(inputs) * 8 * 4);  // quotients overflow now and then
    EXPECT_GE(counts.measured * 1000, counts.near * 999) << counts.measured << " of " << counts.near;
}

TEST(UlpMeasure, QuotientsAreMeasuredAsMpfrMeasuresThem) { compare_everywhere<op::div32, false>(3000); }
TEST(UlpMeasure, ReciprocalsAreMeasuredAsMpfrMeasuresThem) { compare_everywhere<op::rcp32, false>(3000); }
TEST(UlpMeasure, SquareRootsAreMeasuredAsMpfrMeasuresThem) { compare_everywhere<op::sqrt32, true>(3000); }
TEST(UlpMeasure, ReciprocalSquareRootsAreMeasuredAsMpfrMeasuresThem) { compare_everywhere<op::rsqrt32, true>(3000); }

// The measure declines what lies outside its ground: zeros, subnormals, infinities, NaNs,
// negative square roots, results of the other sign and results far from the exact value.
TEST(UlpMeasure, DeclinesOutsideNormalOperandsAndNearResults) {
    using Root = op::sqrt32::exact_check;
    ulp_measure::Measured m;
    const uint32_t two = 0x40000000u, sqrt2_rn = 0x3fb504f3u;
    EXPECT_TRUE(Root::measure({two, 0, 0}, sqrt2_rn + 1, Rounding::rn, false, m));
    EXPECT_EQ(m.expected, sqrt2_rn);
    EXPECT_EQ(m.steps, 1);
    for (const uint32_t a : {0u, 0x80000000u, 0x00000001u, 0x007fffffu, 0x7f800000u, 0x7fc00000u, 0xc0000000u}) {
        EXPECT_FALSE(Root::measure({a, 0, 0}, sqrt2_rn + 1, Rounding::rn, false, m)) << std::hex << a;
    }
    EXPECT_FALSE(Root::measure({two, 0, 0}, sqrt2_rn | 0x80000000u, Rounding::rn, false, m));
    EXPECT_FALSE(Root::measure({two, 0, 0}, 0x40000000u, Rounding::rn, false, m));  // 2 for 1.414
    EXPECT_FALSE(Root::measure({two, 0, 0}, 0x7f800000u, Rounding::rn, false, m));
    // Binary64 checks measure nothing: their results are judged by MPFR where not certified.
    static_assert(exact_check::MeasuresUlps<op::rsqrt32::exact_check>);
    static_assert(!exact_check::MeasuresUlps<exact_check::Quotient<Format::binary64>>);
}

}  // namespace
}  // namespace fpv
