// The one dispatch from run-time values to types: an OpId to its op's type, a class index to
// one of the op's classes. Every layer above reaches op-specific code through these and reads
// the traits of the type it is handed.
#pragma once

#include <stdexcept>
#include <type_traits>

#include "ops/ops.h"

namespace fpv {

template <class Op>
constexpr OpId op_id() {
    constexpr size_t i = index_in<Op>(AllOps{});
    static_assert(i < AllOps::size, "not an op of ops/ops.h");
    return OpId{static_cast<uint8_t>(i)};
}

// Calls f(OpTag<Op>{}) for the op `id` names.
template <class F>
decltype(auto) with_op(OpId id, F&& f) {
    return with_type_at(
        AllOps{}, id.value, [&](auto type) -> decltype(auto) { return f(OpTag<typename decltype(type)::type>{}); },
        [&]() -> decltype(f(OpTag<first_t<AllOps>>{})) { throw std::logic_error("with_op: no op has this id"); });
}

// Calls f(std::type_identity<Class>{}) for the index-th class of Op.
template <class Op, class F>
decltype(auto) with_class(size_t index, F&& f) {
    return with_type_at(typename Op::classes{}, index, f, [&]() -> decltype(f(std::type_identity<first_t<typename Op::classes>>{})) {
        throw std::logic_error("with_class: the op has no class with this index");
    });
}

}  // namespace fpv
