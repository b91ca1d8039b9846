// `fpverify mutation`: the default campaign against every mutant (listed by each op, ops/<op>/), and the
// TestFloat vectors of its op beside it. A class catches a mutant when some input inside its
// domain fails for the mutant and passes for the impl it mutates (an input both fail tells the
// two apart no more than one both pass); the table says after how many inputs, and which classes
// caught it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/impl_traits.h"
#include "model/input_set.h"

namespace fpv {

struct MutationOptions {
    uint64_t budget = 1000000;  // inputs per class: the default campaign's --count
    uint64_t seed = 1;          // the default campaign's seed
    std::string vectors_dir;    // the TestFloat files; must exist
};

struct MutantOutcome {
    std::string mutant, bug, parent;
    bool caught = false;
    bool parent_compared = false;  // the parent ran here; otherwise any failure counted
    std::string first_class;       // the class that caught it soonest
    uint64_t inputs_needed = 0;    // that class's first failing index + 1
    std::vector<std::string> catching_classes;
    std::string testfloat_file;    // empty: the op has no TestFloat counterpart
    uint64_t testfloat_cases = 0, testfloat_failures = 0;
};

// The first input of `set` below `limit` on which `mutant` fails and `parent` (nullptr: none to
// compare with) passes: where a campaign tells the mutant from the impl it mutates, and so catches
// its bug. An input both fail is no catch (a gemm64 chain's overflowing partial sums fail the
// parent too). MPFR's sample under the fast reference.
std::optional<uint64_t> first_catch(const ImplInfo& mutant, const ImplInfo* parent, const InputSet& set, uint64_t limit);

std::vector<MutantOutcome> run_mutation(const MutationOptions& options);

// The table, as Markdown.
std::string mutation_table(const std::vector<MutantOutcome>& outcomes, const MutationOptions& options);

}  // namespace fpv
