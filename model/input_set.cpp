#include "model/input_set.h"

#include <deque>

#include "core/usage_error.h"
#include "ops/catalogue.h"
#include "model/unit_dispatch.h"

namespace fpv {
namespace {

constexpr int hex_digits(Format f) { return binary_format(f).width / 4; }

std::string ops_with_testfloat() {
    std::string list;
    for (const OpInfo& op : all_ops()) {
        if (!op.testfloat.empty()) list += (list.empty() ? "" : ", ") + std::string(op.name) + " (" + std::string(op.testfloat) + ")";
    }
    return list;
}

// The parameters of a class named with arguments, by the class's own parser.
template <class Op>
generic::ClassArguments parse_arguments(size_t class_index, std::string_view args, std::string_view spec) {
    return with_class<Op>(class_index, [&](auto class_type) -> generic::ClassArguments {
        using Class = typename decltype(class_type)::type;
        if constexpr (requires(std::string_view text) { Class::parse(text, text); }) {
            return Class::parse(args, spec);
        } else {
            return {};
        }
    });
}

void load_vector_file(InputSet& set, std::string_view path) {
    const TestFloatFormat* format = testfloat_format_of(set.op);
    if (path.empty()) throw UsageError("class '" + set.spec + "' needs a file path after the colon");
    VectorFile file = read_testfloat(std::string(path), *format);
    set.size = file.inputs.size();
    set.vectors = std::move(file.inputs);
    set.vector_results = std::move(file.expected);
    set.vector_rounding = testfloat_rounding(path);
    set.digest = std::move(file.digest);
}

}  // namespace

Operands InputSet::input(uint64_t index) const {
    return with_unit(*this, params(), [index](auto, auto generator) { return generator(index); });
}

void InputSet::inputs(uint64_t begin, uint64_t end, Operands* out) const {
    with_unit(*this, params(), [&](auto, auto generator) {
        for (uint64_t i = begin; i < end; ++i) out[i - begin] = generator(i);
    });
}

const TestFloatFormat* testfloat_format_of(OpId op) {
    static const std::deque<TestFloatFormat> formats = [] {
        std::deque<TestFloatFormat> list;
        for (const OpInfo& info : all_ops()) {
            list.push_back({info.testfloat, info.arity, hex_digits(info.operands[0].format), hex_digits(info.result)});
        }
        return list;
    }();
    const TestFloatFormat& format = formats.at(op.value);
    return format.function.empty() ? nullptr : &format;
}

std::string canonical_class_name(std::string_view spec) {
    for (const OpInfo& op : all_ops()) {
        for (const ClassInfo& c : classes_of(op.id)) {
            if (c.prefix.empty() || c.vector_file || !spec.starts_with(c.prefix)) continue;
            std::string canonical;
            with_op(op.id, [&](auto op_tag) {
                using Op = typename decltype(op_tag)::type;
                canonical = parse_arguments<Op>(c.index, spec.substr(c.prefix.size()), spec).canonical;
            });
            return canonical.empty() ? std::string(spec) : canonical;
        }
    }
    return std::string(spec);
}

InputSet resolve_class(std::string_view spec, OpId op, uint64_t seed, ClassLoad load) {
    const OpInfo& info = op_info(op);
    InputSet set;
    set.spec = std::string(spec);
    set.op = op;
    const ClassInfo* found = nullptr;
    std::string_view args;
    for (const ClassInfo& c : classes_of(op)) {
        if (!c.prefix.empty() ? spec.starts_with(c.prefix) : spec == c.name) {
            found = &c;
            args = c.prefix.empty() ? std::string_view() : spec.substr(c.prefix.size());
            break;
        }
    }
    if (found == nullptr) {
        // Known to another op, or to none.
        for (const OpInfo& other : all_ops()) {
            for (const ClassInfo& c : classes_of(other.id)) {
                if (c.prefix.empty() ? spec == c.name : spec.starts_with(c.prefix)) {
                    const bool vectors = c.vector_file;
                    throw UsageError("input class '" + std::string(spec) + "' does not apply to op " +
                                     std::string(info.name) +
                                     (vectors ? " (TestFloat files are read for " + ops_with_testfloat() + ")" : ""));
                }
            }
        }
        std::string known;
        for (const ClassInfo& c : classes_of(op)) known += (known.empty() ? "" : ", ") + std::string(c.name);
        throw UsageError("unknown input class '" + std::string(spec) + "' for op " + std::string(info.name) +
                         " (known: " + known + ", all)");
    }
    set.class_index = found->index;
    set.version = found->version;
    set.exhaustive = found->exhaustive;
    set.size = found->size;
    with_op(op, [&](auto op_tag) {
        using Op = typename decltype(op_tag)::type;
        with_class<Op>(found->index, [&](auto class_type) {
            using Class = typename decltype(class_type)::type;
            set.key = key_of_class<Class>(seed, spec, Op::key_salt);
        });
        if (found->vector_file) {
            if (load == ClassLoad::everything) load_vector_file(set, args);
        } else if (!found->prefix.empty()) {
            const generic::ClassArguments a = parse_arguments<Op>(found->index, args, spec);
            set.first = a.first;
            set.size = a.size;
        }
    });
    return set;
}

}  // namespace fpv
