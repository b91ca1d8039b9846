// add64's emulation with one planted bug each (ops/add64/emulated.h, SumMutation), judged in its
// parent's rounding mode: evidence that a clean report of add64.emu* means something
// (`fpverify mutation`).
#pragma once

#include "ops/add64/impls.h"

namespace fpv::add64 {

template <SumMutation M>
struct MutantSpec;
template <>
struct MutantSpec<SumMutation::sticky_dropped> {
    static constexpr ImplSpec spec{.variant = "mut_sticky_dropped",
                                   .summary = "sticky bit dropped when aligning the smaller operand: wrong "
                                              "where its shifted-out bits decide a tie"};
};
template <>
struct MutantSpec<SumMutation::rd_zero_sign> {
    static constexpr ImplSpec spec{.variant = "mut_rd_zero_sign",
                                   .summary = "x + (-x) gives +0 rounding toward -infinity, not -0"};
};
template <>
struct MutantSpec<SumMutation::rz_overflow_to_infinity> {
    static constexpr ImplSpec spec{.variant = "mut_rz_overflow_to_inf",
                                   .summary = "overflow rounding toward zero gives an infinity, not the "
                                              "largest finite number"};
};

template <Rounding R, SumMutation M>
struct Mutant : MutantOf<Emu<R>> {
    static constexpr const ImplSpec& spec = MutantSpec<M>::spec;
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) { return emulated_add<R, M>(x, y); }
};

using Mutants = TypeList<Mutant<Rounding::rn, SumMutation::sticky_dropped>,
                         Mutant<Rounding::rd, SumMutation::rd_zero_sign>,
                         Mutant<Rounding::rz, SumMutation::rz_overflow_to_infinity>>;

}  // namespace fpv::add64
