// `fpverify mutation`: the default campaign against every planted-bug mutant, beside the
// TestFloat vectors of its op.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/command.h"
#include "cli/common_options.h"
#include "cli/count_parse.h"
#include "verifier/cpu/mutation.h"

namespace fpv {
namespace {

// The repository's TestFloat files: under the working directory, else where they lie beside the
// binary (build/<dir>/fpverify is two folders below the repository's root).
std::string default_vectors_dir() {
    const std::filesystem::path relative = "corpus/vectors/testfloat";
    if (std::filesystem::is_directory(relative)) return relative.string();
    std::error_code error;
    const std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::filesystem::path beside = binary.parent_path().parent_path().parent_path() / relative;
    return !error && std::filesystem::is_directory(beside) ? beside.string() : relative.string();
}

class MutationCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{
            "mutation", "run the default campaign against every planted-bug mutant, and their TestFloat vectors"};
        c.add("--count", &budget_, "inputs per class (the default campaign's)").show_default();
        c.add("--seed", &options_.seed, "seed").show_default();
        options_.vectors_dir = default_vectors_dir();
        c.add("--vectors", &options_.vectors_dir, "directory of the TestFloat files (must exist)").show_default();
        c.add("--ops", &ops_, "only these ops' mutants (comma-separated; every op's by default)");
        return c;
    }
    int run(const Invocation&) override {
        options_.budget = parse_count(budget_, "--count");
        options_.ops = split_list(ops_);
        const std::vector<MutantOutcome> outcomes = run_mutation(options_);
        std::cout << mutation_table(outcomes, options_);
        const bool all = std::all_of(outcomes.begin(), outcomes.end(), [](const MutantOutcome& m) { return m.caught; });
        return all ? kExitClean : kExitFailures;
    }

private:
    MutationOptions options_;
    std::string budget_ = "1e6";
    std::string ops_;
};

}  // namespace

std::unique_ptr<Command> make_mutation_command() { return std::make_unique<MutationCommand>(); }

}  // namespace fpv
