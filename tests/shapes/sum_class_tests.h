// The class tests add64 and sub64 share (ops/{add64,sub64}/test_classes.cpp), as a shape
// instantiated in one line per op, as LLVM libc's AddTest.h: every class of the op against its
// guarantee, through the checks of tests/sum_class_checks.h run on the op's SumOp.
#pragma once

#include <gtest/gtest.h>

#include "tests/class_checks.h"
#include "tests/sum_class_checks.h"

// Suite: the op's test suite (Add64Classes); ns: the namespace of its classes (add64); sum: its
// SumOp.
#define FPV_SUM_CLASS_TESTS(Suite, ns, sum)                                                                \
    TEST(Suite, CancellationRemovesExactlyDLeadingBitsForEveryDepthAndZerosKeepTheirSignRules) {           \
        ::fpv::testing::sums::expect_cancellation(sum, ::fpv::ns::Cancellation::generate);                 \
    }                                                                                                      \
    TEST(Suite, TiesAreExactlyHalfwayWithLowerNeighboursOfBothParities) {                                  \
        ::fpv::testing::sums::expect_ties(sum, ::fpv::ns::Ties::generate);                                 \
    }                                                                                                      \
    TEST(Suite, MidpointResultsAreWithinTwoToMinusFortyOneUlpOfAMidpoint) {                                \
        ::fpv::testing::sums::expect_near_points(sum, ::fpv::ns::Midpoint::generate, true);                \
    }                                                                                                      \
    TEST(Suite, NearExactResultsAreWithinTwoToMinusFortyOneUlpOfARepresentableNumber) {                    \
        ::fpv::testing::sums::expect_near_points(sum, ::fpv::ns::NearExact::generate, false);              \
    }                                                                                                      \
    TEST(Suite, SubnormalResultsAreExactNonzeroSubnormals) {                                               \
        ::fpv::testing::sums::expect_subnormal(sum, ::fpv::ns::Subnormal::generate);                       \
    }                                                                                                      \
    TEST(Suite, OverflowResultsAreOnOrJustAroundTheOverflowThresholds) {                                   \
        ::fpv::testing::sums::expect_overflow(sum, ::fpv::ns::Overflow::generate);                         \
    }                                                                                                      \
    TEST(Suite, InputsArePureFunctionsOfKeyAndIndex) {                                                     \
        ::fpv::testing::expect_pure<::fpv::ns::Cancellation, ::fpv::ns::Ties, ::fpv::ns::Midpoint,         \
                                    ::fpv::ns::NearExact, ::fpv::ns::Subnormal, ::fpv::ns::Overflow>(100); \
    }
