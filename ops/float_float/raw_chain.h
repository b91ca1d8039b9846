// How `bench --raw` chains calls of a float-float impl: the result feeds the next call's first
// operand, the second stays fixed (near 1 for products and quotients, small for sums), so the
// values stay ordinary. Ops on lone floats get the result's high part with the low part's last
// bit mixed into it, so that the compiler cannot drop the computation of the low part.
#pragma once

#include "ops/float_float/shape.h"

namespace fpv::ff {

template <class Op>
struct RawChain {
    static constexpr bool kSingles = kShape<Op> == Shape::single || kShape<Op> == Shape::two_singles;
    FPV_HD static Operands start(uint64_t thread) {
        const uint64_t lo = kSingles ? 0 : 0x30800000ull;                       // 2^-30
        const uint64_t b_hi = Op::kind == Kind::sum ? 0x3a800000ull : 0x3f800001ull;  // 2^-10, 1 + 2^-23
        const uint64_t b = kShape<Op> == Shape::two_pairs ? (b_hi << 32) | 0x2c000000ull : b_hi;
        const uint64_t hi = 0x3f800000ull + (thread & 0xffff);
        return {kSingles ? hi : (hi << 32) | lo, b, 0};
    }
    FPV_HD static Operands next(Operands in, uint64_t result) {
        in.a = kSingles ? (result >> 32) ^ (result & 1) : result;
        return in;
    }
};

}  // namespace fpv::ff
