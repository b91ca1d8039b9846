#include "corpus/class_catalogue.h"

#include "corpus/counter_rng.h"
#include "corpus/testfloat_file.h"
#include "corpus/usage_error.h"

namespace fpv {
namespace {

uint64_t name_salt(std::string_view name) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : name) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

}  // namespace

const std::vector<ClassInfo>& builtin_classes() {
    using C = div64::InputClass;
    static const std::vector<ClassInfo> classes = {
        {"specials", OpId::div64, C::specials, div64::kSpecialCount * div64::kSpecialCount,
         "every pair of 48 boundary values: signed zeros, subnormal extremes, the least normal "
         "and neighbours, 1 and neighbours, 2^-53, 2^53, the largest finite and neighbours, "
         "infinities, quiet and signalling NaNs with payloads"},
        {"subnormal", OpId::div64, C::subnormal, kUnboundedClass,
         "index mod 4 = 0: subnormal dividend; 1: subnormal divisor; 2: both subnormal; "
         "3: normal operands with 2^-1075 < |x/y| < 2^-1022"},
        {"underflow", OpId::div64, C::underflow, kUnboundedClass,
         "|x/y| within 5*2^-52 (relative) of 2^-1075, 2^-1074, 2^-1022 - 2^-1075 or 2^-1022 "
         "(index mod 4), on both sides; x and y normal"},
        {"overflow", OpId::div64, C::overflow, kUnboundedClass,
         "|x/y| within 5*2^-52 (relative) of the largest finite number, of 2^1024 - 2^970 (where "
         "rounding overflows) or of 2^1024 (index mod 3), on both sides; x and y normal"},
        {"ties", OpId::div64, C::ties, kUnboundedClass,
         "x/y = n * 2^-1075 exactly, n odd below 2^53: halfway between two adjacent subnormals "
         "(or between 0 and 2^-1074, or the largest subnormal and 2^-1022)"},
        {"midpoint", OpId::div64, C::midpoint, kUnboundedClass,
         "normal x, y with a normal quotient whose distance to the nearest rounding midpoint is "
         "nonzero and below 2^-40 ulp"},
        {"random", OpId::div64, C::random, kUnboundedClass,
         "uniformly random 64-bit patterns for both operands"},
        {"normal", OpId::div64, C::normal, kUnboundedClass,
         "normal operands: random sign and significand, exponent field uniform over 1..2046"},
        {"patterns", OpId::div64, C::patterns, kUnboundedClass,
         "significands made of runs of ones and zeros; exponents from boundary values, "
         "subnormal or uniform"},
    };
    return classes;
}

std::vector<std::string> builtin_class_names(OpId op) {
    std::vector<std::string> names;
    for (const ClassInfo& c : builtin_classes()) {
        if (c.op == op) names.emplace_back(c.name);
    }
    return names;
}

InputSet resolve_class(std::string_view spec, OpId op, uint64_t seed) {
    InputSet set;
    set.spec = std::string(spec);
    set.op = op;
    if (spec.starts_with(kTestFloatPrefix)) {
        const std::string path(spec.substr(kTestFloatPrefix.size()));
        if (path.empty()) throw UsageError("class 'testfloat:' needs a file path after the colon");
        VectorFile file = read_testfloat_f64_div(path);
        set.id = div64::InputClass::vectors;
        set.size = file.inputs.size();
        set.vectors = std::move(file.inputs);
        set.vector_results = std::move(file.expected);
        set.digest = std::move(file.digest);
        return set;
    }
    for (const ClassInfo& c : builtin_classes()) {
        if (c.op == op && c.name == spec) {
            set.id = c.id;
            set.size = c.size;
            set.key = class_key(seed, name_salt(c.name));
            return set;
        }
    }
    std::string known;
    for (const std::string& name : builtin_class_names(op)) known += (known.empty() ? "" : ", ") + name;
    throw UsageError("unknown input class '" + std::string(spec) + "' for op " +
                     std::string(op_info(op).name) + " (known: " + known +
                     ", all, testfloat:PATH)");
}

}  // namespace fpv
