// Compile-time lists of types: the ops, an op's classes and impls.
#pragma once

#include <cstddef>
#include <type_traits>

namespace fpv {

template <class... Ts>
struct TypeList {
    static constexpr size_t size = sizeof...(Ts);
};

// Calls f(std::type_identity<T>{}) for each T of the list, in order.
template <class... Ts, class F>
constexpr void for_each_type(TypeList<Ts...>, F&& f) {
    (f(std::type_identity<Ts>{}), ...);
}

// Calls f(std::type_identity<T>{}) for the index-th T and returns its result; `fallback()`
// when index is out of range (f's result type must be what fallback returns).
template <class... Ts, class F, class Fallback>
constexpr decltype(auto) with_type_at(TypeList<Ts...>, size_t index, F&& f, Fallback&& fallback) {
    return [&]<size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
        using Result = decltype(fallback());
        if constexpr (std::is_void_v<Result>) {
            bool found = ((index == I ? (f(std::type_identity<Ts>{}), true) : false) || ...);
            if (!found) fallback();
        } else {
            Result result{};
            bool found = ((index == I ? (result = f(std::type_identity<Ts>{}), true) : false) || ...);
            if (!found) result = fallback();
            return result;
        }
    }(std::index_sequence_for<Ts...>{});
}

template <class List>
struct First;
template <class T, class... Ts>
struct First<TypeList<T, Ts...>> {
    using type = T;
};
template <class List>
using first_t = typename First<List>::type;

template <class... Lists>
struct Concat;
template <>
struct Concat<> {
    using type = TypeList<>;
};
template <class... A>
struct Concat<TypeList<A...>> {
    using type = TypeList<A...>;
};
template <class... A, class... B, class... Rest>
struct Concat<TypeList<A...>, TypeList<B...>, Rest...> {
    using type = typename Concat<TypeList<A..., B...>, Rest...>::type;
};
template <class... Lists>
using concat_t = typename Concat<Lists...>::type;

// The position of T in the list.
template <class T, class... Ts>
constexpr size_t index_in(TypeList<Ts...>) {
    size_t i = 0;
    const bool found = ((std::is_same_v<T, Ts> ? true : (++i, false)) || ...);
    return found ? i : sizeof...(Ts);
}

}  // namespace fpv
