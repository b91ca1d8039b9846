// Every sub64 input class against its documented guarantee, proven input by input in exact
// rational arithmetic, with MPFR showing the rounding consequences the guarantee is there for:
// the checks shared with add64 in tests/sum_class_checks.h, run on a - b.
#include <gtest/gtest.h>
#include <mpfr.h>

#include "ops/sub64/classes.h"
#include "tests/class_checks.h"
#include "tests/sum_class_checks.h"

namespace fpv {
namespace {

using namespace testing::sums;

const SumOp kOp{b64::kSign, mpfr_sub, "difference", "x - x"};

TEST(Sub64Classes, CancellationRemovesExactlyDLeadingBitsForEveryDepthAndZerosKeepTheirSignRules) {
    expect_cancellation(kOp, sub64::Cancellation::generate);
}

TEST(Sub64Classes, TiesAreExactlyHalfwayWithLowerNeighboursOfBothParities) {
    expect_ties(kOp, sub64::Ties::generate);
}

TEST(Sub64Classes, MidpointResultsAreWithinTwoToMinusFortyOneUlpOfAMidpoint) {
    expect_near_points(kOp, sub64::Midpoint::generate, true);
}

TEST(Sub64Classes, NearExactResultsAreWithinTwoToMinusFortyOneUlpOfARepresentableNumber) {
    expect_near_points(kOp, sub64::NearExact::generate, false);
}

TEST(Sub64Classes, SubnormalResultsAreExactNonzeroSubnormals) {
    expect_subnormal(kOp, sub64::Subnormal::generate);
}

TEST(Sub64Classes, OverflowResultsAreOnOrJustAroundTheOverflowThresholds) {
    expect_overflow(kOp, sub64::Overflow::generate);
}

TEST(Sub64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<sub64::Cancellation, sub64::Ties, sub64::Midpoint, sub64::NearExact, sub64::Subnormal,
                         sub64::Overflow>(100);
}

}  // namespace
}  // namespace fpv
