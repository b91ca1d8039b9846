// What users type for a campaign, checked end to end: input that once ran a campaign into
// nothing, crashed, hung or was quietly changed. Each is now refused before anything is written
// (exit status 2), or, for threads the OS will not start, exit status 3 with the database
// untouched.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

std::string f64_div_vectors() { return testing::vectors_dir() + "/f64_div.level1.txt"; }

// A small campaign's arguments, into `db`.
std::vector<std::string> small_run(const std::string& db, const std::vector<std::string>& more = {}) {
    std::vector<std::string> args = {"run", "--db", db, "--impl", "div64.host", "--classes", "random",
                                     "--count", "200", "--quiet", "--no-progress"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

// Runs fpverify with `directory` as its working directory.
CommandResult run_fpverify_in(const std::string& directory, const std::vector<std::string>& args) {
    std::vector<std::string> env_args = {"-C", directory, std::filesystem::absolute(testing::fpverify_binary()).string()};
    env_args.insert(env_args.end(), args.begin(), args.end());
    return run_command("env", env_args);
}

void sql(const std::string& db, const std::string& statements) {
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    char* message = nullptr;
    const int rc = sqlite3_exec(handle, statements.c_str(), nullptr, nullptr, &message);
    const std::string why = message != nullptr ? message : "";
    sqlite3_free(message);
    sqlite3_close(handle);
    ASSERT_EQ(rc, SQLITE_OK) << why;
}

int64_t sql_number(const std::string& db, const std::string& query) {
    sqlite3* handle = nullptr;
    sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* statement = nullptr;
    int64_t value = -1;
    if (sqlite3_prepare_v2(handle, query.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW) {
        value = sqlite3_column_int64(statement, 0);
    }
    sqlite3_finalize(statement);
    sqlite3_close(handle);
    return value;
}

// ---- 1. --threads ----------------------------------------------------------------------------

TEST(CampaignInputChecks, ThreadCountsBeyondTheMaximumOrNegativeAreExitTwo) {
    TempDir dir;
    const std::string db = dir.path("t.db");
    for (const char* threads : {"100000", "1025", "-1"}) {
        const CommandResult r = run_fpverify(small_run(db, {"--threads", threads}));
        EXPECT_EQ(r.status, 2) << threads << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "1024")) << r.err;  // says the maximum
        EXPECT_FALSE(file_exists(db)) << threads;
    }
    ASSERT_EQ(run_fpverify(small_run(db, {"--threads", "1024"})).status, 0);  // the maximum itself
    for (const char* threads : {"-3", "-1", "100000"}) {
        const CommandResult r = run_fpverify({"resume", "--db", db, "--threads", threads, "--quiet"});
        EXPECT_EQ(r.status, 2) << threads << ": " << r.err;
    }
    EXPECT_TRUE(contains(run_fpverify({"run", "--help"}).out, "1024"));
}

// A campaign stored by an fpverify without the bound resumes only with a --threads that has one.
TEST(CampaignInputChecks, ResumeRefusesAStoredThreadCountBeyondTheMaximum) {
    TempDir dir;
    const std::string db = dir.path("t.db");
    ASSERT_EQ(run_fpverify(small_run(db)).status, 0);
    sql(db, "UPDATE campaigns SET threads = 100000, status = 'running'");
    const CommandResult plain = run_fpverify({"resume", "--db", db, "--quiet"});
    EXPECT_EQ(plain.status, 2) << plain.err;
    EXPECT_TRUE(contains(plain.err, "100000")) << plain.err;
    const CommandResult bounded = run_fpverify({"resume", "--db", db, "--threads", "2", "--quiet"});
    EXPECT_EQ(bounded.status, 0) << bounded.err;
}

// A stack limit beyond the address space makes glibc reserve that much for every new thread's
// stack, which no mmap can grant: pthread_create fails for root too, and under AddressSanitizer.
TEST(CampaignInputChecks, ThreadsThatCannotStartAreExitThreeWithTheDatabaseUntouched) {
    const std::string huge_stack = "ulimit -s 274877906944";  // KiB: 256 TiB
    if (run_command("sh", {"-c", huge_stack}).status != 0) GTEST_SKIP() << "cannot raise the stack limit here";
    TempDir dir;
    const std::string db = dir.path("t.db");
    std::vector<std::string> args = {"-c", huge_stack + " && exec \"$0\" \"$@\"", testing::fpverify_binary()};
    for (const std::string& a : small_run(db, {"--threads", "2"})) args.push_back(a);
    const CommandResult r = run_command("sh", args);
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_TRUE(contains(r.err, "cannot start 2 host threads")) << r.err;
    EXPECT_FALSE(file_exists(db)) << "the campaign was created before its threads were known to start";

    // Nor does a resume mark anything: the campaign stays as it was.
    ASSERT_EQ(run_fpverify(small_run(db)).status, 0);
    sql(db, "UPDATE campaigns SET status = 'running'");
    args = {"-c", huge_stack + " && exec \"$0\" \"$@\"", testing::fpverify_binary(), "resume", "--db", db,
            "--threads", "2", "--quiet"};
    const CommandResult resumed = run_command("sh", args);
    EXPECT_EQ(resumed.status, 3) << resumed.err;
    EXPECT_EQ(sql_number(db, "SELECT count(*) FROM campaigns WHERE status = 'running'"), 1);
}

// ---- 2. databases that vanish ---------------------------------------------------------------

// A stored entry of a matrix product names its input by words laid out as its class's generator
// version says: repro of one made by another version says so and re-runs nothing.
TEST(CampaignInputChecks, ReproOfAMatrixEntryOfAnotherGeneratorVersionRunsNothing) {
    TempDir dir;
    const std::string db = dir.path("g.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "gemm64.dot_fma", "--classes", "overflow:k=64:m=4:n=8",
                            "--count", "512", "--backend", "cpu", "--quiet", "--no-progress"})
                  .status,
              1);
    const CommandResult same = run_fpverify({"repro", "--db", db, "--failure", "1"});
    EXPECT_TRUE(contains(same.out, "identical")) << same.out;
    EXPECT_TRUE(contains(same.out, "re-run   =")) << same.out;
    sql(db, "UPDATE units SET generator_version = 1");
    const CommandResult older = run_fpverify({"repro", "--db", db, "--failure", "1"});
    EXPECT_EQ(older.status, 0) << older.err;
    EXPECT_TRUE(contains(older.out, "made by version 1 of the class's generator and this build reads version 2"))
        << older.out;
    EXPECT_FALSE(contains(older.out, "re-run   =")) << older.out;
}

TEST(CampaignInputChecks, InMemoryAndTemporaryDatabasesAreRefused) {
    TempDir dir;  // the working directory, so that a name taken as a file lands here
    for (const char* db : {"", ":memory:", "file::memory:", "file:x?mode=memory", "file:y?mode=memory&cache=shared"}) {
        const CommandResult r = run_fpverify_in(dir.dir(), small_run(db));
        EXPECT_EQ(r.status, 2) << "'" << db << "': " << r.err;
        // A name beginning with file: is never read as a URI (tests/test_database_open.cpp).
        EXPECT_TRUE(contains(r.err, std::string(db).starts_with("file:") ? "read by SQLite as a URI"
                                                                          : "in-memory or temporary database"))
            << r.err;
    }
    EXPECT_TRUE(std::filesystem::is_empty(dir.dir()));
    // A file of that name is still reachable as a path.
    EXPECT_EQ(run_fpverify_in(dir.dir(), small_run("./:memory:")).status, 0);
}

// ---- 3. vector files that never end, block, or are too large ----------------------------------

TEST(CampaignInputChecks, VectorFilesMustBeRegularFiles) {
    TempDir dir;
    const std::string fifo = dir.path("vectors.fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    for (const auto& [path, kind] : std::vector<std::pair<std::string, std::string>>{
             {"/dev/zero", "a character device"}, {fifo, "a FIFO"}, {dir.dir(), "a directory"}}) {
        // Without the check /dev/zero is read forever and the FIFO blocks: `timeout` ends them.
        std::vector<std::string> args = {"10", testing::fpverify_binary()};
        for (const std::string& a : small_run(dir.path("v.db"))) args.push_back(a);
        *std::find(args.begin(), args.end(), "random") = "testfloat:" + path;
        const CommandResult r = run_command("timeout", args);
        EXPECT_EQ(r.status, 2) << path << ": " << r.err;
        EXPECT_TRUE(contains(r.err, kind)) << r.err;
        EXPECT_FALSE(file_exists(dir.path("v.db")));
    }
}

CommandResult run_with_vector_file(const std::string& path, const std::string& db) {
    return run_fpverify({"run", "--db", db, "--impl", "div64.host", "--classes", "testfloat:" + path, "--quiet",
                         "--no-progress"});
}

TEST(CampaignInputChecks, VectorFilesBeyondOneGibibyteAreRefused) {
    TempDir dir;
    const std::string sparse = dir.path("big.txt");
    { std::ofstream create(sparse); }
    std::filesystem::resize_file(sparse, (uint64_t{1} << 30) + 1);  // sparse: no disk used
    const CommandResult plain = run_with_vector_file(sparse, dir.path("v.db"));
    EXPECT_EQ(plain.status, 2) << plain.err;
    EXPECT_TRUE(contains(plain.err, "more than the limit of 1 GiB")) << plain.err;

    // A small .gz may inflate without bound: 1025 copies of a gzip member of 1 MiB of text.
    const std::string member_path = dir.path("member.gz");
    gzFile member = gzopen(member_path.c_str(), "wb9");
    ASSERT_NE(member, nullptr);
    const std::string mebibyte(1 << 20, '0');
    ASSERT_EQ(gzwrite(member, mebibyte.data(), static_cast<unsigned>(mebibyte.size())), static_cast<int>(mebibyte.size()));
    gzclose(member);
    const std::string one = testing::read_file(member_path);
    const std::string inflating = dir.path("big.txt.gz");
    {
        std::ofstream out(inflating, std::ios::binary);
        for (int i = 0; i < 1025; ++i) out << one;
    }
    const CommandResult gz = run_with_vector_file(inflating, dir.path("v.db"));
    EXPECT_EQ(gz.status, 2) << gz.err;
    EXPECT_TRUE(contains(gz.err, "more than the limit of 1 GiB")) << gz.err;
    EXPECT_FALSE(file_exists(dir.path("v.db")));
}

TEST(CampaignInputChecks, ParseErrorsShowUnprintableBytesEscaped) {
    TempDir dir;
    const std::string file = dir.path("bad.txt");
    std::ofstream(file, std::ios::binary) << std::string("\x01\xff\x1b[31mred\x00tail\n", 16);
    const CommandResult r = run_with_vector_file(file, dir.path("v.db"));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "'\\x01\\xff\\x1b[31mred\\x00tail'")) << r.err;
    EXPECT_FALSE(contains(r.err, "\xff")) << r.err;
    EXPECT_FALSE(contains(r.err, "\x1b")) << r.err;
}

// ---- 4. databases that are not whole -----------------------------------------------------------

// Bytes 18 and 19 of an SQLite file: 1 for a rollback journal, 2 for WAL.
std::string journal_bytes(const std::string& db) { return testing::read_file(db).substr(18, 2); }

TEST(CampaignInputChecks, DatabasesOfOnlyTheMetaTableAreExitTwoAndLeftUnchanged) {
    TempDir dir;
    for (const char* version : {"", "5", "4", "3", "2"}) {
        const std::string db = dir.path(std::string("meta") + version + ".db");
        sql(db, std::string("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                            "INSERT INTO meta VALUES('application', 'fpverify');") +
                    (*version != '\0' ? std::string("INSERT INTO meta VALUES('schema_version', '") + version + "');"
                                      : ""));
        const std::string before = testing::read_file(db);
        ASSERT_EQ(journal_bytes(db), std::string("\x01\x01", 2));
        for (const std::vector<std::string>& args :
             {small_run(db), {"resume", "--db", db}, {"report", "--db", db}, {"query", "--db", db, "--preset", "summary"}}) {
            const CommandResult r = run_fpverify(args);
            EXPECT_EQ(r.status, 2) << "version '" << version << "', " << args[0] << ": " << r.err;
        }
        EXPECT_EQ(testing::read_file(db), before) << "version '" << version << "': the file changed";
        EXPECT_EQ(journal_bytes(db), std::string("\x01\x01", 2)) << "version '" << version << "': switched to WAL";
    }
    // One more table is not enough either.
    const std::string db = dir.path("partial.db");
    ASSERT_EQ(run_fpverify(small_run(db)).status, 0);
    sql(db, "DROP TABLE ulp_steps");
    const CommandResult r = run_fpverify(small_run(db));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "ulp_steps")) << r.err;
}

TEST(CampaignInputChecks, DamagedDatabasesGetNoNewCampaign) {
    TempDir dir;
    const std::string db = dir.path("damaged.db");
    ASSERT_EQ(run_fpverify(small_run(db)).status, 0);
    const CommandResult healthy = run_fpverify(small_run(db));
    ASSERT_EQ(healthy.status, 0) << healthy.err;  // quick_check passes a sound file
    const int64_t page_size = sql_number(db, "PRAGMA page_size");
    const int64_t root = sql_number(db, "SELECT rootpage FROM sqlite_schema WHERE name = 'worst_cases'");
    ASSERT_GT(root, 1);
    {
        std::fstream file(db, std::ios::binary | std::ios::in | std::ios::out);
        file.seekp((root - 1) * page_size);
        file << std::string(static_cast<size_t>(page_size), '\xa5');
    }
    const CommandResult r = run_fpverify(small_run(db));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "quick_check")) << r.err;
    EXPECT_EQ(sql_number(db, "SELECT count(*) FROM campaigns"), 2);
    const CommandResult resumed = run_fpverify({"resume", "--db", db});
    EXPECT_EQ(resumed.status, 2) << resumed.err;
    // Reading is refused too, with the same message: what is read from a damaged file could be
    // silently wrong (tests/test_database_open.cpp checks every reader).
    const CommandResult listed = run_fpverify({"query", "--db", db, "SELECT count(*) FROM campaigns"});
    EXPECT_EQ(listed.status, 2) << listed.err;
    EXPECT_TRUE(contains(listed.err, "quick_check")) << listed.err;
}

// ---- 5. numbers and names as typed -------------------------------------------------------------

TEST(CampaignInputChecks, NumbersOutOfRangeAreExitTwoNotWrappedOrClamped) {
    TempDir dir;
    const std::string db = dir.path("n.db");
    const CommandResult worst = run_fpverify(small_run(db, {"--worst", "-1"}));
    EXPECT_EQ(worst.status, 2) << worst.err;
    EXPECT_FALSE(file_exists(db));

    ASSERT_EQ(run_fpverify(small_run(db)).status, 0);
    const std::string huge = "99999999999999999999";
    for (const std::vector<std::string>& args : {std::vector<std::string>{"resume", "--db", db, "--campaign", huge},
                                                 {"report", "--db", db, "--campaign", huge},
                                                 {"query", "--db", db, "--campaign", huge, "SELECT ?1"},
                                                 {"export", "--db", db, "--campaign", huge},
                                                 {"repro", "--db", db, "--failure", huge},
                                                 {"report", "--db", db, "--campaign", "-1"}}) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << args[0] << " " << args[3] << ": " << r.out << r.err;
        EXPECT_TRUE(contains(r.err, "'" + args[4] + "' is not a whole number")) << r.err;  // not clamped to 2^63 - 1
    }
}

TEST(CampaignInputChecks, AClassOrImplNamedTwiceIsExitTwo) {
    TempDir dir;
    const std::string db = dir.path("d.db");
    const std::string vectors = f64_div_vectors();
    const std::string same_file = std::filesystem::path(vectors).parent_path().string() + "/./" +
                                  std::filesystem::path(vectors).filename().string();
    for (const auto& [flag, value, named] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"--classes", "random,normal,random", "'random' is named twice"},
             {"--classes", "all,all", "'all' is named twice"},
             {"--classes", "testfloat:" + vectors + ",testfloat:" + same_file, "is named twice"},
             {"--impl", "div64.host,div64.host", "'div64.host' is named twice"}}) {
        std::vector<std::string> args = small_run(db);
        *std::find(args.begin(), args.end(), flag == "--classes" ? "random" : "div64.host") = value;
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << value << ": " << r.err;
        EXPECT_TRUE(contains(r.err, named)) << r.err;
        EXPECT_FALSE(file_exists(db));
    }
    // A class both named and implied by "all" runs once.
    std::vector<std::string> args = small_run(db);
    *std::find(args.begin(), args.end(), "random") = "all,random";
    EXPECT_EQ(run_fpverify(args).status, 0);
    EXPECT_EQ(sql_number(db, "SELECT count(*) FROM units WHERE class = 'random'"), 1);
}

// ---- 6. vector files named relative to where the campaign started ------------------------------

TEST(CampaignInputChecks, VectorFileCampaignsResumeFromAnotherDirectory) {
    TempDir started_in, resumed_in;
    std::filesystem::create_directory(started_in.path("vectors"));
    std::filesystem::copy_file(f64_div_vectors(), started_in.path("vectors/f64_div.level1.txt"));
    const std::string db = started_in.path("v.db");
    const CommandResult run = run_fpverify_in(
        started_in.dir(), {"run", "--db", "v.db", "--impl", "div64.host", "--classes",
                           "random,testfloat:vectors/f64_div.level1.txt", "--count", "300", "--quiet", "--no-progress"});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::string canonical = std::filesystem::canonical(started_in.path("vectors/f64_div.level1.txt")).string();
    EXPECT_EQ(sql_number(db, "SELECT count(*) FROM units WHERE class = 'testfloat:" + canonical + "'"), 1);
    EXPECT_EQ(sql_number(db, "SELECT count(*) FROM campaigns WHERE classes LIKE '%testfloat:" + canonical + "%'"), 1);

    sql(db, "UPDATE campaigns SET status = 'running'");
    const CommandResult resumed = run_fpverify_in(resumed_in.dir(), {"resume", "--db", db, "--quiet"});
    EXPECT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(sql_number(db, "SELECT count(*) FROM campaigns WHERE status = 'finished'"), 1);

    const CommandResult report = run_fpverify_in(resumed_in.dir(), {"report", "--db", db});
    EXPECT_EQ(report.status, 0) << report.err;
    EXPECT_TRUE(contains(report.out, "testfloat:" + canonical)) << report.out;
}

}  // namespace
}  // namespace fpv
