// add64's emulation with one planted bug each (ops/add64/emulated.h, SumMutation), judged in its
// parent's rounding mode: evidence that a clean report of add64.emu* means something
// (`fpverify mutation`).
#pragma once

#include "ops/add64/impls.h"
#include "ops/binary64/mutant.h"

namespace fpv::add64 {

inline constexpr ImplSpec kStickyDropped{.variant = "mut_sticky_dropped",
                                         .summary = "sticky bit dropped when aligning the smaller operand: wrong "
                                                    "where its shifted-out bits decide a tie"};
inline constexpr ImplSpec kRdZeroSign{.variant = "mut_rd_zero_sign",
                                      .summary = "x + (-x) gives +0 rounding toward -infinity, not -0"};
inline constexpr ImplSpec kRzOverflowToInfinity{.variant = "mut_rz_overflow_to_inf",
                                                .summary = "overflow rounding toward zero gives an infinity, not "
                                                           "the largest finite number"};

template <Rounding R, SumMutation M, const ImplSpec& kSpec>
using Mutant = binary64_emulation::Mutant<Emu<R>, kSpec, emulated_add<R, M>>;

using Mutants = TypeList<Mutant<Rounding::rn, SumMutation::sticky_dropped, kStickyDropped>,
                         Mutant<Rounding::rd, SumMutation::rd_zero_sign, kRdZeroSign>,
                         Mutant<Rounding::rz, SumMutation::rz_overflow_to_infinity, kRzOverflowToInfinity>>;

}  // namespace fpv::add64
