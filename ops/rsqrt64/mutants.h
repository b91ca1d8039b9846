// The emulated 1/sqrt with one planted bug each (ops/rsqrt64/emulated.h, Mutation), each a
// mutant of the impl whose rounding mode exposes it: evidence that a clean report means
// something (`fpverify mutation`).
#pragma once

#include "ops/rsqrt64/impls.h"

namespace fpv::rsqrt64 {

template <Mutation kBug, Rounding R>
struct Mutant : MutantOf<Emu<R>> {
    static constexpr ImplSpec spec = [] {
        switch (kBug) {
            case Mutation::zero_sign_lost:
                return ImplSpec{.variant = "mut_zero_sign", .summary = "1/sqrt(-0) = +infinity"};
            case Mutation::negative_infinity_zero:
                return ImplSpec{.variant = "mut_negative_infinity", .summary = "1/sqrt(-infinity) = +0 instead of NaN"};
            case Mutation::subnormal_unnormalised:
                return ImplSpec{.variant = "mut_subnormal_unnormalised",
                                .summary = "subnormal operands not normalised: read as if they had the hidden bit"};
            case Mutation::no_residual_test:
                return ImplSpec{.variant = "mut_no_residual_test",
                                .summary = "the refined approximation truncated to the half ulp without the residual "
                                           "test: wrong within about 2^-7 ulp of a midpoint"};
            case Mutation::exact_test_strict:
                return ImplSpec{.variant = "mut_rd_exact_residual",
                                .summary = "toward -infinity: the residual test excludes zero, so exact results (powers "
                                           "of four) come out one ulp low"};
            case Mutation::none: break;
        }
        return ImplSpec{};
    }();
    FPV_HD static uint64_t run(uint64_t x) { return emulated_rsqrt<R, kBug>(x); }
};

using Mutants = TypeList<Mutant<Mutation::zero_sign_lost, Rounding::rn>,
                         Mutant<Mutation::negative_infinity_zero, Rounding::rn>,
                         Mutant<Mutation::subnormal_unnormalised, Rounding::rn>,
                         Mutant<Mutation::no_residual_test, Rounding::rn>,
                         Mutant<Mutation::exact_test_strict, Rounding::rd>>;

}  // namespace fpv::rsqrt64
