// The tests every integer emulation shares (ops/{add64,sub64,mul64,fma64}/test_emulated.cpp), as
// a shape instantiated in one line per op, as LLVM libc's AddTest.h: each mode against MPFR on
// samples of every class and on mixed operands, every mutant failing that same comparison, and
// the campaign CI runs. An op's own file keeps what only it has: its IEEE special cases and
// directed roundings, spelled in the bit patterns of tests/emulation_checks.h.
#pragma once

#include <gtest/gtest.h>

#include "tests/int_emulation_checks.h"

// Suite: the op's test suite (Add64Emulation); op: its name; testfloat_file: its TestFloat file
// under FPV_VECTORS.
#define FPV_INT_EMULATION_TESTS(Suite, op, testfloat_file)                                       \
    TEST(Suite, EveryModeMatchesMpfrOnEveryClassAndMixedOperands) {                              \
        ::fpv::testing::int_emulation_checks::expect_every_mode_matches_mpfr(op, 2000, 30000);    \
    }                                                                                            \
    TEST(Suite, EveryMutantFailsThatComparison) {                                                \
        ::fpv::testing::int_emulation_checks::expect_every_mutant_mismatches(op, 2000, 30000);    \
    }                                                                                            \
    TEST(Suite, EveryModeIsCleanOverAllAndTheTestFloatFile) {                                    \
        ::fpv::testing::int_emulation_checks::expect_clean_campaigns(op, testfloat_file, 3000);   \
    }
