// Bytes that are not UTF-8 in what users name: a campaign name is stored as given and every JSON
// document stays valid (each invalid byte becomes U+FFFD, also for databases written before);
// a vector file's path, which a resume must find again byte for byte, is refused by `run`
// before anything is written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "model/text_format.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using nlohmann::json;
using namespace testing;

const std::string kLatin1Name = "caf\xe9 \xff";  // "café ÿ" in ISO 8859-1
const std::string kReplacement = "\xef\xbf\xbd";  // U+FFFD in UTF-8

TEST(Utf8Text, ValidityIsJudgedAsUtf8) {
    EXPECT_TRUE(is_valid_utf8("plain"));
    EXPECT_TRUE(is_valid_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"));
    EXPECT_FALSE(is_valid_utf8(kLatin1Name));
    EXPECT_FALSE(is_valid_utf8("\xc3"));              // cut short
    EXPECT_FALSE(is_valid_utf8("\xc0\xaf"));          // overlong "/"
    EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));      // a surrogate
    EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // beyond U+10FFFF
}

TEST(Utf8Text, JsonOutputsStayValidForANameThatIsNotUtf8) {
    TempDir dir;
    const std::string db = dir.path("latin1.db");
    const CommandResult run = run_fpverify({"run", "--db", db, "--name", kLatin1Name, "--impl", "div64.host",
                                            "--classes", "random", "--count", "100", "--quiet", "--no-progress"});
    ASSERT_EQ(run.status, 0) << run.err;
    const CommandResult report = run_fpverify({"report", "--db", db, "--format", "json"});
    ASSERT_EQ(report.status, 0) << report.err;
    const json j = json::parse(report.out);
    EXPECT_EQ(j["campaign"]["name"], "caf" + kReplacement + " " + kReplacement);
    EXPECT_TRUE(contains(j["campaign"]["command_line"].get<std::string>(), "caf" + kReplacement)) << j["campaign"];

    const CommandResult compared = run_fpverify({"report", "--db", db, "--compare", db, "--format", "json"});
    ASSERT_EQ(compared.status, 0) << compared.err;
    EXPECT_EQ(json::parse(compared.out)["new_campaign"]["name"], "caf" + kReplacement + " " + kReplacement);

    const CommandResult query = run_fpverify({"query", "--db", db, "--format", "json", "SELECT name FROM campaigns"});
    ASSERT_EQ(query.status, 0) << query.err;
    EXPECT_EQ(json::parse(query.out)[0]["name"], "caf" + kReplacement + " " + kReplacement);
    // The other formats show the bytes as they always did.
    const CommandResult markdown = run_fpverify({"report", "--db", db});
    EXPECT_EQ(markdown.status, 0) << markdown.err;
}

TEST(Utf8Text, AVectorFileWhosePathIsNotUtf8IsRefusedBeforeAnythingIsWritten) {
    TempDir dir;
    const std::string path = dir.path("f64_div.\xff.txt");
    std::filesystem::copy_file(testing::vectors_dir() + "/f64_div.level1.txt", path);
    const std::string db = dir.path("v.db");
    const CommandResult r = run_fpverify({"run", "--db", db, "--impl", "div64.host", "--classes", "testfloat:" + path,
                                          "--count", "100", "--quiet", "--no-progress"});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "UTF-8")) << r.err;
    EXPECT_TRUE(contains(r.err, "\\xff")) << r.err;
    EXPECT_FALSE(testing::file_exists(db)) << "a schema was written";
    // Into an existing database, nothing is added either.
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.host", "--classes", "random", "--count", "100",
                            "--quiet", "--no-progress"})
                  .status,
              0);
    const std::string before = testing::read_file(db);
    EXPECT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.host", "--classes", "testfloat:" + path, "--quiet",
                            "--no-progress"})
                  .status,
              2);
    EXPECT_EQ(testing::read_file(db), before);
}

}  // namespace
}  // namespace fpv
