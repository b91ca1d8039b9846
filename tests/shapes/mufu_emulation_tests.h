// The tests every MUFU-seeded emulation shares (ops/{sqrt64,rsqrt64,rcp64}/test_emulated.cpp), as
// a shape instantiated in one line per op, as LLVM libc's SqrtTest.h: each mode against MPFR on
// samples of every class and on mixed operands, and every mutant failing that same comparison.
// An op's own file keeps its IEEE special cases, its directed roundings and its campaign, whose
// TestFloat files differ per op.
#pragma once

#include <gtest/gtest.h>

#include "tests/mufu_emulation_checks.h"

// Suite: the op's test suite (Sqrt64Emulation); op: its name.
#define FPV_MUFU_EMULATION_TESTS(Suite, op)                                                       \
    TEST(Suite, EveryModeMatchesMpfrOnEveryClassAndMixedOperands) {                               \
        ::fpv::testing::mufu_emulation_checks::expect_every_mode_matches_mpfr(op, 10000, 200000);  \
    }                                                                                             \
    TEST(Suite, EveryMutantFailsThatComparison) {                                                 \
        ::fpv::testing::mufu_emulation_checks::expect_every_mutant_mismatches(op, 2000, 30000);    \
    }
