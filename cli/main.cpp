// The fpverify command line (the contract is in README.md and ../shared/DESIGN.md): each
// command adds itself (cli/commands.cpp lists them); main parses and runs the one given.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/command.h"
#include "cli/common_options.h"
#include "cli/option_checks.h"
#include "reports/output_file.h"

#ifndef FPV_VERSION
#define FPV_VERSION "unknown"
#endif

namespace fpv {
namespace {

int run_chosen(CLI::App& app, std::vector<std::pair<CLI::App*, Command*>>& commands, const Invocation& invocation) {
    for (const CLI::App* given : app.get_subcommands()) refuse_empty_values(*given);
    for (auto& [subcommand, command] : commands) {
        if (subcommand->parsed()) return command->run(invocation);
    }
    return kExitUsage;
}

}  // namespace
}  // namespace fpv

int main(int argc, char** argv) {
    using namespace fpv;
    keep_standard_output_errors();
    Invocation invocation{"fpverify"};
    for (int i = 1; i < argc; ++i) invocation.command_line += " " + shell_quote(argv[i]);

    CLI::App app{"fpverify: exhaustive and randomized verification of emulated floating-point "
                 "arithmetic"};
    app.set_version_flag("--version", FPV_VERSION);
    app.require_subcommand(1);
    const std::vector<std::unique_ptr<Command>> all = all_commands();
    std::vector<std::pair<CLI::App*, Command*>> commands;
    for (const auto& command : all) commands.emplace_back(command->add_to(app), command.get());

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }

    try {
        const int status = run_chosen(app, commands, invocation);
        // What a command printed counts only if it arrived: a full disk or /dev/full is exit 3.
        std::string why;
        if (!standard_output_intact(why)) {
            std::fprintf(stderr, "fpverify: cannot write standard output: %s\n", why.c_str());
            return kExitRuntime;
        }
        return status;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "fpverify: %s\n", e.what());
        return kExitUsage;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fpverify: error: %s\n", e.what());
        return kExitRuntime;
    }
}
