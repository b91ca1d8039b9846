// Input classes by name: the built-in generators of each op and vector-file classes.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "corpus/div64_classes.h"
#include "corpus/operands.h"
#include "kernels/catalogue.h"

namespace fpv {

inline constexpr uint64_t kUnboundedClass = std::numeric_limits<uint64_t>::max();

struct ClassInfo {
    std::string_view name;
    OpId op;
    div64::InputClass id;
    uint64_t size;               // distinct inputs; kUnboundedClass for random generators
    std::string_view guarantee;  // what every input of the class satisfies
};

const std::vector<ClassInfo>& builtin_classes();
std::vector<std::string> builtin_class_names(OpId op);

inline constexpr std::string_view kTestFloatPrefix = "testfloat:";

// A class as a campaign uses it: resolved, with vector files loaded.
struct InputSet {
    std::string spec;  // as the user wrote it: "midpoint", "testfloat:PATH"
    OpId op = OpId::div64;
    div64::InputClass id = div64::InputClass::random;
    uint64_t size = kUnboundedClass;
    uint64_t key = 0;  // class key for the campaign's seed
    std::vector<Operands> vectors;
    std::vector<uint64_t> vector_results;
    std::string digest;  // of the vector file; empty for generators

    bool is_vector_file() const { return id == div64::InputClass::vectors; }
    Operands input(uint64_t index) const {
        return div64::generate(id, key, index, vectors.data());
    }
};

// Throws UsageError for an unknown class or an unreadable or malformed vector file.
InputSet resolve_class(std::string_view spec, OpId op, uint64_t seed);

}  // namespace fpv
