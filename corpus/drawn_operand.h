// The generate() of a unary op's class whose one operand is drawn from the unit's random stream
// (ops/{sqrt64,rsqrt64,rcp64}/classes.h): a class derives from DrawnOperand<its draw> and adds
// its name and guarantee. The stream is keyed by the class key and the index, as every class's.
#pragma once

#include <cstdint>
#include <type_traits>

#include "corpus/class_traits.h"

namespace fpv {

// kDraw: uint64_t(CounterRng&), or uint64_t(CounterRng&, uint64_t index) for draws whose kind
// follows the index.
template <auto kDraw>
struct DrawnOperand : ClassDefaults {
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        if constexpr (std::is_invocable_v<decltype(kDraw), CounterRng&, uint64_t>) {
            return {kDraw(rng, index), 0, 0};
        } else {
            return {kDraw(rng), 0, 0};
        }
    }
};

}  // namespace fpv
