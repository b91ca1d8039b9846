// The emulated division (two Newton-Raphson steps) with one planted bug each (ops/div64/
// emulated.h, Mutation): evidence that a clean report means something (`fpverify mutation`).
#pragma once

#include "ops/binary64/mutant.h"
#include "ops/div64/impls.h"

namespace fpv::div64 {

inline constexpr ImplSpec kSubnormalTiesAway{
    .variant = "mut_subnormal_ties_away",
    .summary = "subnormal results: ties broken away from zero instead of to even"};
inline constexpr ImplSpec kOverflowOffByOne{.variant = "mut_overflow_off_by_one",
                                            .summary = "overflow threshold one binade too high"};
inline constexpr ImplSpec kUnderflowOffByOne{.variant = "mut_underflow_off_by_one",
                                             .summary = "flush-to-zero threshold one binade too high"};
inline constexpr ImplSpec kInfOverInf{.variant = "mut_inf_over_inf",
                                      .summary = "inf/inf forgotten: returns 0 instead of NaN"};
inline constexpr ImplSpec kZeroSign{.variant = "mut_zero_sign", .summary = "zero quotients always +0"};
inline constexpr ImplSpec kNanDivisor{.variant = "mut_nan_divisor", .summary = "x/NaN returns x (NaN not propagated)"};
inline constexpr ImplSpec kZeroDivisor{.variant = "mut_zero_divisor",
                                       .summary = "x/0 returns NaN instead of an infinity"};
inline constexpr ImplSpec kNextBitRounding{
    .variant = "mut_next_bit_rounding",
    .summary = "rounds by the next bit of the approximate quotient, without the remainder check: wrong "
               "near midpoints (within about 2^-10 ulp)"};
inline constexpr ImplSpec kRoundingBias{
    .variant = "mut_rounding_bias",
    .summary = "remainder comparison biased towards rounding down: wrong only within 2^-39 ulp above a "
               "midpoint"};

template <Mutation M, const ImplSpec& kSpec>
using Mutant = binary64_emulation::Mutant<EmuNr, kSpec, emulated_divide<Refinement::newton_raphson_twice, M>>;

using Mutants = TypeList<Mutant<Mutation::subnormal_ties_away, kSubnormalTiesAway>,
                         Mutant<Mutation::overflow_off_by_one, kOverflowOffByOne>,
                         Mutant<Mutation::underflow_off_by_one, kUnderflowOffByOne>,
                         Mutant<Mutation::inf_over_inf, kInfOverInf>, Mutant<Mutation::zero_sign_lost, kZeroSign>,
                         Mutant<Mutation::nan_divisor_dropped, kNanDivisor>,
                         Mutant<Mutation::zero_divisor_nan, kZeroDivisor>,
                         Mutant<Mutation::rounding_by_next_bit, kNextBitRounding>,
                         Mutant<Mutation::rounding_bias, kRoundingBias>>;

}  // namespace fpv::div64
