// The emulated 1/sqrt with one planted bug each (ops/rsqrt64/emulated.h, Mutation), each a
// mutant of the impl whose rounding mode exposes it: evidence that a clean report means
// something (`fpverify mutation`).
#pragma once

#include "ops/binary64/mutant.h"
#include "ops/rsqrt64/impls.h"

namespace fpv::rsqrt64 {

inline constexpr ImplSpec kZeroSign{.variant = "mut_zero_sign", .summary = "1/sqrt(-0) = +infinity"};
inline constexpr ImplSpec kNegativeInfinity{.variant = "mut_negative_infinity",
                                            .summary = "1/sqrt(-infinity) = +0 instead of NaN"};
inline constexpr ImplSpec kNoResidualTest{.variant = "mut_no_residual_test",
                                          .summary = "the refined approximation truncated to the half ulp without "
                                                     "the residual test: wrong within about 2^-7 ulp of a midpoint"};
inline constexpr ImplSpec kRdExactResidual{.variant = "mut_rd_exact_residual",
                                           .summary = "toward -infinity: the residual test excludes zero, so exact "
                                                      "results (powers of four) come out one ulp low"};

template <Rounding R, Mutation M, const ImplSpec& kSpec>
using Mutant = binary64_emulation::Mutant<Emu<R>, kSpec, emulated_rsqrt<R, M>>;

using Mutants = TypeList<Mutant<Rounding::rn, Mutation::zero_sign_lost, kZeroSign>,
                         Mutant<Rounding::rn, Mutation::negative_infinity_zero, kNegativeInfinity>,
                         Mutant<Rounding::rn, Mutation::subnormal_unnormalised, mufu_seeded::kSubnormalUnnormalised>,
                         Mutant<Rounding::rn, Mutation::no_residual_test, kNoResidualTest>,
                         Mutant<Rounding::rd, Mutation::exact_test_strict, kRdExactResidual>>;

}  // namespace fpv::rsqrt64
