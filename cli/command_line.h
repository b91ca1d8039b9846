// The command line: every command's table handed to CLI11 and argv parsed against them.
#pragma once

#include <memory>
#include <vector>

#include "cli/command.h"

namespace fpv {

struct ParsedCommandLine {
    Command* chosen = nullptr;  // null: parsing ended the run (help, version, a usage error)
    int exit_status = 0;        // when none was chosen
};

// Fills the chosen command's members from argv. Throws UsageError for an option given an empty
// value (`--for ""`, `--out ""`): it would silently mean the option's default (no budget,
// standard output), which is never what was typed. `--db ""` is left to its own refusal, which
// names in-memory and temporary databases.
ParsedCommandLine parse_command_line(int argc, char** argv, const std::vector<std::unique_ptr<Command>>& commands);

}  // namespace fpv
