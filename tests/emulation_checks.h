// What the tests of every binary64 emulation share, the integer ones (tests/int_emulation_checks.h)
// and the MUFU-seeded ones (tests/mufu_emulation_checks.h): finding an op's four emulations
// ("<op>.emu", "emu_rz", "emu_ru", "emu_rd") and its mutants, the special operands the mixed
// operands draw from, the comparison with MPFR in each impl's own mode on samples of every class
// of the op and on the caller's mixed operands (the mutants failing it), and the checks that
// end each op's campaign: the database clean, and x86's NaN rule kept under --strict-nan.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "corpus/counter_rng.h"
#include "model/input_set.h"
#include "ops/binary64/emulation.h"
#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "reference/mpfr_reference.h"
#include "reference/rounded_verdict.h"
#include "tests/test_support.h"

namespace fpv::testing::emulation_checks {

inline constexpr Rounding kModes[] = {Rounding::rn, Rounding::rz, Rounding::ru, Rounding::rd};

// The bit patterns the ops' own cases (ops/<op>/test_emulated.cpp) are spelled in.
inline constexpr uint64_t kNeg = 0x8000000000000000ull, kOne = 0x3ff0000000000000ull, kInf = 0x7ff0000000000000ull;
inline constexpr uint64_t kMax = 0x7fefffffffffffffull, kMinNormal = 0x0010000000000000ull;
inline constexpr uint64_t kDefaultNan = 0xfff8000000000000ull;

inline const ImplInfo& emulation(std::string_view op, Rounding r) {
    return impl_named(std::string(op) + "." + std::string(binary64_emulation::kVariants[binary64_emulation::mode_index(r)]));
}

inline std::vector<const ImplInfo*> mutants_of(std::string_view op) {
    std::vector<const ImplInfo*> mutants;
    for (const ImplInfo& impl : all_impls()) {
        if (impl.is_mutant() && op_info(impl.op).name == op) mutants.push_back(&impl);
    }
    return mutants;
}

// The special magnitudes that mixed operands draw from.
inline constexpr uint64_t kSpecials[16] = {
    0, 0x7ff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull, 0x7ff4000000000123ull,
    0x0000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull,
    0x3ff0000000000000ull, 0x7fe0000000000000ull, 0x0008000000000000ull, 0x3ff0000000000001ull,
    0x3fefffffffffffffull, 0x0010000000000001ull, 0x001fffffffffffffull};

// The flavours of a mixed operand that every emulation's tests draw (flavour < 5), given its
// sign and an exponent field in [1, 2046]: random bits, a special, a subnormal (or zero), a short
// significand (exact results, ties), near either end of the exponent range.
inline uint64_t mixed_operand_of_flavour(CounterRng& rng, uint64_t flavour, uint64_t sign, uint64_t exponent) {
    switch (flavour) {
        case 0: return rng.next();
        case 1: return sign | kSpecials[rng.below(16)];
        case 2: return sign | (rng.next() >> rng.between(12, 63));  // subnormal (or zero)
        case 3: {  // a short significand: exact results, ties
            const int bits = static_cast<int>(rng.between(0, 52));
            const uint64_t mantissa = bits == 0 ? 0 : (rng.next() >> (64 - bits)) << (52 - bits);
            return sign | (exponent << 52) | mantissa;
        }
        default: {  // near either end of the exponent range
            const uint64_t e = rng.coin() ? rng.below(60) : 2046 - rng.below(60);
            return sign | (e << 52) | (rng.next() >> 12);
        }
    }
}

// The index-th mixed operands for an op of the given arity.
using MixedOperands = Operands (*)(uint64_t index, int arity);

// Where an impl's results differ from MPFR's correctly rounded ones in the impl's own mode, or
// keep a NaN against the impl's NaN rule: counted, the first one described.
class Mismatches {
public:
    Mismatches(const ImplInfo& impl, MixedOperands mixed_operands) : impl_(impl), mixed_operands_(mixed_operands) {}

    void check(const Operands& in) {
        ++checked_;
        const uint64_t result = impl_.host(in);
        const auto [expected, keeps_nan] = with_op(impl_.op, [&](auto tag) -> std::pair<uint64_t, bool> {
            using Op = typename decltype(tag)::type;
            if constexpr (Op::metric == Metric::correctly_rounded) {
                return {mpfr_.correctly_rounded<Op>(in, impl_.spec.rounding, false),
                        keeps_nan_rule<Op>(impl_.spec, in, result)};
            } else {
                return {~result, false};  // the emulations are all binary64 ops: never here
            }
        });
        if (same_answer(Format::binary64, result, expected) && keeps_nan) return;
        if (found_++ == 0) {
            char text[160];
            if (op_info(impl_.op).arity == 1) {
                std::snprintf(text, sizeof text, "%016llx: %016llx, expected %016llx",
                              static_cast<unsigned long long>(in.a), static_cast<unsigned long long>(result),
                              static_cast<unsigned long long>(expected));
            } else {
                std::snprintf(text, sizeof text, "%016llx %016llx %016llx: %016llx, expected %016llx",
                              static_cast<unsigned long long>(in.a), static_cast<unsigned long long>(in.b),
                              static_cast<unsigned long long>(in.c), static_cast<unsigned long long>(result),
                              static_cast<unsigned long long>(expected));
            }
            first_ = impl_.name + " on " + text;
        }
    }

    // The first `count` inputs of every class of the op in `all` (seed 3), then `mixed` mixed ones.
    Mismatches& over_classes_and_mixed(uint64_t count, uint64_t mixed) {
        for (const ClassInfo& c : classes_of(impl_.op)) {
            if (!c.in_all) continue;
            const InputSet set = resolve_class(c.name, impl_.op, 3);
            for (uint64_t i = 0; i < std::min(set.size, count); ++i) check(set.input(i));
        }
        const int arity = op_info(impl_.op).arity;
        for (uint64_t i = 0; i < mixed; ++i) check(mixed_operands_(i, arity));
        return *this;
    }

    uint64_t found() const { return found_; }
    uint64_t checked() const { return checked_; }
    const std::string& first() const { return first_; }

private:
    const ImplInfo& impl_;
    MixedOperands mixed_operands_;
    MpfrReference mpfr_;
    uint64_t found_ = 0, checked_ = 0;
    std::string first_;
};

// Every emulation of the op agrees with MPFR, NaNs and all; every mutant does not.
inline void expect_every_mode_matches_mpfr(std::string_view op, uint64_t per_class, uint64_t mixed,
                                           MixedOperands mixed_operands) {
    for (const Rounding r : kModes) {
        Mismatches m(emulation(op, r), mixed_operands);
        m.over_classes_and_mixed(per_class, mixed);
        EXPECT_EQ(m.found(), 0u) << m.first();
        EXPECT_GT(m.checked(), mixed);
    }
}

inline void expect_every_mutant_mismatches(std::string_view op, uint64_t per_class, uint64_t mixed,
                                           MixedOperands mixed_operands) {
    const std::vector<const ImplInfo*> mutants = mutants_of(op);
    EXPECT_GE(mutants.size(), 3u) << op;
    for (const ImplInfo* mutant : mutants) {
        Mismatches m(*mutant, mixed_operands);
        m.over_classes_and_mixed(per_class, mixed);
        EXPECT_GT(m.found(), 0u) << mutant->name << " passes the comparison";
    }
}

// The end of a campaign: the database `db` clean, no failure and no reference disagreement,
// with four impls and `testfloat_units` units of TestFloat files; then `impls` (comma-separated)
// on the specials with --strict-nan, x86's NaN rule kept.
inline void expect_clean_database_and_strict_nans(const TempDir& dir, const std::string& db, const std::string& impls,
                                                  size_t testfloat_units) {
    const auto q = run_fpverify({"query", "--db", db, "--format", "csv",
                                 "SELECT sum(failed), sum(reference_disagreements), count(DISTINCT impl), "
                                 "sum(class LIKE 'testfloat:%'), sum(tested) FROM units"});
    ASSERT_EQ(q.status, 0) << q.err;
    EXPECT_TRUE(contains(q.out, "\n0,0,4," + std::to_string(testfloat_units) + ",")) << q.out;

    const auto strict = run_fpverify({"run", "--db", dir.path("nan.db"), "--impl", impls, "--classes", "specials",
                                      "--count", "20000", "--backend", "cpu", "--no-progress", "--quiet",
                                      "--strict-nan"});
    EXPECT_EQ(strict.status, 0) << strict.out << strict.err;
}

}  // namespace fpv::testing::emulation_checks
