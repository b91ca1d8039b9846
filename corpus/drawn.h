// The generate() of a class whose operands are drawn from the unit's random stream, keyed by the
// class key and the index as every class's: a class derives from Drawn<its draw> and adds its
// name and guarantee.
#pragma once

#include <cstdint>
#include <type_traits>

#include "corpus/class_traits.h"

namespace fpv {

// kDraw(CounterRng&), or kDraw(CounterRng&, uint64_t index) for draws whose kind follows the
// index; it returns the operands, or the one operand of a unary op.
template <auto kDraw>
struct Drawn : ClassDefaults {
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        if constexpr (std::is_invocable_v<decltype(kDraw), CounterRng&, uint64_t>) {
            return operands(kDraw(rng, index));
        } else {
            return operands(kDraw(rng));
        }
    }

private:
    FPV_HD static Operands operands(Operands in) { return in; }
    FPV_HD static Operands operands(uint64_t a) { return {a, 0, 0}; }
};

}  // namespace fpv
