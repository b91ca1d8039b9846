// Input classes by name: the built-in generators of each op family and vector-file classes.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "corpus/generators.h"
#include "corpus/operands.h"
#include "corpus/testfloat_file.h"
#include "kernels/catalogue.h"

namespace fpv {

inline constexpr uint64_t kUnboundedClass = std::numeric_limits<uint64_t>::max();

enum class ClassFamily : uint8_t { div64, float_float, binary32 };

ClassFamily family_of(OpId op);

// The TestFloat function whose files `testfloat:PATH` reads for op; nullptr if none.
const TestFloatFormat* testfloat_format_of(OpId op);

struct ClassInfo {
    std::string_view name;
    ClassFamily family;
    uint32_t id;                 // div64::InputClass or ffc::InputClass
    uint64_t size;               // distinct inputs; kUnboundedClass for random generators
    std::string_view guarantee;  // what every input of the class satisfies
    bool inside_domains;         // whether its inputs are meant to lie inside the impls' domains
};

const std::vector<ClassInfo>& builtin_classes();
std::vector<std::string> builtin_class_names(OpId op);
bool class_applies(const ClassInfo& c, OpId op);

inline constexpr std::string_view kTestFloatPrefix = "testfloat:";

// A class as a campaign uses it: resolved, with vector files loaded.
struct InputSet {
    std::string spec;  // as the user wrote it: "midpoint", "testfloat:PATH"
    OpId op = OpId::div64;
    uint32_t class_id = 0;
    uint64_t size = kUnboundedClass;
    uint64_t key = 0;  // class key for the campaign's seed
    std::vector<Operands> vectors;
    std::vector<uint64_t> vector_results;
    std::string digest;  // of the vector file; empty for generators
    uint64_t first = 0;  // range32: first bit pattern; binade32: exponent field
    bool exhaustive = false;  // every input of a set of bit patterns, indexed in order

    bool is_vector_file() const { return !digest.empty(); }
    GeneratorSpec generator(const Operands* vectors_override = nullptr) const {
        return {op, class_id, key, vectors_override != nullptr ? vectors_override : vectors.data(),
                first};
    }
    // One input; campaigns use with_generator loops instead.
    Operands input(uint64_t index) const {
        return with_any_generator(generator(), [index](auto gen) { return gen(index); });
    }
};

// Throws UsageError for an unknown class, one that does not apply to the op, or an unreadable
// or malformed vector file.
InputSet resolve_class(std::string_view spec, OpId op, uint64_t seed);

}  // namespace fpv
