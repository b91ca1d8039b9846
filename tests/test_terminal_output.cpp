// Text read back from a database and printed for a terminal: `repro` and `query`'s table show
// control characters and escape sequences stored there as \xNN, as `status` and the reports do,
// so that a stored class name cannot clear the screen or retitle the window.
#include <gtest/gtest.h>

#include "model/text_format.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

// ESC c (reset the terminal), an OSC that sets the window title, BEL, a CSI in its one-byte C1
// form as UTF-8 (U+009B), and a newline.
const std::string kHostileSql = "'x' || char(27) || 'c' || char(27) || ']0;owned' || char(7) || char(155) || '2J' || char(10) || 'y'";

bool holds_terminal_controls(const std::string& text) {
    for (size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == 0x1b || byte == 0x07) return true;
        if (byte == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
            static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            return true;
        }
    }
    return false;
}

TEST(TerminalOutput, TerminalTextEscapesC0AndC1Controls) {
    EXPECT_EQ(terminal_text("a\x1b[2Jb\x07\n"), "a\\x1b[2Jb\\x07\\x0a");
    EXPECT_EQ(terminal_text("\xc2\x9b" "2J"), "\\xc2\\x9b2J");  // U+009B, CSI
    EXPECT_EQ(terminal_text("caf\xc3\xa9 \xc2\xa0"), "caf\xc3\xa9 \xc2\xa0");  // printable UTF-8 kept
}

TEST(TerminalOutput, TerminalLinesKeepOnlyTheMessagesLineBreaks) {
    EXPECT_EQ(terminal_lines("one\x1b[2J\ntwo\r\n"), "one\\x1b[2J\ntwo\\x0d\n");
    EXPECT_EQ(terminal_lines(""), "");
}

// Arguments the command line refuses come back quoted in the message, escaped: the parsers'
// own refusals (count, duration, shard, seed) and CLI11's (an unknown option, an extra argument).
TEST(TerminalOutput, RefusedArgumentsAreQuotedEscaped) {
    const std::string hostile = "1\x1b]0;owned\x07\xc2\x9b" "2J";
    const std::vector<std::vector<std::string>> refused = {
        {"run", "--impl", "div64.emu_nr", "--classes", "normal", "--count", hostile},
        {"run", "--impl", "div64.emu_nr", "--classes", "normal", "--for", hostile},
        {"run", "--impl", "div64.emu_nr", "--classes", "normal", "--count", "10", "--shard", hostile},
        {"run", "--impl", "div64.emu_nr", "--classes", "normal", "--count", "10", "--seed", hostile},
        {"run", "--impl", "div64.emu_nr", "--classes", "normal", "--count", "10", "--" + hostile},
        {"run", "--impl", "div64.emu_nr", "--classes", "normal", "--count", "10", hostile},
    };
    for (const std::vector<std::string>& args : refused) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << args.back() << ": " << r.err;
        EXPECT_FALSE(holds_terminal_controls(r.err)) << r.err;
        EXPECT_TRUE(contains(r.err, "\\x1b]0;owned\\x07\\xc2\\x9b2J")) << r.err;
    }
}

class StoredControls : public ::testing::Test {
protected:
    void SetUp() override {
        db_ = dir_.path("c.db");
        const CommandResult r = run_fpverify({"run", "--db", db_, "--impl", "div64.emu_halley", "--classes", "midpoint",
                                              "--count", "2000", "--quiet", "--no-progress"});
        ASSERT_EQ(r.status, 1) << r.err;  // failures found
        ASSERT_TRUE(testing::sql_exec(db_, "UPDATE failures SET class = " + kHostileSql + " WHERE id = 1"));
        ASSERT_TRUE(testing::sql_exec(db_, "UPDATE failures SET impl = 'i' || " + kHostileSql + " WHERE id = 2"));
        ASSERT_TRUE(testing::sql_exec(db_, "UPDATE units SET class = " + kHostileSql));
    }
    TempDir dir_;
    std::string db_;
};

TEST_F(StoredControls, ReproEscapesThem) {
    // A class no build knows (its inputs cannot be regenerated) and an impl no build has.
    for (const char* id : {"1", "2"}) {
        const CommandResult r = run_fpverify({"repro", "--db", db_, "--failure", id});
        EXPECT_EQ(r.status, 0) << r.err;
        EXPECT_FALSE(holds_terminal_controls(r.out)) << r.out;
        EXPECT_TRUE(contains(r.out, "x\\x1bc\\x1b]0;owned\\x07\\xc2\\x9b2J\\x0ay")) << r.out;
    }
}

TEST_F(StoredControls, QueryTablesEscapeThemAndCsvKeepsTheBytes) {
    const CommandResult table = run_fpverify({"query", "--db", db_, "SELECT class, impl FROM failures WHERE id = 1"});
    EXPECT_EQ(table.status, 0) << table.err;
    EXPECT_FALSE(holds_terminal_controls(table.out)) << table.out;
    EXPECT_TRUE(contains(table.out, "x\\x1bc\\x1b]0;owned\\x07\\xc2\\x9b2J\\x0ay")) << table.out;
    const CommandResult preset = run_fpverify({"query", "--db", db_, "--preset", "summary"});
    EXPECT_EQ(preset.status, 0) << preset.err;
    EXPECT_FALSE(holds_terminal_controls(preset.out)) << preset.out;
    // CSV is data for programs: the stored bytes, quoted.
    const CommandResult csv = run_fpverify({"query", "--db", db_, "--format", "csv", "SELECT class FROM failures WHERE id = 1"});
    EXPECT_TRUE(contains(csv.out, "\"x\x1b" "c\x1b]0;owned\x07\xc2\x9b" "2J\ny\"")) << csv.out;
}

}  // namespace
}  // namespace fpv
