// How `bench --raw` chains calls of a float-float impl: the result feeds the next call's first
// operand, and the second operand changes every call too (the low 16 bits of its high part's
// significand, and its low part, come from the result), so no work on it can be hoisted out of
// the loop: a quotient's reciprocal of a fixed divisor, say. Exponents stay put (near 1 for
// products and quotients, small for sums), so the values stay ordinary. Ops on lone floats get
// the result's high part with the low part's last bit mixed into it, so that the compiler cannot
// drop the computation of the low part. With kSecondFixed the second operand never changes, as a
// benchmark that holds the divisor fixed measures: timed next to the honest figure
// (seed_style_chain).
#pragma once

#include "ops/float_float/shape.h"

namespace fpv::ff {

template <class Op, bool kSecondFixed = false>
struct RawChain {
    static constexpr bool kSingles = kShape<Op> == Shape::single || kShape<Op> == Shape::two_singles;
    static constexpr bool kPairB = kShape<Op> == Shape::two_pairs;
    static constexpr uint64_t kBHigh = Op::kind == Kind::sum ? 0x3a800000ull : 0x3f800001ull;  // 2^-10, 1 + 2^-23
    static constexpr uint64_t kBLow = 0x2c000000ull;                                           // 2^-39

    FPV_HD static uint64_t second(uint64_t vary) {
        const uint64_t hi = kBHigh | (vary & 0xffff);
        return kPairB ? (hi << 32) | kBLow | ((vary & 0xffff) << 7) : hi;
    }
    FPV_HD static Operands start(uint64_t thread) {
        const uint64_t lo = kSingles ? 0 : 0x30800000ull;  // 2^-30
        const uint64_t hi = 0x3f800000ull + (thread & 0xffff);
        return {kSingles ? hi : (hi << 32) | lo, second(kSecondFixed ? 0 : thread >> 16), 0};
    }
    FPV_HD static Operands next(Operands in, uint64_t result) {
        in.a = kSingles ? (result >> 32) ^ (result & 1) : result;
        if constexpr (!kSecondFixed) in.b = second(result ^ (result >> 32));
        return in;
    }
};

}  // namespace fpv::ff
