// Opening a database, end to end: what every command does with the file it is given and the files
// beside it. A refused file keeps every byte, its -wal included (a -wal from another database, a
// zero-byte file); a damaged file is named, with exit status 2, by every command that reads it;
// read-only media can be read; a directory, a stray rollback journal and a name SQLite would take
// for a URI are handled plainly; two runs creating one database at once both succeed; a system
// that fails while the database is created is exit status 3 with its reason.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "store/sqlite_handle.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

namespace fs = std::filesystem;
using namespace testing;

// A finished campaign with stored failures (for repro and export), into `db`.
std::vector<std::string> campaign_with_failures(const std::string& db) {
    return {"run",       "--db",    db,     "--impl",       "div64.mut_inf_over_inf,div64.emu_nr",
            "--classes", "specials,random", "--count", "2000", "--quiet", "--no-progress"};
}

std::vector<std::string> small_run(const std::string& db) {
    return {"run",     "--db", db, "--impl", "div64.host", "--classes", "random",
            "--count", "200", "--quiet", "--no-progress"};
}

// Every command that reads a database, each on `db`: what users reach for after a run.
std::map<std::string, std::vector<std::string>> read_verbs(const std::string& db, const std::string& scratch) {
    return {{"status", {"status", "--db", db}},
            {"report", {"report", "--db", db}},
            {"report json", {"report", "--db", db, "--format", "json"}},
            {"query", {"query", "--db", db, "--preset", "summary"}},
            {"export", {"export", "--db", db, "--impl", "div64.mut_inf_over_inf"}},
            {"repro", {"repro", "--db", db, "--failure", "1"}},
            {"compare", {"report", "--db", db, "--compare", db}},
            {"merge source", {"merge", "--into", scratch + "/merged.db", db}}};
}

int64_t number(const std::string& db, const std::string& sql) {
    const auto rows = sql_rows(db, sql);
    return rows.empty() || rows[0].empty() || rows[0][0] == "NULL" ? -1 : std::stoll(rows[0][0]);
}

std::string quick_check(const std::string& db) {
    const auto rows = sql_rows(db, "PRAGMA quick_check(1)");
    return rows.empty() ? "(unreadable)" : rows[0][0];
}

// The bytes of `db` and of the files SQLite keeps beside it.
std::map<std::string, std::string> bytes_of(const std::string& db) {
    std::map<std::string, std::string> files;
    for (const char* suffix : {"", "-wal", "-journal"}) {
        if (fs::exists(db + suffix)) files[db + suffix] = read_file(db + suffix);
    }
    return files;
}

// A campaign of another database killed with SIGKILL in the middle of its run, once it has
// committed `inputs`: its -wal holds batches never checkpointed into its file.
std::string wal_of_a_killed_run(const TempDir& dir, int64_t inputs = 20000) {
    const std::string other = dir.path("other.db");
    const int pid = testing::spawn_fpverify({"run", "--db", other, "--impl", "div64.emu_halley", "--classes",
                                             "normal,ties", "--count", "1e12", "--threads", "1", "--batch", "2000",
                                             "--no-progress", "--quiet"});
    EXPECT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    while (std::chrono::steady_clock::now() < deadline && number(other, "SELECT sum(next_index) FROM units") < inputs) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    kill(pid, SIGKILL);
    EXPECT_EQ(testing::wait_for(pid), 128 + SIGKILL);
    EXPECT_GT(fs::file_size(other + "-wal"), 0u) << "the killed run left no -wal";
    return other + "-wal";
}

// ---- D2: a refused file keeps its bytes, -wal included ------------------------------------------

// Copies the -wal of a killed run of another database beside `db` (as when x.db is copied over an
// older x.db whose -wal is still there), and checks that every command refuses the pair, naming
// the -wal, and leaves both files as they were; returns what `status` said.
std::string refused_with_a_foreign_wal(const TempDir& dir, const std::string& db, const std::string& wal) {
    EXPECT_FALSE(fs::exists(db + "-wal"));  // a clean exit leaves none
    const std::string alone = read_file(db);
    fs::copy_file(wal, db + "-wal");
    const auto before = bytes_of(db);
    const CommandResult status = run_fpverify({"status", "--db", db});
    EXPECT_EQ(status.status, 2) << status.out << status.err;
    EXPECT_TRUE(contains(status.err, db + "-wal")) << status.err;
    EXPECT_TRUE(contains(status.err, "belongs to another database")) << status.err;
    // (--for: a resume that took the pair would otherwise run the other database's campaign on.)
    const CommandResult resume = run_fpverify({"resume", "--db", db, "--quiet", "--no-progress", "--for", "3s"});
    EXPECT_EQ(resume.status, 2) << resume.err;
    EXPECT_EQ(resume.err, status.err);
    const CommandResult run = run_fpverify(small_run(db));
    EXPECT_EQ(run.status, 2) << run.err;
    for (const auto& [verb, args] : read_verbs(db, dir.dir())) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << verb << ": " << r.err;
    }
    EXPECT_TRUE(bytes_of(db) == before) << "a refusal changed " << db << " or its -wal";
    // Without the stray -wal, the file is what it was, and intact.
    fs::remove(db + "-wal");
    fs::remove(db + "-shm");
    EXPECT_TRUE(read_file(db) == alone);
    EXPECT_EQ(quick_check(db), "ok");
    EXPECT_EQ(run_fpverify({"report", "--db", db}).status, 0);
    return status.err;
}

// The -wal of a copy of `origin` changed by a process that never closed it: its change is in its
// -wal alone, and its pages fit `origin` exactly.
std::string wal_of_a_changed_copy(const TempDir& dir, const std::string& origin, const std::string& change) {
    const std::string copy = dir.path("copy.db");
    fs::copy_file(origin, copy);
    const pid_t child = fork();
    if (child == 0) {
        sqlite3* handle = nullptr;
        sqlite3_open(copy.c_str(), &handle);
        _exit(sqlite3_exec(handle, change.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK ? 0 : 1);
    }
    EXPECT_EQ(testing::wait_for(child), 0);
    EXPECT_GT(fs::file_size(copy + "-wal"), 0u);
    return copy + "-wal";
}

TEST(DatabaseOpen, AWalFromAnotherDatabaseIsRefusedAndBothFilesKeepTheirBytes) {
    TempDir dir;
    // The case reported: the -wal of another database's run, killed, beside a larger file.
    const std::string larger = dir.path("larger.db");
    ASSERT_EQ(run_fpverify({"run", "--db", larger, "--impl", "div64.emu_nr,div64.emu_halley,div64.mut_inf_over_inf",
                            "--classes", "all", "--count", "5000", "--quiet", "--no-progress"})
                  .status,
              1);
    refused_with_a_foreign_wal(dir, larger, wal_of_a_killed_run(dir));
    // A -wal whose pages SQLite reads as sound with the file: campaign 1 is another in it.
    const std::string fits = dir.path("fits.db");
    ASSERT_EQ(run_fpverify(campaign_with_failures(fits)).status, 1);
    const std::string wal = wal_of_a_changed_copy(
        dir, fits, "UPDATE campaigns SET name = 'another', created_at = '2000-01-01T00:00:00Z' WHERE id = 1");
    EXPECT_TRUE(contains(refused_with_a_foreign_wal(dir, fits, wal), "reads as campaign 1 ('another'"));
}

// A refusal for a reason found after the checks (here, a campaign the database does not hold)
// leaves the file and its own -wal as they were too: only a command that wrote folds the -wal in.
TEST(DatabaseOpen, AResumeRefusedAfterTheChecksLeavesTheFileAndItsWalAsTheyWere) {
    TempDir dir;
    wal_of_a_killed_run(dir);
    const std::string db = dir.path("other.db");
    const auto before = bytes_of(db);
    ASSERT_EQ(before.size(), 2u);
    const CommandResult r = run_fpverify({"resume", "--db", db, "--campaign", "99"});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "no campaign 99")) << r.err;
    EXPECT_TRUE(bytes_of(db) == before);
}

// ---- U2: read-only media --------------------------------------------------------------------------

// How this system can make a directory read-only to fpverify: a read-only bind mount in a mount
// namespace of its own (as a read-only volume is: even root cannot write there), or, for a user
// other than root, the directory's and files' permissions.
enum class ReadOnlyWay { mount, permissions, none };

// In a user and mount namespace of its own (unshare -rm): directory $0 bound on itself, read-only.
const std::string kMountReadOnly = "mount --bind \"$0\" \"$0\" && mount -o remount,bind,ro \"$0\"";

ReadOnlyWay read_only_way() {
    static const ReadOnlyWay way = [] {
        TempDir probe;
        const CommandResult r =
            run_command("unshare", {"-rm", "sh", "-c", kMountReadOnly + " && ! touch \"$0/x\"", probe.dir()});
        if (r.status == 0) return ReadOnlyWay::mount;
        return geteuid() != 0 ? ReadOnlyWay::permissions : ReadOnlyWay::none;
    }();
    return way;
}

// Runs fpverify with `dir` read-only.
CommandResult run_on_read_only_media(const std::string& dir, const std::vector<std::string>& args) {
    if (read_only_way() == ReadOnlyWay::mount) {
        return run_command("unshare", concat({"-rm", "sh", "-c", kMountReadOnly + " && exec \"$@\"", dir,
                                              fs::absolute(testing::fpverify_binary()).string()},
                                             args));
    }
    for (const auto& entry : fs::directory_iterator(dir)) fs::permissions(entry.path(), fs::perms(0444));
    fs::permissions(dir, fs::perms(0555));
    const CommandResult r = run_fpverify(args);
    fs::permissions(dir, fs::perms(0755));
    for (const auto& entry : fs::directory_iterator(dir)) fs::permissions(entry.path(), fs::perms(0644));
    return r;
}

TEST(DatabaseOpen, EveryReadVerbReadsAHealthyDatabaseOnReadOnlyMedia) {
    if (read_only_way() == ReadOnlyWay::none) GTEST_SKIP() << "no way to make a directory read-only to root here";
    TempDir dir, scratch;
    const std::string media = dir.path("media");
    fs::create_directory(media);
    const std::string db = media + "/night.db";
    ASSERT_EQ(run_fpverify(campaign_with_failures(db)).status, 1);
    ASSERT_FALSE(fs::exists(db + "-wal"));
    const auto before = bytes_of(db);
    for (const auto& [verb, args] : read_verbs(db, scratch.dir())) {
        const CommandResult r = run_on_read_only_media(media, args);
        EXPECT_EQ(r.status, 0) << verb << ": " << r.err;
        EXPECT_FALSE(contains(r.err, "unable to open")) << verb << ": " << r.err;
    }
    EXPECT_TRUE(contains(run_on_read_only_media(media, {"report", "--db", db}).out, "div64.mut_inf_over_inf"));
    // A writer is refused, with the reason.
    const CommandResult run = run_on_read_only_media(media, small_run(db));
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_TRUE(contains(run.err, "read-only")) << run.err;
    EXPECT_TRUE(bytes_of(db) == before);
    EXPECT_FALSE(fs::exists(db + "-shm"));
}

TEST(DatabaseOpen, ADatabaseWhoseWalCannotBeReadOnReadOnlyMediaSaysWhy) {
    if (read_only_way() == ReadOnlyWay::none) GTEST_SKIP() << "no way to make a directory read-only to root here";
    TempDir dir;
    const std::string media = dir.path("media");
    fs::create_directory(media);
    const std::string db = media + "/killed.db";
    fs::copy_file(wal_of_a_killed_run(dir), db + "-wal");
    fs::copy_file(dir.path("other.db"), db);
    ASSERT_FALSE(fs::exists(db + "-shm"));
    const CommandResult r = run_on_read_only_media(media, {"status", "--db", db});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "-shm")) << r.err;
    EXPECT_TRUE(contains(r.err, "copy both files")) << r.err;
}

// ---- U3: two runs creating one database ------------------------------------------------------------

TEST(DatabaseOpen, TwoRunsCreatingOneNewDatabaseAtOnceBothSucceed) {
    TempDir dir;
    int failed = 0;
    std::string lost;
    // Each run's standard error, so that a lost race says how it was lost.
    const auto spawn = [&](const std::string& db, const std::string& err) {
        return testing::spawn_program(concat({"sh", "-c", "exec \"$0\" \"$@\" 2>'" + err + "'", testing::fpverify_binary()},
                                             small_run(db)));
    };
    for (int attempt = 0; attempt < 20; ++attempt) {
        const std::string db = dir.path("new" + std::to_string(attempt) + ".db");
        const std::string err1 = db + ".err1", err2 = db + ".err2";
        const int first = spawn(db, err1);
        const int second = spawn(db, err2);
        const int first_status = testing::wait_for(first), second_status = testing::wait_for(second);
        const int64_t campaigns = number(db, "SELECT count(*) FROM campaigns");
        if (first_status != 0 || second_status != 0 || campaigns != 2) {
            ++failed;
            lost += "exit " + std::to_string(first_status) + " and " + std::to_string(second_status) + ", " +
                    std::to_string(campaigns) + " campaigns: " + read_file(err1) + " | " + read_file(err2) + "\n";
        }
    }
    EXPECT_EQ(failed, 0) << failed << " of 20 races lost a run:\n" << lost;
}

// ---- U4: damaged files ----------------------------------------------------------------------------

// Overwrites 200 bytes at the start of a b-tree page in the middle of the file.
void damage_mid_file(const std::string& db) {
    const int64_t page_size = number(db, "PRAGMA page_size");
    const int64_t pages = static_cast<int64_t>(fs::file_size(db)) / page_size;
    std::fstream file(db, std::ios::binary | std::ios::in | std::ios::out);
    file.seekp((pages / 2) * page_size);
    file << std::string(200, '\x5a');
}

TEST(DatabaseOpen, EveryReaderOfADamagedFileNamesItWithExitTwo) {
    TempDir dir, scratch;
    const std::string db = dir.path("damaged.db");
    ASSERT_EQ(run_fpverify(campaign_with_failures(db)).status, 1);
    ASSERT_EQ(run_fpverify(campaign_with_failures(db)).status, 1);
    damage_mid_file(db);
    ASSERT_NE(quick_check(db), "ok");
    const std::string before = read_file(db);
    for (const auto& [verb, args] : read_verbs(db, scratch.dir())) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << verb << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "database '" + db + "' is damaged")) << verb << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "quick_check")) << verb << ": " << r.err;
    }
    EXPECT_FALSE(fs::exists(scratch.path("merged.db")) && fs::file_size(scratch.path("merged.db")) > 0);
    EXPECT_TRUE(read_file(db) == before);
}

// A row SQLite reads back whole but whose values no fpverify wrote: an error_histogram bin
// outside the bins (the database_open fuzz target's finding of 2026-11-27, which wrote past the
// histogram's counts) is refused as malformed, exit 2, by the reports, which read the histograms.
TEST(DatabaseOpen, AHistogramBinOutsideTheBinsIsRefusedAsMalformed) {
    TempDir dir;
    const std::string db = dir.path("bins.db");
    ASSERT_EQ(run_fpverify(campaign_with_failures(db)).status, 1);
    ASSERT_GT(number(db, "SELECT count(*) FROM error_histogram"), 0);
    for (const char* bin : {"5000", "-2000", "9223372036854775807"}) {
        ASSERT_TRUE(sql_exec(db, std::string("UPDATE error_histogram SET bin = ") + bin +
                                     " WHERE rowid = (SELECT min(rowid) FROM error_histogram)"));
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"report", "--db", db}, std::vector<std::string>{"report", "--db", db, "--format", "json"}}) {
            const CommandResult r = run_fpverify(args);
            EXPECT_EQ(r.status, 2) << args[0] << " " << bin << ": " << r.err;
            EXPECT_TRUE(contains(r.err, "malformed error_histogram row (bin " + std::string(bin) + ")"))
                << args[0] << ": " << r.err;
        }
    }
}

// Damage a read meets after the checks (on a page the quick check passed, or written since) is
// named the same way: SQLITE_CORRUPT on a connection that only reads is the file's fault.
TEST(DatabaseOpen, DamageMetDuringAReadNamesTheFile) {
    TempDir dir;
    const std::string db = dir.path("t.db");
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    execute(handle, "CREATE TABLE t (x TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                    "WHERE i < 2000) INSERT INTO t SELECT printf('%0100d', i) FROM n;");
    sqlite3_close(handle);
    damage_mid_file(db);
    ASSERT_EQ(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    std::string message;
    try {
        Statement s(handle, "SELECT count(*), max(x) FROM t");
        s.step();
    } catch (const DatabaseDamaged& e) {
        message = e.what();
    }
    sqlite3_close(handle);
    EXPECT_TRUE(contains(message, fs::canonical(db).string() + "' is damaged")) << message;
}

// ---- U5: a directory ------------------------------------------------------------------------------

TEST(DatabaseOpen, ADirectoryAsTheDatabaseIsNamedAsOne) {
    TempDir dir, scratch;
    const std::string folder = dir.path("folder.db");
    fs::create_directory(folder);
    auto verbs = read_verbs(folder, scratch.dir());
    verbs["run"] = small_run(folder);
    verbs["resume"] = {"resume", "--db", folder};
    verbs["merge into"] = {"merge", "--into", folder, scratch.path("shard.db")};
    ASSERT_EQ(run_fpverify(small_run(scratch.path("shard.db"))).status, 0);
    for (const auto& [verb, args] : verbs) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << verb << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "'" + folder + "' is a directory")) << verb << ": " << r.err;
    }
    EXPECT_TRUE(fs::is_empty(folder));
}

// ---- Issue 42, N3 and N4: paths that name no database file ------------------------------------

// Every command given a path that the file system refuses, or that names a FIFO or a device, says
// so with exit status 2 at once: no filesystem_error (exit 3), no command blocked for good on a
// FIFO, nothing written into /dev/null.
TEST(DatabaseOpen, PathsThatNameNoDatabaseFileAreUsageErrorsForEveryCommand) {
    TempDir dir, scratch;
    ASSERT_EQ(run_fpverify(small_run(scratch.path("shard.db"))).status, 0);
    const std::string fifo = dir.path("fifo.db");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const std::string loop = dir.path("loop.db");
    fs::create_symlink(dir.path("loop2.db"), loop);
    fs::create_symlink(loop, dir.path("loop2.db"));
    std::string deep = dir.dir();
    for (int level = 0; level < 25; ++level) deep += "/" + std::string(200, 'd');
    deep += "/x.db";
    const std::vector<std::pair<std::string, std::string>> paths = {
        {fifo, "is a FIFO"},
        {"/dev/null", "is a character device"},
        {loop, "Too many levels of symbolic links"},
        {dir.path(std::string(300, 'n') + ".db"), "File name too long"},
        {deep, "File name too long"}};
    for (const auto& [path, said] : paths) {
        auto verbs = read_verbs(path, scratch.dir());
        verbs["run"] = small_run(path);
        verbs["resume"] = {"resume", "--db", path};
        verbs["merge into"] = {"merge", "--into", path, scratch.path("shard.db")};
        for (const auto& [verb, args] : verbs) {
            // A command blocked on a FIFO is ended by timeout (exit 124).
            const CommandResult r = run_command("timeout", concat({"20", fpverify_binary()}, args));
            const std::string shown = path.size() > 60 ? "..." + path.substr(path.size() - 40) : path;
            EXPECT_EQ(r.status, 2) << verb << " on " << shown << ": " << r.err;
            EXPECT_TRUE(contains(r.err, said)) << verb << " on " << shown << ": " << r.err;
            EXPECT_FALSE(contains(r.err, "filesystem error")) << verb << ": " << r.err;
        }
    }
    EXPECT_TRUE(fs::is_fifo(fifo));
}

// ---- U6: a stray rollback journal ---------------------------------------------------------------

// A hot rollback journal of another database: a transaction that spilled pages into its file and
// was never committed (the process ended at once).
std::string hot_journal_of_another_database(const TempDir& dir) {
    const std::string other = dir.path("rollback.db");
    const pid_t child = fork();
    if (child == 0) {
        sqlite3* handle = nullptr;
        sqlite3_open(other.c_str(), &handle);
        sqlite3_exec(handle,
                     "PRAGMA cache_size = 2; CREATE TABLE t (x TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
                     "SELECT i + 1 FROM n WHERE i < 3000) INSERT INTO t SELECT printf('%0200d', i) FROM n; BEGIN; "
                     "UPDATE t SET x = upper(hex(randomblob(100)));",
                     nullptr, nullptr, nullptr);
        _exit(0);
    }
    int raw = 0;
    waitpid(child, &raw, 0);
    EXPECT_GT(fs::file_size(other + "-journal"), 512u);
    return other + "-journal";
}

TEST(DatabaseOpen, AStrayRollbackJournalBesideAWalDatabaseIsIgnored) {
    TempDir dir, scratch;
    const std::string db = dir.path("wal.db");
    ASSERT_EQ(run_fpverify(campaign_with_failures(db)).status, 1);
    const std::string report = run_fpverify({"report", "--db", db, "--format", "json"}).out;
    fs::copy_file(hot_journal_of_another_database(dir), db + "-journal");
    const auto before = bytes_of(db);
    for (const auto& [verb, args] : read_verbs(db, scratch.dir())) {
        const CommandResult r = run_fpverify(args);
        EXPECT_NE(r.status, 2) << verb << ": " << r.err;
        EXPECT_NE(r.status, 3) << verb << ": " << r.err;
        EXPECT_FALSE(contains(r.err, "readonly")) << verb << ": " << r.err;
    }
    EXPECT_TRUE(bytes_of(db) == before);
    // A writer does not copy the other database's pages in.
    ASSERT_EQ(run_fpverify(small_run(db)).status, 0);
    fs::remove(db + "-journal");  // for the check below, which reads it with SQLite's own rules
    EXPECT_EQ(quick_check(db), "ok");
    EXPECT_EQ(run_fpverify({"report", "--db", db, "--campaign", "1", "--format", "json"}).out, report);
}

// ---- C5: a zero-byte file ---------------------------------------------------------------------------

TEST(DatabaseOpen, AZeroByteFileStaysZeroBytesWhenRefused) {
    TempDir dir, scratch;
    const std::string empty = dir.path("empty.db");
    std::ofstream{empty};
    auto verbs = read_verbs(empty, scratch.dir());
    verbs["resume"] = {"resume", "--db", empty};
    for (const auto& [verb, args] : verbs) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << verb << ": " << r.err;
        EXPECT_TRUE(contains(r.err, empty)) << verb << ": " << r.err;
        EXPECT_EQ(fs::file_size(empty), 0u) << verb << " wrote into the empty file";
    }
    EXPECT_FALSE(fs::exists(empty + "-wal"));
    // A run may start a campaign in it: an empty file is an empty SQLite database.
    EXPECT_EQ(run_fpverify(small_run(empty)).status, 0);
}

// ---- C7: names, never URIs ----------------------------------------------------------------------------

TEST(DatabaseOpen, ANameBeginningWithFileIsNeverReadAsAUri) {
    TempDir dir;
    const std::string db = dir.path("x.db");
    ASSERT_EQ(run_fpverify(small_run(db)).status, 0);
    for (const std::string& uri : {"file:" + db + "?nolock=1", "file:" + db + "?vfs=unix-none",
                                   "file:" + db + "?immutable=1", "file:" + db}) {
        const CommandResult r = run_fpverify(small_run(uri));
        EXPECT_EQ(r.status, 2) << uri << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "URI")) << r.err;
        for (const char* verb : {"status", "resume", "report"}) {
            EXPECT_EQ(run_fpverify({verb, "--db", uri}).status, 2) << uri << " " << verb;
        }
    }
    EXPECT_EQ(number(db, "SELECT count(*) FROM campaigns"), 1);
    // A file of such a name is reached by a path; by its bare name, it is refused, not read as a URI.
    const auto in_dir = [&](const std::vector<std::string>& args) {
        return run_command("env", concat({"-C", dir.dir(), fs::absolute(testing::fpverify_binary()).string()}, args));
    };
    for (const char* uri : {"file:x.db?nolock=1", "file:x.db?vfs=unix-none", "file:z.db?nolock=1"}) {
        const CommandResult r = in_dir(small_run(uri));
        EXPECT_EQ(r.status, 2) << uri << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "URI")) << r.err;
    }
    EXPECT_EQ(number(db, "SELECT count(*) FROM campaigns"), 1);
    EXPECT_FALSE(fs::exists(dir.path("z.db")));
    const CommandResult named = in_dir(small_run("./file:y.db"));
    EXPECT_EQ(named.status, 0) << named.err;
    EXPECT_TRUE(fs::exists(dir.path("file:y.db")));
    const CommandResult bare = in_dir({"status", "--db", "file:y.db"});
    EXPECT_EQ(bare.status, 2) << bare.err;
    EXPECT_TRUE(contains(bare.err, "./file:y.db")) << bare.err;
    EXPECT_EQ(in_dir({"status", "--db", "./file:y.db"}).status, 0);
}

// ---- U8: the system fails while the database is created ---------------------------------------------

TEST(DatabaseOpen, AFullDiskWhileTheDatabaseIsCreatedIsExitThreeWithTheReason) {
    TempDir dir;
    const std::string mount_small_disk = "mount -t tmpfs -o size=16k tmpfs \"$0\"";  // 4 pages: no room for the schema
    const CommandResult probe = run_command("unshare", {"-rm", "sh", "-c", mount_small_disk, dir.dir()});
    if (probe.status != 0) GTEST_SKIP() << "cannot mount a small tmpfs here: " << probe.err;
    const CommandResult r = run_command(
        "unshare", concat({"-rm", "sh", "-c", mount_small_disk + " && exec \"$@\"", dir.dir(),
                           fs::absolute(testing::fpverify_binary()).string()},
                          small_run(dir.path("full.db"))));
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_TRUE(contains(r.err, "No space left on device")) << r.err;
    EXPECT_TRUE(contains(r.err, "full.db")) << r.err;
}

TEST(DatabaseOpen, AFileSizeLimitWhileTheDatabaseIsCreatedIsExitThreeWithTheReason) {
    TempDir dir;
    const CommandResult r = run_command(
        "sh", concat({"-c", "trap '' XFSZ; ulimit -f 16 && exec \"$@\"", "sh",
                      fs::absolute(testing::fpverify_binary()).string()},
                     small_run(dir.path("limited.db"))));
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_TRUE(contains(r.err, "File too large")) << r.err;
}

}  // namespace
}  // namespace fpv
