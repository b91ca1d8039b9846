// The one file that reads CLI11: each command's table becomes a subcommand.
#include "cli/command_line.h"

#include <CLI/CLI.hpp>

#include "core/usage_error.h"
#include "model/text_format.h"

#ifndef FPV_VERSION
#define FPV_VERSION "unknown"
#endif

namespace fpv {
namespace {

CLI::Validator whole_number_check(WholeNumberRange range) {
    return CLI::Validator([range](std::string& text) { return whole_number_problem(text, range); },
                          "INT in [" + std::to_string(range.min) + ", " + std::to_string(range.max) + "]");
}

void add_option(CLI::App& command, const OptionSpec& spec) {
    std::visit(
        [&](auto* variable) {
            using Value = std::remove_pointer_t<decltype(variable)>;
            if constexpr (std::is_same_v<Value, bool>) {
                command.add_flag(spec.name(), *variable, spec.help());
            } else {
                CLI::Option* option = command.add_option(spec.name(), *variable, spec.help());
                if (spec.whole_range()) option->check(whole_number_check(*spec.whole_range()));
                if (spec.shows_default()) option->capture_default_str();
                if (spec.is_required()) option->required();
            }
        },
        spec.target());
}

void refuse_empty_values(const CLI::App& command) {
    for (const CLI::Option* option : command.get_options()) {
        const bool takes_values = option->get_type_size_max() > 0;  // not a flag
        if (!takes_values || option->count() == 0 || option->get_name() == "--db") continue;
        for (const std::string& value : option->results()) {
            if (value.empty()) {
                throw UsageError(option->get_name() + ": an empty value (leave the option out for its default)");
            }
        }
    }
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, char** argv, const std::vector<std::unique_ptr<Command>>& commands) {
    CLI::App app{"fpverify: exhaustive and randomized verification of emulated floating-point arithmetic"};
    app.set_version_flag("--version", FPV_VERSION);
    app.require_subcommand(1);
    // CLI11's refusals quote the argument they refuse, escape sequences and all.
    app.failure_message([](const CLI::App* refusing, const CLI::Error& e) {
        return terminal_lines(CLI::FailureMessage::simple(refusing, e));
    });
    std::vector<std::pair<CLI::App*, Command*>> added;
    for (const auto& command : commands) {
        const OptionTable table = command->options();
        CLI::App* subcommand = app.add_subcommand(table.name, table.summary);
        for (const OptionSpec& spec : table.options) add_option(*subcommand, spec);
        added.emplace_back(subcommand, command.get());
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return {nullptr, app.exit(e)};
    } catch (const CLI::CallForAllHelp& e) {
        return {nullptr, app.exit(e)};
    } catch (const CLI::CallForVersion& e) {
        return {nullptr, app.exit(e)};
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return {nullptr, kExitUsage};
    }
    for (const auto& [subcommand, command] : added) {
        if (!subcommand->parsed()) continue;
        refuse_empty_values(*subcommand);
        return {command, kExitClean};
    }
    return {nullptr, kExitUsage};
}

}  // namespace fpv
