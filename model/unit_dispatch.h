// The one dispatch from a unit's run-time (op, class) to the types that generate its inputs: the
// judging loops include it, and so compile every op; what only reads an InputSet does not.
#pragma once

#include "model/input_set.h"
#include "ops/dispatch.h"

namespace fpv {

// Calls f(OpTag<Op>{}, Generator<Class>{params}) for the unit's op and class.
template <class F>
decltype(auto) with_unit(const InputSet& set, const ClassParams& params, F&& f) {
    return with_op(set.op, [&](auto op_tag) -> decltype(auto) {
        using Op = typename decltype(op_tag)::type;
        return with_class<Op>(set.class_index, [&](auto class_type) -> decltype(auto) {
            return f(op_tag, Generator<typename decltype(class_type)::type>{params});
        });
    });
}

}  // namespace fpv
