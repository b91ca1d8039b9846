// A class as a campaign unit uses it: resolved from what the user wrote for an op and a seed,
// with its vector file loaded. The dispatch from a unit to the types that generate its inputs is
// model/unit_dispatch.h, apart, so that what reads an InputSet does not compile every op.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/op_traits.h"
#include "core/operands.h"
#include "corpus/class_traits.h"
#include "corpus/testfloat_file.h"

namespace fpv {

struct InputSet {
    std::string spec;          // as the user wrote it: "midpoint", "testfloat:PATH"
    OpId op;
    size_t class_index = 0;    // in the op's class list
    uint64_t size = kUnbounded;
    uint64_t key = 0;          // of the class's random streams, for the campaign's seed
    int version = 1;           // the class's version
    uint64_t first = 0;        // range32: first bit pattern; binade32: exponent field
    bool exhaustive = false;   // every input of a set of bit patterns, indexed in order
    std::vector<Operands> vectors;
    std::vector<uint64_t> vector_results;
    Rounding vector_rounding = Rounding::rn;  // the rounding its expected results were made in
    std::string digest;        // of the vector file; empty for generators

    bool is_vector_file() const { return !digest.empty(); }
    // The generator's parameters; `vectors_override` points at a device copy of the vectors.
    ClassParams params(const Operands* vectors_override = nullptr) const {
        return {key, first, vectors_override != nullptr ? vectors_override : vectors.data()};
    }
    // One input; campaigns use with_unit loops (model/unit_dispatch.h) instead.
    Operands input(uint64_t index) const;
    // The inputs [begin, end) into out[0 .. end - begin), one dispatch for them all.
    void inputs(uint64_t begin, uint64_t end, Operands* out) const;
};

// The TestFloat line layout of an op's function (its testfloat trait), or nothing.
const TestFloatFormat* testfloat_format_of(OpId op);

// What resolving a class reads: everything, or only what identifies its inputs (key, version,
// parameters) without reading a vector file.
enum class ClassLoad { everything, identity_only };

// The one spelling of a class named with arguments, where its class has one (gemm64's shapes:
// "uniform:k=0x100" is "uniform:k=256"), so that every spelling of one input set is one unit;
// `spec` as written otherwise. Throws UsageError for arguments its class refuses.
std::string canonical_class_name(std::string_view spec);

// Throws UsageError for an unknown class, one that does not apply to the op, or an unreadable
// or malformed vector file.
InputSet resolve_class(std::string_view spec, OpId op, uint64_t seed, ClassLoad load = ClassLoad::everything);

}  // namespace fpv
