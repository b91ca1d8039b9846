// `fpverify list ops|impls|classes|mutants|presets`: what this build knows, as tables.
#include <algorithm>
#include <iostream>
#include <map>

#include "cli/command.h"
#include "core/usage_error.h"
#include "ops/catalogue.h"
#include "store/query.h"

namespace fpv {
namespace {

using Table = std::vector<std::vector<std::string>>;

void print_table(const Table& rows) {
    std::vector<size_t> width;
    for (const auto& r : rows) {
        width.resize(std::max(width.size(), r.size()));
        for (size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
    }
    for (const auto& r : rows) {
        for (size_t i = 0; i < r.size(); ++i) {
            std::cout << r[i];
            if (i + 1 < r.size()) std::cout << std::string(width[i] - r[i].size() + 2, ' ');
        }
        std::cout << "\n";
    }
}

std::string size_text(const ClassInfo& c) {
    if (c.vector_file) return "lines of PATH";
    if (!c.prefix.empty() && c.size == 0) return "from its arguments";
    return c.size == kUnbounded ? "unbounded" : std::to_string(c.size);
}

Table ops_table() {
    Table rows = {{"op", "operands", "result", "error unit", "--reference fast", "--reference exact", "TestFloat", "what"}};
    for (const OpInfo& op : all_ops()) {
        const bool exact_sums = op.metric != Metric::correctly_rounded;
        const std::string fast = !op.has_fast_reference ? "-" : exact_sums ? "exact sums" : std::string(op.fast_reference);
        const std::string exact = op.has_exact_check     ? "integer check"
                                  : op.has_binary64_twin ? "binary64 twin (GPU)"
                                  : exact_sums           ? "exact sums"
                                                         : "-";
        rows.push_back({std::string(op.name), op.operand_text(), std::string(format_name(op.result)),
                        std::string(op.error_unit()), fast, exact, op.testfloat.empty() ? "-" : std::string(op.testfloat),
                        std::string(op.summary)});
    }
    return rows;
}

Table impls_table(bool mutants) {
    Table rows = mutants ? Table{{"mutant", "mutates", "planted bug"}} : Table{{"impl", "runs on", "claim", "what"}};
    for (const ImplInfo& i : all_impls()) {
        if (i.is_mutant() != mutants) continue;
        if (mutants) {
            rows.push_back({i.name, i.mutates, std::string(i.spec.summary)});
        } else {
            rows.push_back({i.name + (i.plugin ? " (plug-in)" : ""), where_text(i), std::string(i.spec.claim),
                            std::string(i.spec.summary)});
        }
    }
    return rows;
}

// A class that means the same for several ops is listed once, with all of them.
Table classes_table() {
    std::vector<const ClassInfo*> order;
    std::map<const ClassInfo*, std::string> ops_of;
    for (const OpInfo& op : all_ops()) {
        for (const ClassInfo& c : classes_of(op.id)) {
            const ClassInfo* same = nullptr;
            for (const ClassInfo* seen : order) {
                if (seen->name == c.name && seen->guarantee == c.guarantee && seen->size == c.size) same = seen;
            }
            if (same == nullptr) order.push_back(same = &c);
            ops_of[same] += (ops_of[same].empty() ? "" : ",") + std::string(op.name);
        }
    }
    Table rows = {{"class", "ops", "size", "guarantee"}};
    for (const ClassInfo* c : order) {
        rows.push_back({std::string(c->name), ops_of[c], size_text(*c), std::string(c->guarantee)});
    }
    return rows;
}

Table presets_table() {
    Table rows = {{"preset", "what"}};
    for (const QueryPreset& p : query_presets()) rows.push_back({std::string(p.name), std::string(p.description)});
    return rows;
}

class ListCommand : public Command {
public:
    OptionTable options() override {
        OptionTable command{"list", "list ops, impls, classes or query presets"};
        command.add("what", &what_, "ops | impls | classes | mutants | presets").show_default();
        return command;
    }
    int run(const Invocation&) override {
        if (what_ == "ops") {
            print_table(ops_table());
        } else if (what_ == "impls" || what_ == "mutants") {
            print_table(impls_table(what_ == "mutants"));
        } else if (what_ == "classes") {
            print_table(classes_table());
        } else if (what_ == "presets") {
            print_table(presets_table());
        } else {
            throw UsageError("list: '" + what_ + "' is not one of ops, impls, classes, mutants, presets");
        }
        return kExitClean;
    }

private:
    std::string what_ = "impls";
};

}  // namespace

std::unique_ptr<Command> make_list_command() { return std::make_unique<ListCommand>(); }

}  // namespace fpv
