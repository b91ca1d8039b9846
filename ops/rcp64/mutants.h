// The emulated reciprocal with one planted bug each (ops/rcp64/emulated.h, Mutation), each a
// mutant of the impl whose rounding mode exposes it: evidence that a clean report means
// something (`fpverify mutation`).
#pragma once

#include "ops/binary64/mutant.h"
#include "ops/rcp64/impls.h"

namespace fpv::rcp64 {

inline constexpr ImplSpec kZeroSign{.variant = "mut_zero_sign", .summary = "1/-0 = +infinity"};
inline constexpr ImplSpec kSubnormalDoubleRounding{.variant = "mut_subnormal_double_rounding",
                                                   .summary = "subnormal results rounded to 53 bits first, then to "
                                                              "their place: wrong near their midpoints"};
inline constexpr ImplSpec kRzOverflowInfinity{.variant = "mut_rz_overflow_infinity",
                                              .summary = "toward zero: results past the largest finite number give "
                                                         "infinity, as to nearest"};
inline constexpr ImplSpec kRdExactResidual{.variant = "mut_rd_exact_residual",
                                           .summary = "toward -infinity: the residual test excludes zero, so exact "
                                                      "reciprocals (powers of two) come out one ulp off"};

template <Rounding R, Mutation M, const ImplSpec& kSpec>
using Mutant = binary64_emulation::Mutant<Emu<R>, kSpec, emulated_reciprocal<R, M>>;

using Mutants = TypeList<Mutant<Rounding::rn, Mutation::zero_sign_lost, kZeroSign>,
                         Mutant<Rounding::rn, Mutation::subnormal_double_rounding, kSubnormalDoubleRounding>,
                         Mutant<Rounding::rz, Mutation::overflow_to_infinity, kRzOverflowInfinity>,
                         Mutant<Rounding::rd, Mutation::exact_test_strict, kRdExactResidual>,
                         Mutant<Rounding::rn, Mutation::subnormal_unnormalised, mufu_seeded::kSubnormalUnnormalised>>;

}  // namespace fpv::rcp64
