// The math32 ops' planted-bug mutants (`fpverify mutation`): the host's glibc function with a
// wrong special value, held to its parent's claim. Only the `specials` class holds the inputs that
// show it (x = -0 and x = 1: one bit pattern in 2^32 each for the random classes).
#pragma once

#include "core/impl_traits.h"

namespace fpv::math32 {

inline constexpr ImplSpec kMinusZeroSign{.variant = "mut_minus_zero_sign",
                                         .summary = "the result's sign flipped where x = -0 or x = 1: "
                                                    "sin(-0) = +0, pow(-0, -1) = +inf, acosh(1) = -0"};

template <class Parent>
struct MinusZeroSign : MutantOf<Parent> {
    static constexpr const ImplSpec& spec = kMinusZeroSign;
    template <class... Word>
    static uint64_t run(uint64_t x, Word... rest) {
        const uint64_t r = Parent::run(x, rest...);
        return x == 0x80000000u || x == 0x3f800000u ? r ^ 0x80000000u : r;
    }
};

}  // namespace fpv::math32
