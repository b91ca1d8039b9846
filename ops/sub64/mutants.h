// sub64's emulation with one planted bug each (ops/add64/emulated.h, SumMutation: subtraction
// shares addition's code, and these bugs sit where a difference of magnitudes goes wrong),
// judged in its parent's rounding mode (`fpverify mutation`).
#pragma once

#include "ops/sub64/impls.h"

namespace fpv::sub64 {

using add64::SumMutation;

template <SumMutation M>
struct MutantSpec;
template <>
struct MutantSpec<SumMutation::one_guard_bit> {
    static constexpr ImplSpec spec{.variant = "mut_one_guard_bit",
                                   .summary = "alignment keeps one guard bit and the sticky bit, no round bit: "
                                              "wrong where the difference loses its leading bit"};
};
template <>
struct MutantSpec<SumMutation::normalize_short_of_subnormal> {
    static constexpr ImplSpec spec{.variant = "mut_normalize_short",
                                   .summary = "normalisation after cancellation stops one binade above the "
                                              "subnormal range: wrong differences below 2^-1021"};
};
template <>
struct MutantSpec<SumMutation::direction_from_first_sign> {
    static constexpr ImplSpec spec{.variant = "mut_direction_from_x",
                                   .summary = "rounding toward +infinity decided by x's sign, not the "
                                              "difference's: wrong where |y| > |x| flips the sign"};
};

template <Rounding R, SumMutation M>
struct Mutant : MutantOf<Emu<R>> {
    static constexpr const ImplSpec& spec = MutantSpec<M>::spec;
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) { return emulated_subtract<R, M>(x, y); }
};

using Mutants = TypeList<Mutant<Rounding::rn, SumMutation::one_guard_bit>,
                         Mutant<Rounding::rn, SumMutation::normalize_short_of_subnormal>,
                         Mutant<Rounding::ru, SumMutation::direction_from_first_sign>>;

}  // namespace fpv::sub64
