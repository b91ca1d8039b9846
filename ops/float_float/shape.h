// What distinguishes the float-float ops from one another, as traits their classes, verdicts
// and benchmarks read: the kind of operation, and the shape of the operands.
#pragma once

#include "core/op_traits.h"
#include "ops/float_float/primitives.h"

namespace fpv::ff {

enum class Kind : uint8_t { sum, product, quotient, split };

enum class Shape : uint8_t {
    single,       // a: binary32
    two_singles,  // a, b: binary32
    pair_single,  // x: pair, y: binary32
    two_pairs,    // x, y: pairs
};

template <class Op>
constexpr Shape shape_of() {
    if constexpr (arity<Op> == 1) {
        return Shape::single;
    } else if constexpr (operand_format<Op, 0> == Format::binary32) {
        return Shape::two_singles;
    } else if constexpr (operand_format<Op, 1> == Format::binary32) {
        return Shape::pair_single;
    } else {
        return Shape::two_pairs;
    }
}

template <class Op>
inline constexpr Shape kShape = shape_of<Op>();

// x and y as the op's operand words: pairs packed, lone floats their high parts.
template <class Op>
FPV_HD FPV_INLINE Operands operands_of(Pair x, Pair y) {
    constexpr Shape s = kShape<Op>;
    if constexpr (s == Shape::single) return {word_of(x.hi), 0, 0};
    if constexpr (s == Shape::two_singles) return {word_of(x.hi), word_of(y.hi), 0};
    if constexpr (s == Shape::pair_single) return {pack(x), word_of(y.hi), 0};
    return {pack(x), pack(y), 0};
}

}  // namespace fpv::ff
