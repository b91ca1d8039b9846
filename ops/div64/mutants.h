// The emulated division (two Newton-Raphson steps) with one planted bug each (ops/div64/
// emulated.h, Mutation): evidence that a clean report means something (`fpverify mutation`).
#pragma once

#include "ops/div64/impls.h"

namespace fpv::div64 {

// Indexed by Mutation; `none` has no mutant.
inline constexpr ImplSpec kMutantSpecs[] = {
    {},
    {.variant = "mut_subnormal_ties_away",
     .summary = "subnormal results: ties broken away from zero instead of to even"},
    {.variant = "mut_overflow_off_by_one", .summary = "overflow threshold one binade too high"},
    {.variant = "mut_underflow_off_by_one", .summary = "flush-to-zero threshold one binade too high"},
    {.variant = "mut_inf_over_inf", .summary = "inf/inf forgotten: returns 0 instead of NaN"},
    {.variant = "mut_zero_sign", .summary = "zero quotients always +0"},
    {.variant = "mut_nan_divisor", .summary = "x/NaN returns x (NaN not propagated)"},
    {.variant = "mut_zero_divisor", .summary = "x/0 returns NaN instead of an infinity"},
    {.variant = "mut_next_bit_rounding",
     .summary = "rounds by the next bit of the approximate quotient, without the remainder check: wrong "
                "near midpoints (within about 2^-10 ulp)"},
    {.variant = "mut_rounding_bias",
     .summary = "remainder comparison biased towards rounding down: wrong only within 2^-39 ulp above a "
                "midpoint"},
};

template <Mutation kBug>
struct Mutant : MutantOf<EmuNr> {
    static constexpr const ImplSpec& spec = kMutantSpecs[static_cast<int>(kBug)];
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) {
        return emulated_divide<Refinement::newton_raphson_twice, kBug>(x, y);
    }
};

using Mutants = TypeList<Mutant<Mutation::subnormal_ties_away>, Mutant<Mutation::overflow_off_by_one>,
                         Mutant<Mutation::underflow_off_by_one>, Mutant<Mutation::inf_over_inf>,
                         Mutant<Mutation::zero_sign_lost>, Mutant<Mutation::nan_divisor_dropped>,
                         Mutant<Mutation::zero_divisor_nan>, Mutant<Mutation::rounding_by_next_bit>,
                         Mutant<Mutation::rounding_bias>>;

}  // namespace fpv::div64
