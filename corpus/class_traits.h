// What an input class is: a type whose traits say what its inputs satisfy and how many there
// are, and whose generate() makes input `index` as a pure function of the unit's parameters,
// on the host and on the GPU alike. An op lists its classes (ops/<op>/); the generic ones here
// and in corpus/generic_classes.h serve any op of the right formats and arity.
//
// A class type provides, besides generate(const ClassParams&, uint64_t index):
//   name, guarantee   what `fpverify list classes` shows
//   size              distinct inputs (kUnbounded for random generators)
//   in_all            whether `--classes all` includes it
//   inside_domains    whether its inputs are meant to lie inside the impls' domains
//   version           bumped whenever its inputs change, so that `resume` refuses to mix them
//   key_rule          what its random streams are keyed by
//   prefix            non-empty for classes named with arguments, as "range32:LO-HI"
//   all_spec          for such a class in `--classes all`: the spec it runs as there
//   exhaustive        every input of a set of bit patterns, in order (index = pattern offset)
//   vector_file       the operands of a test-vector file
//   special_values    the points where the op's special-value rules (C99 Annex F) state its
//                     result: its report tabulates every result that differs there
// ClassDefaults gives the usual values.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

#include "core/operands.h"
#include "corpus/counter_rng.h"

namespace fpv {

inline constexpr uint64_t kUnbounded = std::numeric_limits<uint64_t>::max();

// What a unit's inputs depend on besides the index.
struct ClassParams {
    uint64_t key = 0;                    // of the random streams
    uint64_t first = 0;                  // parameterised classes: the first pattern, or the binade
    const Operands* vectors = nullptr;   // vector files: the operands (host or device copy)
};

enum class KeyRule : uint8_t {
    name_and_op,  // class_key(seed, salt(name) ^ op's salt): the same name draws anew per op
    full_spec,    // class_key(seed, salt(spec as written)), whatever the op
    none,         // inputs are not drawn (vector files): key 0
};

struct ClassDefaults {
    static constexpr uint64_t size = kUnbounded;
    static constexpr bool in_all = true;
    static constexpr bool inside_domains = true;
    static constexpr int version = 1;
    static constexpr KeyRule key_rule = KeyRule::name_and_op;
    static constexpr std::string_view prefix = "";
    static constexpr std::string_view all_spec = "";
    static constexpr bool exhaustive = false;
    static constexpr bool vector_file = false;
    static constexpr bool special_values = false;
};

// FNV-1a of a class name: the salt of its key.
constexpr uint64_t name_salt(std::string_view name) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (char c : name) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ull;
    }
    return h;
}

template <class Class>
constexpr uint64_t key_of_class(uint64_t seed, std::string_view spec, uint64_t op_salt) {
    switch (Class::key_rule) {
        case KeyRule::name_and_op: return class_key(seed, name_salt(Class::name) ^ op_salt);
        case KeyRule::full_spec: return class_key(seed, name_salt(spec));
        case KeyRule::none: break;
    }
    return 0;
}

// A class's generator as a value: what a loop over one unit's inputs, on the host or in a GPU
// kernel, is compiled for.
template <class Class>
struct Generator {
    using class_type = Class;
    static constexpr bool kVectorFile = Class::vector_file;
    ClassParams params;
    FPV_HD FPV_INLINE Operands operator()(uint64_t index) const { return Class::generate(params, index); }
};

}  // namespace fpv
