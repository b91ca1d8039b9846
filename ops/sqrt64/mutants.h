// The emulated square root with one planted bug each (ops/sqrt64/emulated.h, Mutation), each
// a mutant of the impl whose rounding mode exposes it: evidence that a clean report means
// something (`fpverify mutation`).
#pragma once

#include "ops/sqrt64/impls.h"

namespace fpv::sqrt64 {

template <Mutation kBug, Rounding R>
struct Mutant : MutantOf<Emu<R>> {
    static constexpr ImplSpec spec = [] {
        switch (kBug) {
            case Mutation::zero_sign_lost: return ImplSpec{.variant = "mut_zero_sign", .summary = "sqrt(-0) = +0"};
            case Mutation::subnormal_unnormalised:
                return ImplSpec{.variant = "mut_subnormal_unnormalised",
                                .summary = "subnormal operands not normalised: read as if they had the hidden bit"};
            case Mutation::midpoint_bias:
                return ImplSpec{.variant = "mut_midpoint_tie",
                                .summary = "roots less than 2^-42 ulp below a rounding midpoint rounded up, as if ties "
                                           "(residual compared with -2^13 instead of 0)"};
            case Mutation::exact_test_strict:
                return ImplSpec{.variant = "mut_rz_exact_residual",
                                .summary = "toward zero: the residual test excludes zero, so exact roots come out one "
                                           "ulp low"};
            case Mutation::inexact_from_estimate:
                return ImplSpec{.variant = "mut_ru_inexact_from_estimate",
                                .summary = "toward +infinity: exactness read off the approximation, so roots within "
                                           "2^-7 ulp above a binary64 number or below a midpoint round down"};
            case Mutation::none: break;
        }
        return ImplSpec{};
    }();
    FPV_HD static uint64_t run(uint64_t x) { return emulated_sqrt<R, kBug>(x); }
};

using Mutants = TypeList<Mutant<Mutation::zero_sign_lost, Rounding::rn>,
                         Mutant<Mutation::subnormal_unnormalised, Rounding::rn>,
                         Mutant<Mutation::midpoint_bias, Rounding::rn>,
                         Mutant<Mutation::exact_test_strict, Rounding::rz>,
                         Mutant<Mutation::inexact_from_estimate, Rounding::ru>>;

}  // namespace fpv::sqrt64
