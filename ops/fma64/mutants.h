// fma64's emulation with one planted bug each (ops/fma64/emulated.h, Mutation), judged in its
// parent's rounding mode (`fpverify mutation`).
#pragma once

#include "ops/fma64/impls.h"

namespace fpv::fma64 {

template <Mutation M>
struct MutantSpec;
template <>
struct MutantSpec<Mutation::cancellation_sign> {
    static constexpr ImplSpec spec{.variant = "mut_cancellation_sign",
                                   .summary = "an exact zero a*b + c takes a*b's sign, not +0"};
};
template <>
struct MutantSpec<Mutation::addend_sticky_lost> {
    static constexpr ImplSpec spec{.variant = "mut_addend_sticky_lost",
                                   .summary = "c truncated when aligned below a*b: a c far below a*b is lost "
                                              "rounding toward -infinity"};
};
template <>
struct MutantSpec<Mutation::product_sticky_lost> {
    static constexpr ImplSpec spec{.variant = "mut_product_sticky_lost",
                                   .summary = "a*b truncated when aligned below c: an a*b far below c is lost "
                                              "rounding toward +infinity"};
};
template <>
struct MutantSpec<Mutation::rz_nearest_when_subnormal> {
    static constexpr ImplSpec spec{.variant = "mut_rz_nearest_subnormal",
                                   .summary = "rounding toward zero rounds to nearest below the normal range"};
};

template <Rounding R, Mutation M>
struct Mutant : MutantOf<Emu<R>> {
    static constexpr const ImplSpec& spec = MutantSpec<M>::spec;
    FPV_HD static uint64_t run(uint64_t a, uint64_t b, uint64_t c) { return emulated_fma<R, M>(a, b, c); }
};

using Mutants = TypeList<Mutant<Rounding::rn, Mutation::cancellation_sign>,
                         Mutant<Rounding::rd, Mutation::addend_sticky_lost>,
                         Mutant<Rounding::ru, Mutation::product_sticky_lost>,
                         Mutant<Rounding::rz, Mutation::rz_nearest_when_subnormal>>;

}  // namespace fpv::fma64
