// The emulated square root with one planted bug each (ops/sqrt64/emulated.h, Mutation), each
// a mutant of the impl whose rounding mode exposes it: evidence that a clean report means
// something (`fpverify mutation`).
#pragma once

#include "ops/binary64/mutant.h"
#include "ops/sqrt64/impls.h"

namespace fpv::sqrt64 {

inline constexpr ImplSpec kZeroSign{.variant = "mut_zero_sign", .summary = "sqrt(-0) = +0"};
inline constexpr ImplSpec kMidpointTie{.variant = "mut_midpoint_tie",
                                       .summary = "roots less than 2^-42 ulp below a rounding midpoint rounded up, "
                                                  "as if ties (residual compared with -2^13 instead of 0)"};
inline constexpr ImplSpec kRzExactResidual{.variant = "mut_rz_exact_residual",
                                           .summary = "toward zero: the residual test excludes zero, so exact roots "
                                                      "come out one ulp low"};
inline constexpr ImplSpec kRuInexactFromEstimate{
    .variant = "mut_ru_inexact_from_estimate",
    .summary = "toward +infinity: exactness read off the approximation, so roots within 2^-7 ulp above a "
               "binary64 number or below a midpoint round down"};

template <Rounding R, Mutation M, const ImplSpec& kSpec>
using Mutant = binary64_emulation::Mutant<Emu<R>, kSpec, emulated_sqrt<R, M>>;

using Mutants = TypeList<Mutant<Rounding::rn, Mutation::zero_sign_lost, kZeroSign>,
                         Mutant<Rounding::rn, Mutation::subnormal_unnormalised, mufu_seeded::kSubnormalUnnormalised>,
                         Mutant<Rounding::rn, Mutation::midpoint_bias, kMidpointTie>,
                         Mutant<Rounding::rz, Mutation::exact_test_strict, kRzExactResidual>,
                         Mutant<Rounding::ru, Mutation::inexact_from_estimate, kRuInexactFromEstimate>>;

}  // namespace fpv::sqrt64
