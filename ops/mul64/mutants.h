// mul64's emulation with one planted bug each (ops/mul64/emulated.h, Mutation), judged in its
// parent's rounding mode (`fpverify mutation`).
#pragma once

#include "ops/mul64/impls.h"

namespace fpv::mul64 {

template <Mutation M>
struct MutantSpec;
template <>
struct MutantSpec<Mutation::low_word_sticky_lost> {
    static constexpr ImplSpec spec{.variant = "mut_low_word_sticky_lost",
                                   .summary = "the product's low word left out of the sticky bit: wrong where "
                                              "the high word alone looks like a tie"};
};
template <>
struct MutantSpec<Mutation::subnormal_double_rounding> {
    static constexpr ImplSpec spec{.variant = "mut_subnormal_double_rounding",
                                   .summary = "a subnormal product rounded twice, to 53 bits and then to its "
                                              "place: wrong where the first rounding makes a tie"};
};
template <>
struct MutantSpec<Mutation::ru_overflow_to_finite> {
    static constexpr ImplSpec spec{.variant = "mut_ru_overflow_to_finite",
                                   .summary = "a positive overflow rounding toward +infinity gives the largest "
                                              "finite number, not +infinity"};
};

template <Rounding R, Mutation M>
struct Mutant : MutantOf<Emu<R>> {
    static constexpr const ImplSpec& spec = MutantSpec<M>::spec;
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) { return emulated_multiply<R, M>(x, y); }
};

using Mutants = TypeList<Mutant<Rounding::rn, Mutation::low_word_sticky_lost>,
                         Mutant<Rounding::rn, Mutation::subnormal_double_rounding>,
                         Mutant<Rounding::ru, Mutation::ru_overflow_to_finite>>;

}  // namespace fpv::mul64
