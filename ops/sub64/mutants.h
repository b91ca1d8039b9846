// sub64's emulation with one planted bug each (ops/add64/emulated.h, SumMutation: subtraction
// shares addition's code, and these bugs sit where a difference of magnitudes goes wrong),
// judged in its parent's rounding mode (`fpverify mutation`).
#pragma once

#include "ops/binary64/mutant.h"
#include "ops/sub64/impls.h"

namespace fpv::sub64 {

using add64::SumMutation;

inline constexpr ImplSpec kOneGuardBit{.variant = "mut_one_guard_bit",
                                       .summary = "alignment keeps one guard bit and the sticky bit, no round "
                                                  "bit: wrong where the difference loses its leading bit"};
inline constexpr ImplSpec kNormalizeShort{.variant = "mut_normalize_short",
                                          .summary = "normalisation after cancellation stops one binade above "
                                                     "the subnormal range: wrong differences below 2^-1021"};
inline constexpr ImplSpec kDirectionFromX{.variant = "mut_direction_from_x",
                                          .summary = "rounding toward +infinity decided by x's sign, not the "
                                                     "difference's: wrong where |y| > |x| flips the sign"};

template <Rounding R, SumMutation M, const ImplSpec& kSpec>
using Mutant = binary64_emulation::Mutant<Emu<R>, kSpec, emulated_subtract<R, M>>;

using Mutants = TypeList<Mutant<Rounding::rn, SumMutation::one_guard_bit, kOneGuardBit>,
                         Mutant<Rounding::rn, SumMutation::normalize_short_of_subnormal, kNormalizeShort>,
                         Mutant<Rounding::ru, SumMutation::direction_from_first_sign, kDirectionFromX>>;

}  // namespace fpv::sub64
