// The fpverify command line (the contract is in README.md and ../shared/DESIGN.md): every command
// of cli/commands.cpp on it, the one given run, its errors turned into exit statuses.
#include <cstdio>

#include "cli/command_line.h"
#include "cli/common_options.h"
#include "model/text_format.h"
#include "reports/output_file.h"

int main(int argc, char** argv) {
    using namespace fpv;
    keep_standard_output_errors();
    Invocation invocation{"fpverify"};
    for (int i = 1; i < argc; ++i) invocation.command_line += " " + shell_quote(argv[i]);
    const std::vector<std::unique_ptr<Command>> commands = all_commands();

    try {
        const ParsedCommandLine parsed = parse_command_line(argc, argv, commands);
        if (parsed.chosen == nullptr) return parsed.exit_status;
        const int status = parsed.chosen->run(invocation);
        // What a command printed counts only if it arrived: a full disk or /dev/full is exit 3.
        std::string why;
        if (!standard_output_intact(why)) {
            std::fprintf(stderr, "fpverify: cannot write standard output: %s\n", why.c_str());
            return kExitRuntime;
        }
        return status;
    } catch (const UsageError& e) {
        // A refusal quotes what was typed, which may hold escape sequences.
        std::fprintf(stderr, "fpverify: %s\n", terminal_lines(e.what()).c_str());
        return kExitUsage;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fpverify: error: %s\n", terminal_lines(e.what()).c_str());
        return kExitRuntime;
    }
}
