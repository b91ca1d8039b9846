// What the tests of the integer emulations (ops/{add64,sub64,mul64,fma64}/test_emulated.cpp)
// share: each op's four emulations ("<op>.emu", "emu_rz", "emu_ru", "emu_rd") against MPFR in
// their own mode, on samples of every class of the op and on mixed operands of this file's own
// (specials, subnormals, short significands, the ends of the exponent range, related operands
// that cancel); the same comparison failing each of the op's mutants, which shows it can fail;
// and the campaign CI runs: every emulation over `all` and the op's TestFloat file, clean, and
// keeping x86's NaN rule under --strict-nan.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "corpus/counter_rng.h"
#include "ops/binary64/int_emulation.h"
#include "tests/emulation_checks.h"
#include "tests/test_support.h"

namespace fpv::testing::int_emulation_checks {

using namespace emulation_checks;

// One operand of a random flavour.
inline uint64_t mixed_operand(CounterRng& rng) {
    const uint64_t sign = rng.coin() ? int_emulation::kSign : 0;
    const uint64_t exponent = rng.between(1, 2046);
    const uint64_t flavour = rng.below(7);
    if (flavour < 5) return mixed_operand_of_flavour(rng, flavour, sign, exponent);
    if (flavour == 5) return sign | ((1023 - 30 + rng.below(60)) << 52) | (rng.next() >> 12);
    return sign | (exponent << 52) | (rng.next() >> 12);
}

// An operand near x, its negation, or one at a nearby exponent: sums that cancel.
inline uint64_t related_operand(CounterRng& rng, uint64_t x) {
    const int64_t step = rng.between(-4, 4);
    switch (rng.below(5)) {
        case 0: return x ^ int_emulation::kSign;
        case 1: return (x ^ int_emulation::kSign) + static_cast<uint64_t>(step);
        case 2: return x + static_cast<uint64_t>(step);
        case 3: {
            const int64_t e = static_cast<int64_t>((x >> 52) & 0x7ff) + rng.between(-65, 65);
            const uint64_t field = static_cast<uint64_t>(e < 0 ? 0 : e > 2046 ? 2046 : e);
            return (rng.coin() ? int_emulation::kSign : 0) | (field << 52) | (rng.next() >> 12);
        }
        default: return mixed_operand(rng);
    }
}

// Operands for an op of the given arity; fma's c is near -a*b, far below it, or anything.
inline Operands mixed_operands(uint64_t index, int arity) {
    CounterRng rng(0x1e3779b97f4a7c15ull, index);
    const uint64_t a = mixed_operand(rng);
    const uint64_t b = rng.coin() ? related_operand(rng, a) : mixed_operand(rng);
    if (arity < 3) return {a, b, 0};
    const uint64_t product = bits_of(double_of(a) * double_of(b));
    switch (rng.below(4)) {
        case 0: return {a, b, related_operand(rng, product)};
        case 1: {  // c far below a*b: only its sticky bit counts
            const int64_t e = static_cast<int64_t>((product >> 52) & 0x7ff) - rng.between(55, 1100);
            const uint64_t field = static_cast<uint64_t>(e < 0 ? 0 : e);
            return {a, b, (rng.coin() ? int_emulation::kSign : 0) | (field << 52) | (rng.next() >> rng.between(12, 63))};
        }
        default: return {a, b, mixed_operand(rng)};
    }
}

// Every emulation of the op agrees with MPFR, NaNs and all; every mutant does not.
inline void expect_every_mode_matches_mpfr(std::string_view op, uint64_t per_class, uint64_t mixed) {
    emulation_checks::expect_every_mode_matches_mpfr(op, per_class, mixed, mixed_operands);
}

inline void expect_every_mutant_mismatches(std::string_view op, uint64_t per_class, uint64_t mixed) {
    emulation_checks::expect_every_mutant_mismatches(op, per_class, mixed, mixed_operands);
}

// The campaign of "done when": the four emulations over `all` and the op's TestFloat file (in
// round to nearest; its operands serve every mode, its results are checked against MPFR in
// that mode), clean; then with --strict-nan on the specials, x86's NaN rule kept.
inline void expect_clean_campaigns(std::string_view op, const std::string& testfloat_file, uint64_t count) {
    TempDir dir;
    const std::string db = dir.path("emulations.db");
    std::string impls;
    for (const Rounding r : kModes) impls += (impls.empty() ? "" : ",") + emulation(op, r).name;
    const std::string classes = "all,testfloat:" + vectors_dir() + "/" + testfloat_file;
    const auto run = run_fpverify({"run", "--db", db, "--impl", impls, "--classes", classes, "--count",
                                   std::to_string(count), "--backend", "cpu", "--no-progress", "--quiet",
                                   "--reference", "fast"});
    ASSERT_EQ(run.status, 0) << run.out << run.err;
    expect_clean_database_and_strict_nans(dir, db, impls, 4);  // four impls, each with the file
}

}  // namespace fpv::testing::int_emulation_checks
