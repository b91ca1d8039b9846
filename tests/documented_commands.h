// The shell commands the README and docs/*.md show in ```sh blocks, read as a user would type
// them, with the exit status each line documents, so that a test can run them as written
// (tests/test_documented_commands.cpp) and the documents cannot drift from the tool.
//
// The convention the documents follow: a command's trailing comment that begins with
// "exit N" documents its exit status; any other command is documented to exit 0.
#pragma once

#include <string>
#include <vector>

namespace fpv::testing {

struct DocumentedCommand {
    int line = 0;          // where the command begins in its document
    std::string text;      // the command without its comment, continuation lines joined
    int expected_status = 0;
};

struct DocumentedBlock {
    int line = 0;  // the line of the opening fence
    std::vector<DocumentedCommand> commands;
    // Non-empty where the block cannot run here: it builds (make), needs MPI (mpirun) or a GPU.
    // A block is skipped whole, since its later commands read what its earlier ones wrote.
    std::string skipped_because;
};

// The ```sh blocks (scripts) and ```console blocks (transcripts: "$ " begins a command, other
// lines are its output) of a Markdown text, fenced at any indentation, in document order.
std::vector<DocumentedBlock> documented_blocks(const std::string& markdown);

// The command with its work made small for a test: a time budget (--for) becomes one second
// (so a campaign still pauses, as the document says), and otherwise every --count above
// kCountCap becomes kCountCap, and a run without --count gets --count kCountCap. Everything else
// stays as written.
inline constexpr double kCountCap = 4096;
inline constexpr const char* kCountCapText = "4096";
std::string capped(const std::string& command);

}  // namespace fpv::testing
