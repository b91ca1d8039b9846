// mul64's emulation with one planted bug each (ops/mul64/emulated.h, Mutation), judged in its
// parent's rounding mode (`fpverify mutation`).
#pragma once

#include "ops/binary64/mutant.h"
#include "ops/mul64/impls.h"

namespace fpv::mul64 {

inline constexpr ImplSpec kLowWordStickyLost{.variant = "mut_low_word_sticky_lost",
                                             .summary = "the product's low word left out of the sticky bit: wrong "
                                                        "where the high word alone looks like a tie"};
inline constexpr ImplSpec kSubnormalDoubleRounding{.variant = "mut_subnormal_double_rounding",
                                                   .summary = "a subnormal product rounded twice, to 53 bits and "
                                                              "then to its place: wrong where the first rounding "
                                                              "makes a tie"};
inline constexpr ImplSpec kRuOverflowToFinite{.variant = "mut_ru_overflow_to_finite",
                                              .summary = "a positive overflow rounding toward +infinity gives the "
                                                         "largest finite number, not +infinity"};

template <Rounding R, Mutation M, const ImplSpec& kSpec>
using Mutant = binary64_emulation::Mutant<Emu<R>, kSpec, emulated_multiply<R, M>>;

using Mutants = TypeList<Mutant<Rounding::rn, Mutation::low_word_sticky_lost, kLowWordStickyLost>,
                         Mutant<Rounding::rn, Mutation::subnormal_double_rounding, kSubnormalDoubleRounding>,
                         Mutant<Rounding::ru, Mutation::ru_overflow_to_finite, kRuOverflowToFinite>>;

}  // namespace fpv::mul64
