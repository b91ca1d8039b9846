// `fpverify mutation`: the default campaign against every mutant (listed by each op, ops/<op>/), and the
// TestFloat vectors of its op beside it. A class catches a mutant when some input inside its
// domain fails for the mutant and passes for the impl it mutates (an input both fail tells the
// two apart no more than one both pass); the table says after how many inputs, and which classes
// caught it. A mutant that no class catches within the budget (a bug on one input in 2^24) is
// tried further, as a user who trusts no budget would: the op's exhaustive sweep whole (all32),
// then each class up to kEscalatedBudget inputs, until the first catch; the table says so.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/impl_traits.h"
#include "model/input_set.h"

namespace fpv {

// Inputs per class past the budget: 2^6 times the 2^24 inputs that one catch of a bug on one
// input in 2^24 takes on average.
inline constexpr uint64_t kEscalatedBudget = uint64_t{1} << 30;

struct MutationOptions {
    uint64_t budget = 1000000;  // inputs per class: the default campaign's --count
    uint64_t seed = 1;          // the default campaign's seed
    std::string vectors_dir;    // the TestFloat files; must exist
    std::vector<std::string> ops;  // the ops whose mutants run; empty: every op
};

struct MutantOutcome {
    std::string mutant, bug, parent;
    bool caught = false;
    bool parent_compared = false;  // the parent ran here; otherwise any failure counted
    bool escalated = false;        // tried past the budget: no class caught it within
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
