// `fpverify mutation`: the default campaign against every planted-bug mutant, beside the
// TestFloat vectors of its op.
#include <algorithm>
#include <iostream>

#include "cli/command.h"
#include "cli/count_parse.h"
#include "verifier/cpu/mutation.h"

namespace fpv {
namespace {

class MutationCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{
            "mutation", "run the default campaign against every planted-bug mutant, and their TestFloat vectors"};
        c.add("--count", &budget_, "inputs per class (the default campaign's)").show_default();
        c.add("--seed", &options_.seed, "seed").show_default();
        c.add("--vectors", &options_.vectors_dir, "directory of the TestFloat files").show_default();
        return c;
    }
    int run(const Invocation&) override {
        options_.budget = parse_count(budget_, "--count");
        const std::vector<MutantOutcome> outcomes = run_mutation(options_);
        std::cout << mutation_table(outcomes, options_);
        const bool all = std::all_of(outcomes.begin(), outcomes.end(), [](const MutantOutcome& m) { return m.caught; });
        return all ? kExitClean : kExitFailures;
    }

private:
    MutationOptions options_;
    std::string budget_ = "1e6";
};

}  // namespace

std::unique_ptr<Command> make_mutation_command() { return std::make_unique<MutationCommand>(); }

}  // namespace fpv
