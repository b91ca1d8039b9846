// fma64's emulation with one planted bug each (ops/fma64/emulated.h, Mutation), judged in its
// parent's rounding mode (`fpverify mutation`).
#pragma once

#include "ops/binary64/mutant.h"
#include "ops/fma64/impls.h"

namespace fpv::fma64 {

inline constexpr ImplSpec kCancellationSign{.variant = "mut_cancellation_sign",
                                            .summary = "an exact zero a*b + c takes a*b's sign, not +0"};
inline constexpr ImplSpec kAddendStickyLost{.variant = "mut_addend_sticky_lost",
                                            .summary = "c truncated when aligned below a*b: a c far below a*b is "
                                                       "lost rounding toward -infinity"};
inline constexpr ImplSpec kProductStickyLost{.variant = "mut_product_sticky_lost",
                                             .summary = "a*b truncated when aligned below c: an a*b far below c is "
                                                        "lost rounding toward +infinity"};
inline constexpr ImplSpec kFarAddendDropped{.variant = "mut_far_addend_dropped",
                                            .summary = "a c more than 2^-110 below a*b is dropped: wrong only where "
                                                       "a*b is an exact midpoint and c's sign decides"};
inline constexpr ImplSpec kSubnormalTiesAway{.variant = "mut_subnormal_ties_away",
                                             .summary = "below the normal range ties round away from zero, not "
                                                        "to even: wrong only where a*b + c is a subnormal tie"};
inline constexpr ImplSpec kRzNearestSubnormal{.variant = "mut_rz_nearest_subnormal",
                                              .summary = "rounding toward zero rounds to nearest below the normal "
                                                         "range"};

template <Rounding R, Mutation M, const ImplSpec& kSpec>
using Mutant = binary64_emulation::Mutant<Emu<R>, kSpec, emulated_fma<R, M>>;

using Mutants = TypeList<Mutant<Rounding::rn, Mutation::cancellation_sign, kCancellationSign>,
                         Mutant<Rounding::rd, Mutation::addend_sticky_lost, kAddendStickyLost>,
                         Mutant<Rounding::ru, Mutation::product_sticky_lost, kProductStickyLost>,
                         Mutant<Rounding::rz, Mutation::rz_nearest_when_subnormal, kRzNearestSubnormal>,
                         Mutant<Rounding::rn, Mutation::far_addend_dropped, kFarAddendDropped>,
                         Mutant<Rounding::rn, Mutation::subnormal_ties_away, kSubnormalTiesAway>>;

}  // namespace fpv::fma64
