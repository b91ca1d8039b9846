// Output that never lies and never destroys: --out writes through devices and FIFOs and follows
// symbolic links instead of replacing them, leaves no temporary file, and every write to
// standard output is checked; queries have a time limit; names cannot inject Markdown.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

// A small finished campaign to report.
std::string small_campaign(const TempDir& dir, const std::string& name = "small") {
    const std::string db = dir.path("c.db");
    const CommandResult r = run_fpverify({"run", "--db", db, "--name", name, "--impl", "div64.emu_halley", "--classes",
                                          "normal", "--count", "2000", "--backend", "cpu", "--quiet", "--no-progress"});
    EXPECT_EQ(r.status, 1) << r.err;
    return db;
}

bool is_fifo(const std::string& path) {
    struct stat s {};
    return ::lstat(path.c_str(), &s) == 0 && S_ISFIFO(s.st_mode);
}

bool is_char_device(const std::string& path) {
    struct stat s {};
    return ::lstat(path.c_str(), &s) == 0 && S_ISCHR(s.st_mode);
}

// Files left in `dir` whose names say they were temporary.
int temporaries_in(const std::string& dir) {
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) n += contains(e.path().filename(), ".tmp-") ? 1 : 0;
    return n;
}

TEST(Output, OutWritesThroughAFifoInsteadOfReplacingIt) {
    TempDir dir;
    const std::string db = small_campaign(dir);
    const std::string fifo = dir.path("pipe");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // Open for reading first (without waiting for a writer), so a report of a few kilobytes
    // waits in the pipe, and a binary that never opens the FIFO cannot hang the test.
    const int read_end = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(read_end, 0);
    const CommandResult r = run_fpverify({"report", "--db", db, "--out", fifo});
    std::string received;
    char buffer[4096];
    for (ssize_t n; (n = ::read(read_end, buffer, sizeof buffer)) > 0;) received.append(buffer, static_cast<size_t>(n));
    ::close(read_end);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(is_fifo(fifo)) << "the FIFO was replaced by a file";
    EXPECT_TRUE(contains(received, "# fpverify report")) << received.substr(0, 200);
    EXPECT_EQ(temporaries_in(dir.dir()), 0);
}

TEST(Output, OutToAFullDeviceIsExitThreeAndTheDeviceStays) {
    TempDir dir;
    const std::string db = small_campaign(dir);
    // Devices made here, the same as /dev/full and /dev/null, so that a binary that replaced
    // them (as fpverify before this test did, run as root) harms nothing of the system's.
    const std::string full = dir.path("full");
    if (::mknod(full.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0) GTEST_SKIP() << "mknod needs root";
    const CommandResult r = run_fpverify({"report", "--db", db, "--out", full});
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_TRUE(contains(r.err, "No space left on device")) << r.err;
    EXPECT_TRUE(is_char_device(full)) << "the device was replaced by a file";
    // And /dev/null's twin, written through with success.
    const std::string null_device = dir.path("null");
    ASSERT_EQ(::mknod(null_device.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
    const CommandResult null = run_fpverify({"export", "--db", db, "--out", null_device});
    EXPECT_EQ(null.status, 0) << null.err;
    EXPECT_TRUE(is_char_device(null_device)) << "the device was replaced by a file";
    EXPECT_EQ(temporaries_in(dir.dir()), 0);
}

TEST(Output, OutFollowsASymbolicLinkAndRefusesADirectoryLeavingNothing) {
    TempDir dir;
    const std::string db = small_campaign(dir);
    std::filesystem::create_directory(dir.path("real"));
    const std::string link = dir.path("latest.md");
    std::filesystem::create_symlink("real/report.md", link);
    const CommandResult r = run_fpverify({"report", "--db", db, "--out", link});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(std::filesystem::is_symlink(link)) << "the link was replaced by a file";
    EXPECT_TRUE(contains(testing::read_file(dir.path("real/report.md")), "# fpverify report"));

    const CommandResult into_directory = run_fpverify({"report", "--db", db, "--out", dir.path("real")});
    EXPECT_EQ(into_directory.status, 2) << into_directory.err;
    EXPECT_TRUE(contains(into_directory.err, "is a directory")) << into_directory.err;
    EXPECT_EQ(temporaries_in(dir.dir()), 0);
    EXPECT_EQ(temporaries_in(dir.path("real")), 0);
}

TEST(Output, WriteErrorsOnStandardOutputAreExitThree) {
    if (!is_char_device("/dev/full")) GTEST_SKIP() << "no /dev/full";
    TempDir dir;
    const std::string db = small_campaign(dir);
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"report", "--db", db},
                                               {"report", "--db", db, "--format", "json"},
                                               {"query", "--db", db, "--preset", "summary"},
                                               {"export", "--db", db},
                                               {"list", "impls"}}) {
        const CommandResult r = run_fpverify_into_full_device(args);
        EXPECT_EQ(r.status, 3) << args[0] << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "cannot write standard output")) << args[0] << ": " << r.err;
    }
}

TEST(Output, AQueryStopsAtItsTimeLimit) {
    TempDir dir;
    const std::string db = small_campaign(dir);
    const auto started = std::chrono::steady_clock::now();
    const CommandResult r = run_fpverify({"query", "--db", db, "--timeout", "1s",
                                          "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
                                          "SELECT count(*) FROM n"});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_TRUE(contains(r.err, "time limit of 1 s")) << r.err;
    EXPECT_LT(seconds, 30);
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--timeout", "0", "SELECT 1"}).status, 2);
    EXPECT_EQ(run_fpverify({"query", "--db", db, "--timeout", "5s", "SELECT 1"}).status, 0);
}

TEST(Output, NamesWithNewlinesOrMarkupStayInsideTheirPlaceInEveryFormat) {
    TempDir dir;
    const std::string name = "evil\n# Injected heading\n<script>alert(1)</script> `tick`";
    const std::string db = small_campaign(dir, name);
    const std::string md = run_fpverify({"report", "--db", db}).out;
    EXPECT_FALSE(contains(md, "\n# Injected")) << md.substr(0, 300);
    // Rendered, it reads evil\x0a# Injected heading\x0a<script>: the backslashes are Markdown's escapes.
    EXPECT_TRUE(contains(md, "evil\\\\x0a\\# Injected heading\\\\x0a\\<script\\>")) << md.substr(0, 300);
    const std::string html = run_fpverify({"report", "--db", db, "--format", "html"}).out;
    EXPECT_FALSE(contains(html, "<script>")) << html.substr(0, 300);
    const nlohmann::json json = nlohmann::json::parse(run_fpverify({"report", "--db", db, "--format", "json"}).out);
    EXPECT_EQ(json["campaign"]["name"], name);
    const std::string status = run_fpverify({"status", "--db", db, "--campaign", "1"}).out;
    EXPECT_TRUE(contains(status, "(evil\\x0a# Injected heading\\x0a<script>")) << status;
}

}  // namespace
}  // namespace fpv
