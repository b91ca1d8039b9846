// A subcommand of fpverify: it describes itself and its options as a table, and runs when it is
// the one given. cli/main.cpp is a loop over the list in cli/commands.cpp; cli/command_line.cpp
// puts the tables on the command line.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/option_table.h"
#include "core/usage_error.h"

namespace fpv {

// What a command may need of the invocation beyond its own options.
struct Invocation {
    std::string command_line;  // as typed, each argument shell-quoted: stored with a campaign
};

class Command {
public:
    virtual ~Command() = default;
    // Its name, summary and options, bound to its own members, which parsing fills in.
    virtual OptionTable options() = 0;
    // The exit status (0 clean, 1 failures found; usage and runtime errors are thrown).
    virtual int run(const Invocation& invocation) = 0;
};

// Every command, in the order `fpverify --help` lists them: the project's own, then those the
// ops declare (core/op_command.h).
std::vector<std::unique_ptr<Command>> all_commands();

std::unique_ptr<Command> make_list_command();
std::unique_ptr<Command> make_run_command();
std::unique_ptr<Command> make_resume_command();
std::unique_ptr<Command> make_status_command();
std::unique_ptr<Command> make_merge_command();
std::unique_ptr<Command> make_report_command();
std::unique_ptr<Command> make_query_command();
std::unique_ptr<Command> make_mutation_command();
std::unique_ptr<Command> make_export_command();
std::unique_ptr<Command> make_repro_command();
std::unique_ptr<Command> make_bench_command();
std::unique_ptr<Command> make_mufu_dump_command();
std::unique_ptr<Command> make_mufu_model_command();
std::vector<std::unique_ptr<Command>> make_op_commands();

}  // namespace fpv
