// What the tests of the MUFU-seeded emulations (ops/{sqrt64,rsqrt64,rcp64}/test_emulated.cpp)
// share: each op's four emulations ("<op>.emu", "emu_rz", "emu_ru", "emu_rd") against MPFR in
// their own mode, on samples of every class of the op and on operands of this file's own
// (random bits, specials, subnormals, short significands, the ends of the exponent range, the
// ends of the seed instruction's 2^20 cells); the same comparison failing each of the op's
// mutants, which shows it can fail; and the campaign CI runs: every emulation over `all` (and
// the op's TestFloat files where it has them), clean, keeping x86's NaN rule under --strict-nan.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "corpus/counter_rng.h"
#include "ops/binary64/mufu_seeded.h"
#include "tests/emulation_checks.h"
#include "tests/test_support.h"

namespace fpv::testing::mufu_emulation_checks {

using namespace emulation_checks;

inline uint64_t run(std::string_view op, Rounding r, uint64_t x) { return emulation(op, r).host({x, 0, 0}); }

// One operand of a random flavour, of either sign.
inline uint64_t mixed_operand(CounterRng& rng) {
    const uint64_t sign = rng.below(8) == 0 ? mufu_seeded::kSign : 0;
    const uint64_t exponent = rng.between(1, 2046);
    const uint64_t flavour = rng.below(7);
    if (flavour < 5) return mixed_operand_of_flavour(rng, flavour, sign, exponent);
    if (flavour == 5) {  // at either end of a cell of the seed, which reads 20 mantissa bits
        const uint64_t low = rng.coin() ? 0 : 0xffffffffull - rng.below(4);
        return sign | (exponent << 52) | (rng.next() >> 12 & 0x000fffff00000000ull) | low;
    }
    return sign | (exponent << 52) | (rng.next() >> 12);
}

// The index-th mixed operand (the op's arity is 1).
inline Operands mixed_operands(uint64_t index, int /*arity*/) {
    CounterRng rng(0x6a09e667f3bcc909ull, index);
    return {mixed_operand(rng), 0, 0};
}

// Every emulation of the op agrees with MPFR, NaNs and all; every mutant does not.
inline void expect_every_mode_matches_mpfr(std::string_view op, uint64_t per_class, uint64_t mixed) {
    emulation_checks::expect_every_mode_matches_mpfr(op, per_class, mixed, mixed_operands);
}

inline void expect_every_mutant_mismatches(std::string_view op, uint64_t per_class, uint64_t mixed) {
    emulation_checks::expect_every_mutant_mismatches(op, per_class, mixed, mixed_operands);
}

// The campaign of "done when": each emulation over `all` and, where the op has them, the
// TestFloat files of its mode (testfloat_files[mode]), clean; then with
// --strict-nan on the specials, x86's NaN rule kept. `fast`: the op has the host's exact answer.
inline void expect_clean_campaigns(std::string_view op, const std::array<std::vector<std::string>, 4>& testfloat_files,
                                   uint64_t count, bool fast) {
    TempDir dir;
    const std::string db = dir.path("emulations.db");
    std::string impls;
    size_t files = 0;
    for (const Rounding r : kModes) {
        const ImplInfo& impl = emulation(op, r);
        impls += (impls.empty() ? "" : ",") + impl.name;
        std::string classes = "all";
        for (const std::string& file : testfloat_files[static_cast<size_t>(r)]) {
            classes += ",testfloat:" + vectors_dir() + "/" + file;
            ++files;
        }
        const auto campaign = run_fpverify({"run", "--db", db, "--impl", impl.name, "--classes", classes, "--count",
                                            std::to_string(count), "--backend", "cpu", "--no-progress", "--quiet",
                                            "--reference", fast ? "fast" : "mpfr"});
        ASSERT_EQ(campaign.status, 0) << campaign.out << campaign.err;
    }
    // No failure, four impls, each with its files.
    expect_clean_database_and_strict_nans(dir, db, impls, files);
}

}  // namespace fpv::testing::mufu_emulation_checks
