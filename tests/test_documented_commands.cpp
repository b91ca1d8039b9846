// The README's tour and docs/*.md run as a new user would run them: every ```sh block that
// needs no GPU, MPI or build, command by command, from a fresh directory, with counts capped;
// a command that fails or exits other than its document says fails the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "tests/documented_commands.h"
#include "tests/test_support.h"

namespace fpv::testing {
namespace {

namespace fs = std::filesystem;

TEST(DocumentedCommands, ReadsContinuationsQuotedLinesCommentsAndStatuses) {
    const std::string markdown =
        "text\n"
        "```sh\n"
        "# a comment of its own\n"
        "fpv=build/release/fpverify\n"
        "$fpv run --db a.db \\\n"
        "     --count 1e8   # exit 1: failures found\n"
        "\n"
        "fpverify query --db a.db \"\n"
        "  SELECT '#' FROM units\n"
        "  WHERE 1\"\n"
        "$fpv merge --into m.db x.db   # refused (exit 2) unless ...\n"
        "```\n"
        "```python\n"
        "print('not shell')\n"
        "```\n";
    const std::vector<DocumentedBlock> blocks = documented_blocks(markdown);
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_EQ(blocks[0].line, 2);
    EXPECT_EQ(blocks[0].skipped_because, "");
    const std::vector<DocumentedCommand>& c = blocks[0].commands;
    ASSERT_EQ(c.size(), 4u);
    EXPECT_EQ(c[0].text, "fpv=build/release/fpverify");
    EXPECT_EQ(c[0].expected_status, 0);
    EXPECT_EQ(c[1].line, 5);
    EXPECT_EQ(c[1].text, "$fpv run --db a.db --count 1e8");
    EXPECT_EQ(c[1].expected_status, 1);
    EXPECT_EQ(c[2].line, 8);
    EXPECT_EQ(c[2].text, "fpverify query --db a.db \"\n  SELECT '#' FROM units\n  WHERE 1\"");
    EXPECT_EQ(c[2].expected_status, 0);
    EXPECT_EQ(c[3].expected_status, 0);
}

TEST(DocumentedCommands, ReadsTranscriptsCommandsWithoutTheirOutput) {
    const std::vector<DocumentedBlock> blocks = documented_blocks(
        "```console\n"
        "$ fpverify run --db h.db --impl div64.emu_halley \\\n"
        "      --backend cpu   # exit 1\n"
        "output line\n"
        "$ fpverify prove-div64 --impl div64.emu_halley | tail -1\n"
        "324900 of 324900 stored failures\n"
        "```\n");
    ASSERT_EQ(blocks.size(), 1u);
    ASSERT_EQ(blocks[0].commands.size(), 2u);
    EXPECT_EQ(blocks[0].commands[0].text, "fpverify run --db h.db --impl div64.emu_halley --backend cpu");
    EXPECT_EQ(blocks[0].commands[0].expected_status, 1);
    EXPECT_EQ(blocks[0].commands[1].text, "fpverify prove-div64 --impl div64.emu_halley | tail -1");
    EXPECT_EQ(blocks[0].commands[1].line, 5);
}

TEST(DocumentedCommands, SkipsWholeBlocksThatBuildOrNeedMpiOrAGpu) {
    const auto reason = [](const std::string& command) {
        return documented_blocks("  ```sh\n  fpverify list ops\n  " + command + "\n  ```\n").at(0).skipped_because;
    };
    EXPECT_EQ(reason("fpverify report --db a.db"), "");
    EXPECT_EQ(reason("make EXTRA_IMPLS=x.h"), "it builds (make)");
    EXPECT_EQ(reason("mpirun -n 8 $fpv run --mpi --db big.db"), "it needs MPI (mpirun)");
    EXPECT_EQ(reason("$fpv run --db g.db --impl f2d.native --backend gpu"), "it needs a GPU");
    EXPECT_EQ(reason("$fpv mufu-dump --out /tmp/mufu"), "it needs a GPU");
    EXPECT_EQ(reason("$fpv run --db make.db --impl div64.host"), "");
}

TEST(DocumentedCommands, CapsCountsAndTimeBudgetsOnly) {
    EXPECT_EQ(capped("$fpv run --db a.db --count 1e8 --seed 1"), "$fpv run --db a.db --count 4096 --seed 1");
    EXPECT_EQ(capped("$fpv run --count 2^32; $fpv run --count=100M"), "$fpv run --count 4096; $fpv run --count=4096");
    EXPECT_EQ(capped("$fpv run --count 500"), "$fpv run --count 500");
    // A budget is what the document means to show (a pause, exit 3): it shrinks, the count stays.
    EXPECT_EQ(capped("$fpv run --count 1e13 --for 8h"), "$fpv run --count 1e13 --for 1s");
    EXPECT_EQ(capped("$fpv report --db a.db --out r.md"), "$fpv report --db a.db --out r.md");
    EXPECT_EQ(capped("fpverify run --db f.db --impl div64.host; $fpv run --db g.db"),
              "fpverify run --count 4096 --db f.db --impl div64.host; $fpv run --count 4096 --db g.db");
}

// The documents in the order a reader meets them: the README, then docs/ by name. The later
// ones read what the README's tour wrote (docs/database.md queries div.db).
std::vector<fs::path> documents() {
    std::vector<fs::path> docs;
    for (const auto& entry : fs::directory_iterator("docs"))
        if (entry.path().extension() == ".md") docs.push_back(entry.path());
    std::sort(docs.begin(), docs.end());
    docs.insert(docs.begin(), "README.md");
    return docs;
}

std::string tail(const std::string& text, size_t n) { return text.size() <= n ? text : "..." + text.substr(text.size() - n); }

TEST(DocumentedCommands, RunAsWrittenFromAFreshDirectory) {
    TempDir dir;
    // What the tour takes from the repository root: the binary under test where the tour names
    // it, and the corpus of vector files.
    fs::create_directories(dir.path("build/release"));
    fs::create_symlink(fs::absolute(fpverify_binary()), dir.path("build/release/fpverify"));
    fs::create_symlink(fs::absolute("corpus"), dir.path("corpus"));
    const std::string prelude =
        "cd \"$1\" || exit 99; fpv=build/release/fpverify; fpverify() { build/release/fpverify \"$@\"; }; ";

    int ran_from_readme = 0;
    for (const fs::path& document : documents()) {
        for (const DocumentedBlock& block : documented_blocks(read_file(document.string()))) {
            if (!block.skipped_because.empty()) {
                std::cout << "  not run here: " << document.string() << ":" << block.line << " ("
                          << block.skipped_because << ")\n";
                continue;
            }
            for (const DocumentedCommand& command : block.commands) {
                const std::string shell = capped(command.text);
                const CommandResult r = run_command("bash", {"-c", prelude + shell, "documented-command", dir.dir()});
                EXPECT_EQ(r.status, command.expected_status)
                    << document.string() << ":" << command.line << " documents exit " << command.expected_status
                    << " for\n  " << shell << "\nstandard error:\n" << tail(r.err, 3000)
                    << "\nstandard output:\n" << tail(r.out, 1500);
                if (document == "README.md") ++ran_from_readme;
            }
        }
    }
    // The tour's blocks were found and run, not passed over by a reader that stopped reading.
    EXPECT_GE(ran_from_readme, 25);
}

}  // namespace
}  // namespace fpv::testing
