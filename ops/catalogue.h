// The ops, impls and input classes that this build of fpverify knows, as run-time records for
// the command line, the engine and the reports, all made from the op types (ops/ops.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/impl_traits.h"
#include "core/op_traits.h"
#include "corpus/class_traits.h"

namespace fpv {

const std::vector<OpInfo>& all_ops();
const OpInfo& op_info(OpId id);
const OpInfo* find_op(std::string_view name);
// Throws UsageError for a name no op of this build has.
OpId op_named(std::string_view name);

// Every impl, mutants and plug-ins included, op by op.
const std::vector<ImplInfo>& all_impls();
const ImplInfo* find_impl(std::string_view name);
// Throws UsageError, listing the known impls, for a name this build does not know.
const ImplInfo& impl_named(std::string_view name);

// "cpu", "gpu", "cpu, gpu", or for GPU impls of a build without CUDA, what is missing.
std::string where_text(const ImplInfo& impl);

// An input class of an op, as a run-time record (corpus/class_traits.h says what each field is).
struct ClassInfo {
    OpId op;
    size_t index = 0;  // in the op's class list
    std::string_view name, guarantee, prefix;
    std::string_view all_spec;  // the spec `--classes all` runs a class named with arguments as
    uint64_t size = kUnbounded;
    bool in_all = true, inside_domains = true, exhaustive = false, vector_file = false;
    int version = 1;
    KeyRule key_rule = KeyRule::name_and_op;
    bool special_values = false;
};

const std::vector<ClassInfo>& classes_of(OpId op);
// The class a unit's spec names (a class named with arguments by its prefix); nullptr if none.
const ClassInfo* class_of_spec(OpId op, std::string_view spec);
// The classes `--classes all` runs for an op, in order.
std::vector<std::string> all_class_names(OpId op);

}  // namespace fpv
