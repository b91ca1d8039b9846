// What a command writes never destroys what it reads: `--out` is refused when it names a
// database (the one read, under any spelling or link, the files beside it, or any other), merge
// refuses a target that is one of its shards, a signal during `--out`'s write leaves no
// temporary file, and a failed write to standard output gives the OS's reason.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

namespace fs = std::filesystem;

// A finished campaign of `impls` (exit 1: emu_halley fails), into `db`.
void campaign_into(const std::string& db, const std::string& impls = "div64.emu_halley",
                   const std::vector<std::string>& more = {}) {
    std::vector<std::string> args = {"run",       "--db", db,        "--impl",  impls,          "--classes",
                                     "normal,ties", "--count", "3000", "--backend", "cpu", "--quiet",
                                     "--no-progress"};
    args.insert(args.end(), more.begin(), more.end());
    const CommandResult r = run_fpverify(args);
    ASSERT_TRUE(r.status == 0 || r.status == 1) << r.err;
}

// Files left in `dir` whose names say they were temporary.
int temporaries_in(const std::string& dir) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += contains(e.path().filename(), ".tmp-") ? 1 : 0;
    return n;
}

void expect_refused_leaving(const CommandResult& r, const std::string& db, const std::string& bytes,
                            const std::string& what) {
    EXPECT_EQ(r.status, 2) << what << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "never writes over a database")) << what << ": " << r.err;
    EXPECT_TRUE(read_file(db) == bytes) << what << ": the database changed";
}

TEST(OutputSafety, OutIsRefusedWhenItIsADatabaseTheCommandReads) {
    TempDir dir;
    const std::string db = dir.path("night.db");
    campaign_into(db);
    const std::string bytes = read_file(db);
    ASSERT_EQ(bytes.compare(0, 15, "SQLite format 3"), 0);

    expect_refused_leaving(run_fpverify({"report", "--db", db, "--out", db}), db, bytes, "report --out DB");
    expect_refused_leaving(run_fpverify({"report", "--db", db, "--format", "html", "--out", db}), db, bytes,
                           "report --format html --out DB");
    expect_refused_leaving(run_fpverify({"export", "--db", db, "--format", "testfloat", "--impl",
                                         "div64.emu_halley", "--out", db}),
                           db, bytes, "export --out DB");
    // Other spellings of the same file: a relative path, a symbolic link, a hard link.
    const std::string relative = dir.path("sub/../night.db");
    fs::create_directory(dir.path("sub"));
    expect_refused_leaving(run_fpverify({"report", "--db", db, "--out", relative}), db, bytes, "another spelling");
    fs::create_symlink("night.db", dir.path("link.md"));
    expect_refused_leaving(run_fpverify({"report", "--db", db, "--out", dir.path("link.md")}), db, bytes,
                           "a symbolic link to DB");
    fs::create_hard_link(db, dir.path("hard.md"));
    expect_refused_leaving(run_fpverify({"report", "--db", dir.path("hard.md"), "--out", db}), db, bytes,
                           "a hard link read, the database written");
    // The files SQLite keeps beside it, whether they exist now or not.
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        const std::string beside = db + suffix;
        const bool existed = file_exists(beside);
        expect_refused_leaving(run_fpverify({"report", "--db", db, "--out", beside}), db, bytes, suffix);
        EXPECT_EQ(file_exists(beside), existed) << suffix;
    }
    EXPECT_EQ(temporaries_in(dir.dir()), 0);
    // And the database still reads.
    const CommandResult report = run_fpverify({"report", "--db", db, "--out", dir.path("night.md")});
    EXPECT_EQ(report.status, 0) << report.err;
    EXPECT_TRUE(contains(read_file(dir.path("night.md")), "# fpverify report"));
}

TEST(OutputSafety, OutIsRefusedWhenItIsEitherDatabaseOfAComparison) {
    TempDir dir;
    const std::string old_db = dir.path("old.db"), new_db = dir.path("new.db");
    campaign_into(old_db);
    campaign_into(new_db, "div64.emu_halley", {"--seed", "8"});
    const std::string old_bytes = read_file(old_db), new_bytes = read_file(new_db);
    expect_refused_leaving(run_fpverify({"report", "--db", new_db, "--compare", old_db, "--out", old_db}), old_db,
                           old_bytes, "--out the compared database");
    expect_refused_leaving(run_fpverify({"report", "--db", new_db, "--compare", old_db + ":1", "--out", old_db}),
                           old_db, old_bytes, "--out the compared database, named with its campaign");
    expect_refused_leaving(run_fpverify({"report", "--db", new_db, "--compare", old_db, "--out", new_db}), new_db,
                           new_bytes, "--out the reported database");
    const CommandResult fine =
        run_fpverify({"report", "--db", new_db, "--compare", old_db, "--out", dir.path("comparison.md")});
    EXPECT_EQ(fine.status, 0) << fine.err;
}

TEST(OutputSafety, OutIsRefusedWhenItIsAnySqliteDatabase) {
    TempDir dir;
    const std::string db = dir.path("a.db"), other = dir.path("other.db");
    campaign_into(db);
    campaign_into(other);
    const std::string other_bytes = read_file(other);
    expect_refused_leaving(run_fpverify({"report", "--db", db, "--out", other}), other, other_bytes,
                           "report --out an unrelated database");
    expect_refused_leaving(run_fpverify({"export", "--db", db, "--out", other}), other, other_bytes,
                           "export --out an unrelated database");
    const CommandResult r = run_fpverify({"report", "--db", db, "--out", other});
    EXPECT_TRUE(contains(r.err, "an SQLite database")) << r.err;
    // An ordinary file is still replaced.
    const std::string plain = dir.path("plain.md");
    { std::ofstream(plain) << "old report\n"; }
    EXPECT_EQ(run_fpverify({"report", "--db", db, "--out", plain}).status, 0);
    EXPECT_TRUE(contains(read_file(plain), "# fpverify report"));
}

TEST(OutputSafety, MergeRefusesATargetThatIsOneOfItsShards) {
    TempDir dir;
    const std::string s0 = dir.path("S0.db"), s1 = dir.path("S1.db");
    campaign_into(s0, "div64.emu_halley", {"--shard", "0/2"});
    campaign_into(s1, "div64.emu_halley", {"--shard", "1/2"});
    const std::string s0_bytes = read_file(s0), s1_bytes = read_file(s1);
    fs::create_symlink("S1.db", dir.path("alias.db"));
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"merge", "--into", s0, s0, s1},
             {"merge", "--into", s1, s0, s1 + ":1"},
             {"merge", "--into", dir.path("alias.db"), s0, s1},
             {"merge", "--into", dir.path("./S0.db"), s0, s1, "--partial"}}) {
        const CommandResult r = run_fpverify(args);
        EXPECT_EQ(r.status, 2) << args[2] << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "is the shard")) << r.err;
    }
    EXPECT_TRUE(read_file(s0) == s0_bytes) << "the shard changed";
    EXPECT_TRUE(read_file(s1) == s1_bytes) << "the shard changed";
    const CommandResult merged = run_fpverify({"merge", "--into", dir.path("all.db"), s0, s1});
    EXPECT_EQ(merged.status, 0) << merged.err;
}

// Runs fpverify with its files limited to `bytes` (ulimit -f): a write beyond raises SIGXFSZ,
// a signal that, like Ctrl-C, ends a process by default.
CommandResult run_with_file_size_limit(rlim_t bytes, const std::vector<std::string>& args) {
    TempDir capture;
    const std::string err = capture.path("err");
    // Everything the child needs is made before fork: it only calls what is safe there.
    std::vector<std::string> all = testing::concat({testing::fpverify_binary()}, args);
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    const rlimit limit{bytes, bytes};
    const pid_t pid = fork();
    if (pid == 0) {
        setrlimit(RLIMIT_FSIZE, &limit);
        const int fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(fd, 2);
        execv(argv[0], argv.data());
        _exit(127);
    }
    CommandResult r;
    r.status = testing::wait_for(pid);
    r.err = read_file(err);
    return r;
}

TEST(OutputSafety, ASignalDuringTheWriteOfOutLeavesNoTemporaryFile) {
    TempDir dir;
    const std::string db = dir.path("c.db");
    campaign_into(db, "div64.emu_halley,div64.emu_nr");
    const std::string html = run_fpverify({"report", "--db", db, "--format", "html"}).out;
    ASSERT_GT(html.size(), 100000u);
    // A signal raised by the write itself (the file grows beyond `ulimit -f`): deterministic.
    const std::string out = dir.path("report.html");
    const CommandResult limited =
        run_with_file_size_limit(html.size() / 2, {"report", "--db", db, "--format", "html", "--out", out});
    EXPECT_EQ(limited.status, 3) << "exit status " << limited.status << ": " << limited.err;
    EXPECT_TRUE(contains(limited.err, "File too large")) << limited.err;
    EXPECT_EQ(temporaries_in(dir.dir()), 0) << "the temporary file was left behind";
    EXPECT_FALSE(file_exists(out));

    // SIGTERM while the temporary file exists: the process is stopped as soon as the file
    // appears, sent SIGTERM and continued. It may end by the signal, but leaves no temporary.
    const std::string race = dir.path("race");
    fs::create_directory(race);
    const std::string raced = race + "/report.html";
    int caught_in_window = 0, left_behind = 0;
    for (int attempt = 0; attempt < 8; ++attempt) {
        const int pid = testing::spawn_fpverify({"report", "--db", db, "--format", "html", "--out", raced});
        ASSERT_GT(pid, 0);
        bool seen = false;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (!seen && std::chrono::steady_clock::now() < deadline) {
            seen = temporaries_in(race) > 0;
            if (!seen && waitpid(pid, nullptr, WNOHANG) == pid) break;
        }
        if (!seen) continue;
        kill(pid, SIGSTOP);
        caught_in_window += temporaries_in(race) > 0 ? 1 : 0;
        kill(pid, SIGTERM);
        kill(pid, SIGCONT);
        const int status = testing::wait_for(pid);
        EXPECT_TRUE(status == 128 + SIGTERM || status == 0) << status;
        for (const auto& e : fs::directory_iterator(race)) {
            if (contains(e.path().filename(), ".tmp-")) {
                ++left_behind;
                fs::remove(e.path());
            }
        }
        if (file_exists(raced)) {
            EXPECT_TRUE(read_file(raced) == html) << "a partial report replaced the file";
        }
    }
    EXPECT_GT(caught_in_window, 0) << "no attempt stopped the process while the temporary file existed";
    EXPECT_EQ(left_behind, 0) << left_behind << " of " << caught_in_window
                              << " signals in the window left the temporary file behind";
}

TEST(OutputSafety, AFailedWriteToStandardOutputGivesTheReason) {
    struct stat s {};
    if (::stat("/dev/full", &s) != 0 || !S_ISCHR(s.st_mode)) GTEST_SKIP() << "no /dev/full";
    TempDir dir;
    const std::string db = dir.path("c.db");
    campaign_into(db, "div64.emu_halley,div64.emu_nr");
    // Outputs larger than C stdio's buffer, which fail while written, and a small one, which
    // fails when flushed at the end.
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"report", "--db", db},
                                               {"report", "--db", db, "--format", "html"},
                                               {"query", "--db", db, "SELECT * FROM units"},
                                               {"list", "classes"},
                                               {"query", "--db", db, "SELECT 1"}}) {
        const CommandResult r = run_fpverify_into_full_device(args);
        EXPECT_EQ(r.status, 3) << args[0] << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "cannot write standard output: No space left on device"))
            << args[0] << " " << args.back() << ": " << r.err;
    }
}

}  // namespace
}  // namespace fpv
