// Every add64 input class against its documented guarantee, proven input by input in exact
// rational arithmetic, with MPFR showing the rounding consequences the guarantee is there for:
// the checks shared with sub64 in tests/sum_class_checks.h, run on a + b.
#include <gtest/gtest.h>
#include <mpfr.h>

#include "ops/add64/classes.h"
#include "tests/class_checks.h"
#include "tests/sum_class_checks.h"

namespace fpv {
namespace {

using namespace testing::sums;

const SumOp kOp{0, mpfr_add, "sum", "x + (-x)"};

TEST(Add64Classes, CancellationRemovesExactlyDLeadingBitsForEveryDepthAndZerosKeepTheirSignRules) {
    expect_cancellation(kOp, add64::Cancellation::generate);
}

TEST(Add64Classes, TiesAreExactlyHalfwayWithLowerNeighboursOfBothParities) {
    expect_ties(kOp, add64::Ties::generate);
}

TEST(Add64Classes, MidpointResultsAreWithinTwoToMinusFortyOneUlpOfAMidpoint) {
    expect_near_points(kOp, add64::Midpoint::generate, true);
}

TEST(Add64Classes, NearExactResultsAreWithinTwoToMinusFortyOneUlpOfARepresentableNumber) {
    expect_near_points(kOp, add64::NearExact::generate, false);
}

TEST(Add64Classes, SubnormalResultsAreExactNonzeroSubnormals) {
    expect_subnormal(kOp, add64::Subnormal::generate);
}

TEST(Add64Classes, OverflowResultsAreOnOrJustAroundTheOverflowThresholds) {
    expect_overflow(kOp, add64::Overflow::generate);
}

TEST(Add64Classes, InputsArePureFunctionsOfKeyAndIndex) {
    testing::expect_pure<add64::Cancellation, add64::Ties, add64::Midpoint, add64::NearExact, add64::Subnormal,
                         add64::Overflow>(100);
}

}  // namespace
}  // namespace fpv
