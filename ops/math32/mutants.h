// The math32 ops' planted-bug mutants (`fpverify mutation`): the op's correctly rounded host impl
// (`host_cr`, ops/math32/rounded_on_host.h) with one planted bug each, held to its claim of
// correct rounding:
// - a wrong special value: the result's sign flipped at x = -0 and x = 1, which only the
//   `specials` class holds (one bit pattern in 2^32 each for the random classes);
// - a narrow wrong range: results 8 ulps off for x in [0.75, 1) and [1.25, 1.5), 2^23 of the 2^32
//   patterns (one in 512), where every function has finite results in one or the other;
// - a lost argument reduction: from the magnitude where the function's large arguments begin
//   (its host_cr's kLargeFrom: 2^19 for sin, cos and tan, 16 for exp, ...), the function
//   evaluated at the argument with its last 12 bits dropped, as a reduction that keeps too few
//   bits would;
// - one result one ulp off on one input in 2^24: where x's low 24 bits are 0x5a5a5a (256 of the
//   2^32 patterns, every binade pair and both signs), the result one binary32 number further
//   from zero; what only a sweep of every input (all32) or about 2^24 random inputs per catch
//   finds.
#pragma once

#include <cstdint>

#include "core/impl_traits.h"
#include "core/type_list.h"

namespace fpv::math32 {

// A finite nonzero binary32 result moved `steps` numbers away from zero (toward zero where that
// would pass the largest finite number).
inline uint64_t moved(uint64_t r, uint32_t steps) {
    const uint32_t magnitude = static_cast<uint32_t>(r) & 0x7fffffffu;
    if (magnitude == 0 || magnitude >= 0x7f800000u) return r;
    const uint32_t sign = static_cast<uint32_t>(r) & 0x80000000u;
    return sign | (magnitude + steps < 0x7f800000u ? magnitude + steps : magnitude - steps);
}

inline constexpr ImplSpec kMinusZeroSign{.variant = "mut_minus_zero_sign",
                                         .summary = "the result's sign flipped where x = -0 or x = 1: "
                                                    "sin(-0) = +0, pow(-0, -1) = +inf, acosh(1) = -0"};
inline constexpr ImplSpec kNarrowWrongRange{.variant = "mut_narrow_range",
                                            .summary = "results 8 ulps off for x in [0.75, 1) and [1.25, 1.5), "
                                                       "one input pattern in 512"};
inline constexpr ImplSpec kLostReduction{.variant = "mut_lost_reduction",
                                         .summary = "large arguments (from the function's own threshold, 2^19 for "
                                                    "sin) read with their last 12 bits dropped"};

template <class Parent>
struct MinusZeroSign : MutantOf<Parent> {
    static constexpr const ImplSpec& spec = kMinusZeroSign;
    template <class... Word>
    static uint64_t run(uint64_t x, Word... rest) {
        const uint64_t r = Parent::run(x, rest...);
        return x == 0x80000000u || x == 0x3f800000u ? r ^ 0x80000000u : r;
    }
};

template <class Parent>
struct NarrowWrongRange : MutantOf<Parent> {
    static constexpr const ImplSpec& spec = kNarrowWrongRange;
    template <class... Word>
    static uint64_t run(uint64_t x, Word... rest) {
        const uint64_t r = Parent::run(x, rest...);
        const bool inside = (x >= 0x3f400000u && x < 0x3f800000u) || (x >= 0x3fa00000u && x < 0x3fc00000u);
        return inside ? moved(r, 8) : r;
    }
};

template <class Parent>
struct LostReduction : MutantOf<Parent> {
    static constexpr const ImplSpec& spec = kLostReduction;
    template <class... Word>
    static uint64_t run(uint64_t x, Word... rest) {
        const uint32_t magnitude = static_cast<uint32_t>(x) & 0x7fffffffu;
        const bool large = magnitude >= Parent::kLargeFrom && magnitude < 0x7f800000u;
        return Parent::run(large ? x & ~uint64_t{0xfff} : x, rest...);
    }
};

inline constexpr uint32_t kOneIn2To24 = 0x5a5a5au;
inline constexpr ImplSpec kOneUlpOff{.variant = "mut_one_ulp_off",
                                     .summary = "the result one ulp further from zero where x's low 24 bits are "
                                                "0x5a5a5a, one input pattern in 2^24"};

template <class Parent>
struct OneUlpOff : MutantOf<Parent> {
    static constexpr const ImplSpec& spec = kOneUlpOff;
    template <class... Word>
    static uint64_t run(uint64_t x, Word... rest) {
        const uint64_t r = Parent::run(x, rest...);
        return (x & 0xffffffu) == kOneIn2To24 ? moved(r, 1) : r;
    }
};

template <class Parent>
using Mutants = TypeList<MinusZeroSign<Parent>, NarrowWrongRange<Parent>, LostReduction<Parent>, OneUlpOff<Parent>>;

}  // namespace fpv::math32
