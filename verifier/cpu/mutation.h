// `fpverify mutation`: the default campaign against every mutant (listed by each op, ops/<op>/), and the
// TestFloat vectors of its op beside it. A mutant is caught when some input inside its domain
// fails; the table says after how many inputs, and which classes caught it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fpv {

struct MutationOptions {
    uint64_t budget = 1000000;  // inputs per class: the default campaign's --count
    uint64_t seed = 1;          // the default campaign's seed
    std::string vectors_dir;    // the TestFloat files; must exist
};

struct MutantOutcome {
    std::string mutant, bug, parent;
    bool caught = false;
    std::string first_class;       // the class that caught it soonest
    uint64_t inputs_needed = 0;    // that class's first failing index + 1
    std::vector<std::string> catching_classes;
    std::string testfloat_file;    // empty: the op has no TestFloat counterpart
    uint64_t testfloat_cases = 0, testfloat_failures = 0;
};

std::vector<MutantOutcome> run_mutation(const MutationOptions& options);

// The table, as Markdown.
std::string mutation_table(const std::vector<MutantOutcome>& outcomes, const MutationOptions& options);

}  // namespace fpv
