// What the tests of the binary64 ops' input classes (ops/<op>/test_classes.cpp) share: the keys
// and indices they sample, and the check that a class's inputs are pure functions of key and
// index (the root ops' shared checks: tests/shapes/root_class_tests.h).
#pragma once

#include <gtest/gtest.h>
#include <mpfr.h>

#include <cstdint>
#include <string_view>

#include "core/operands.h"
#include "corpus/class_traits.h"
#include "tests/exact_grid.h"
#include "tests/exact_rational.h"

namespace fpv::testing {

// The binary ops' (add64, sub64, mul64, fma64) keys and how many indices of each are checked,
// and the rounding modes in the order the checks index them: RN, RZ, RU, RD.
struct Sampling {
    uint64_t key, samples;
};
inline constexpr Sampling kRuns[] = {{7, 20000}, {0x5eed5eed, 4000}};
inline constexpr mpfr_rnd_t kModes[] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU, MPFR_RNDD};

// The unary ops' (rcp64, rsqrt64, sqrt64) keys, each checked at indices 0 to kSamples - 1.
inline constexpr uint64_t kSamples = 20000;
inline constexpr uint64_t kKeys[] = {0x5eed, 0x9e3779b97f4a7c15ull};

using Generate = Operands (*)(const ClassParams&, uint64_t);

template <class Class>
Operands input(uint64_t key, uint64_t i) {
    return Class::generate(ClassParams{key}, i);
}

// Indices 0, 7, ..., 994 give the same operands twice under key 11, and more than min_differ of
// them change under key 12.
inline void expect_pure(Generate generate, std::string_view name, int min_differ) {
    int differ = 0;
    for (uint64_t i = 0; i < 1000; i += 7) {
        EXPECT_EQ(generate(ClassParams{11}, i), generate(ClassParams{11}, i)) << name;
        differ += !(generate(ClassParams{11}, i) == generate(ClassParams{12}, i));
    }
    EXPECT_GT(differ, min_differ) << name << " ignores the key";
}

// expect_pure for each class, in turn.
template <class... Classes>
void expect_pure(int min_differ) {
    (expect_pure(&Classes::generate, Classes::name, min_differ), ...);
}

}  // namespace fpv::testing
