// What README.md and docs/ state as facts of this build agrees with the build (issue 42, N17):
// the schema version it writes and the versions it migrates, the number of mutants the mutation
// score runs, the formats `report --compare` writes. Each statement is found by its wording
// wherever it is in a document, so that a new page or a moved paragraph stays checked; a
// mismatch names the file and the line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <regex>
#include <string>
#include <vector>

#include "store/schema.h"
#include "store/store.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;
namespace fs = std::filesystem;

struct Document {
    std::string path, text;
    // The line of a position in the text.
    int line_of(size_t at) const { return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n')); }
};

std::vector<Document> documents() {
    std::vector<Document> docs = {{"README.md", read_file("README.md")}};
    for (const auto& entry : fs::directory_iterator("docs")) {
        if (entry.path().extension() == ".md") docs.push_back({entry.path().string(), read_file(entry.path().string())});
    }
    return docs;
}

// Every match of `pattern` in every document, line breaks read as spaces (statements wrap), with
// where it is.
void for_each_match(const std::string& pattern, const std::function<void(const std::string&, const std::smatch&)>& check) {
    const std::regex re(pattern);
    for (const Document& d : documents()) {
        std::string flat = d.text;
        std::replace(flat.begin(), flat.end(), '\n', ' ');
        for (auto it = std::sregex_iterator(flat.begin(), flat.end(), re); it != std::sregex_iterator(); ++it) {
            check(d.path + ":" + std::to_string(d.line_of(static_cast<size_t>(it->position()))), *it);
        }
    }
}

TEST(DocumentsAgree, OnTheSchemaVersionWrittenAndTheVersionsMigrated) {
    const std::string current = std::to_string(kSchemaVersion);
    int statements = 0;
    for (const std::string pattern : {R"(Schema version: \*\*(\d+)\*\*)", R"(`schema_version` = `(\d+)`)",
                                      R"(SQLite store \(schema (\d+)\))", R"(is migrated\s+to version (\d+))"}) {
        for_each_match(pattern, [&](const std::string& where, const std::smatch& m) {
            EXPECT_EQ(m[1].str(), current) << where << ": says schema " << m[1] << "; this build writes " << current;
            ++statements;
        });
    }
    for_each_match(R"(schema version (\d+) to (\d+)\))", [&](const std::string& where, const std::smatch& m) {
        EXPECT_EQ(m[1].str() + " to " + m[2].str(), schema::migrated_versions())
            << where << ": says it migrates " << m[0] << "; this build migrates " << schema::migrated_versions();
        ++statements;
    });
    EXPECT_GE(statements, 5) << "a statement of the schema version was reworded: check this test's patterns";
}

TEST(DocumentsAgree, OnTheNumberOfMutants) {
    const CommandResult listed = run_fpverify({"list", "mutants"});
    ASSERT_EQ(listed.status, 0);
    size_t mutants = 0;
    for (size_t at = listed.out.find(".mut_"); at != std::string::npos; at = listed.out.find(".mut_", at + 1)) ++mutants;
    ASSERT_GT(mutants, 0u);
    int statements = 0;
    for_each_match(R"((\d+) (?:planted-bug )?mutants)", [&](const std::string& where, const std::smatch& m) {
        EXPECT_EQ(m[1].str(), std::to_string(mutants)) << where << ": says " << m[0] << "; this build has " << mutants;
        ++statements;
    });
    EXPECT_GE(statements, 1);
}

TEST(DocumentsAgree, OnTheFormatsAComparisonIsWrittenIn) {
    TempDir dir;
    const std::string db = dir.path("c.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr", "--classes", "normal", "--count", "100",
                            "--quiet", "--no-progress"})
                  .status,
              0);
    for (const std::string format : {"md", "html", "json"}) {
        EXPECT_EQ(run_fpverify({"report", "--db", db, "--compare", db, "--format", format}).status, 0) << format;
    }
    const CommandResult latex = run_fpverify({"report", "--db", db, "--compare", db, "--format", "latex"});
    EXPECT_EQ(latex.status, 2);
    EXPECT_TRUE(contains(latex.err, "md, html or json")) << latex.err;
    int statements = 0;
    for_each_match(R"(Compare two campaigns[^.:]*\(([^)]*)\))", [&](const std::string& where, const std::smatch& m) {
        EXPECT_EQ(m[1].str(), "Markdown, HTML or JSON") << where << ": " << m[0];
        ++statements;
    });
    EXPECT_GE(statements, 1);
}

}  // namespace
}  // namespace fpv
