// The emulated reciprocal with one planted bug each (ops/rcp64/emulated.h, Mutation), each a
// mutant of the impl whose rounding mode exposes it: evidence that a clean report means
// something (`fpverify mutation`).
#pragma once

#include "ops/rcp64/impls.h"

namespace fpv::rcp64 {

template <Mutation kBug, Rounding R>
struct Mutant : MutantOf<Emu<R>> {
    static constexpr ImplSpec spec = [] {
        switch (kBug) {
            case Mutation::zero_sign_lost: return ImplSpec{.variant = "mut_zero_sign", .summary = "1/-0 = +infinity"};
            case Mutation::subnormal_double_rounding:
                return ImplSpec{.variant = "mut_subnormal_double_rounding",
                                .summary = "subnormal results rounded to 53 bits first, then to their place: wrong "
                                           "near their midpoints"};
            case Mutation::overflow_to_infinity:
                return ImplSpec{.variant = "mut_rz_overflow_infinity",
                                .summary = "toward zero: results past the largest finite number give infinity, as to "
                                           "nearest"};
            case Mutation::exact_test_strict:
                return ImplSpec{.variant = "mut_rd_exact_residual",
                                .summary = "toward -infinity: the residual test excludes zero, so exact reciprocals "
                                           "(powers of two) come out one ulp off"};
            case Mutation::subnormal_unnormalised:
                return ImplSpec{.variant = "mut_subnormal_unnormalised",
                                .summary = "subnormal operands not normalised: read as if they had the hidden bit"};
            case Mutation::none: break;
        }
        return ImplSpec{};
    }();
    FPV_HD static uint64_t run(uint64_t x) { return emulated_reciprocal<R, kBug>(x); }
};

using Mutants = TypeList<Mutant<Mutation::zero_sign_lost, Rounding::rn>,
                         Mutant<Mutation::subnormal_double_rounding, Rounding::rn>,
                         Mutant<Mutation::overflow_to_infinity, Rounding::rz>,
                         Mutant<Mutation::exact_test_strict, Rounding::rd>,
                         Mutant<Mutation::subnormal_unnormalised, Rounding::rn>>;

}  // namespace fpv::rcp64
