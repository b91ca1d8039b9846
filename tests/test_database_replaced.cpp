// A database file replaced under a running campaign (issue 42, N5 and N6): copied over, truncated,
// restored from an older copy, deleted, renamed away or renamed over. The run stops at its next
// commit with exit status 3 and says what became of the campaign, writes nothing more into the
// file now at the name, keeps its -wal from being applied to that file, and offers a resume only
// where one works. Several runs writing one database at once never take each other's checkpoints
// for a replacement.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A campaign that commits a small batch every few milliseconds for longer than any test waits,
// so that it is always mid-run when its file is replaced.
std::vector<std::string> long_run(const std::string& db) {
    return {"run", "--db", db, "--impl", "div64.emu_halley", "--classes", "normal,ties", "--count", "1e9",
            "--batch", "20000", "--seed", "3", "--threads", "1", "--backend", "cpu", "--quiet", "--no-progress"};
}

// One that finishes, for the resumes that must end as an uninterrupted run does.
std::vector<std::string> finite_run(const std::string& db) {
    return {"run", "--db", db, "--impl", "div64.emu_halley", "--classes", "normal,ties", "--count", "400000",
            "--batch", "20000", "--seed", "3", "--threads", "1", "--backend", "cpu", "--quiet", "--no-progress"};
}

// Runs `replace` while the run is stopped between two of its instructions (SIGSTOP), so that the
// replacement lands mid-run whatever the machine's speed; returns the run's exit status.
int replaced_mid_run(int pid, const std::string& db, const std::function<void()>& replace, uint64_t beyond = 0) {
    wait_for_progress(db, beyond);
    kill(pid, SIGSTOP);
    replace();
    kill(pid, SIGCONT);
    return wait_at_most(pid, std::chrono::seconds(60));
}

std::vector<std::string> orphaned_logs(const TempDir& dir, const std::string& name) {
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(dir.dir())) {
        const std::string file = entry.path().filename().string();
        if (file.starts_with(name + "-wal.orphaned-")) found.push_back(entry.path().string());
    }
    return found;
}

// A finished campaign of another command line: the database someone restores over a running one.
std::string finished_database(const TempDir& dir) {
    const std::string ref = dir.path("ref.db");
    const CommandResult r = run_fpverify({"run", "--db", ref, "--impl", "div64.emu_nr", "--classes", "normal",
                                         "--count", "50000", "--threads", "1", "--backend", "cpu", "--quiet",
                                         "--no-progress"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_FALSE(file_exists(ref + "-wal")) << "a clean end leaves no -wal";
    return ref;
}

TEST(DatabaseReplaced, ACopyOverARunningCampaignIsLeftAsCopied) {
    TempDir dir;
    const std::string ref = finished_database(dir);
    const std::string copied = read_file(ref);
    const std::string db = dir.path("db.db");
    const int pid = spawn_capturing(dir.path("err"), long_run(db));
    ASSERT_GT(pid, 0);
    std::string wal_before;
    const int status = replaced_mid_run(pid, db, [&] {
        wal_before = read_file(db + "-wal");
        fs::copy_file(ref, db, fs::copy_options::overwrite_existing);  // in place: the same inode
    });
    const std::string err = read_file(dir.path("err"));
    EXPECT_EQ(status, 3) << err;
    EXPECT_TRUE(contains(err, "overwritten by another program")) << err;
    EXPECT_FALSE(contains(err, "fpverify resume")) << "a resume that cannot work was offered: " << err;
    EXPECT_EQ(read_file(db), copied) << "the copied database was changed";
    EXPECT_FALSE(wal_before.empty()) << "the run had a -wal to keep away";
    EXPECT_FALSE(file_exists(db + "-wal")) << "the run's -wal was left to be read into the copy";
    const auto orphans = orphaned_logs(dir, "db.db");
    ASSERT_EQ(orphans.size(), 1u);
    EXPECT_TRUE(contains(err, orphans[0])) << err;
    // The copy reads as itself: its one campaign, intact, for fpverify and for SQLite alike.
    EXPECT_EQ(sql_rows(db, "PRAGMA integrity_check")[0][0], "ok");
    EXPECT_EQ(sql_rows(db, "SELECT count(*) FROM campaigns")[0][0], "1");
    const CommandResult status_now = run_fpverify({"status", "--db", db});
    EXPECT_EQ(status_now.status, 0) << status_now.err;
    EXPECT_EQ(read_file(db), copied) << "reading the copy changed it";
}

TEST(DatabaseReplaced, ATruncatedFileStaysEmptyAndTheRunSaysWhy) {
    TempDir dir;
    const std::string db = dir.path("db.db");
    const int pid = spawn_capturing(dir.path("err"), long_run(db));
    ASSERT_GT(pid, 0);
    const int status = replaced_mid_run(pid, db, [&] { fs::resize_file(db, 0); });
    const std::string err = read_file(dir.path("err"));
    EXPECT_EQ(status, 3) << err;
    EXPECT_TRUE(contains(err, "overwritten by another program")) << err;
    EXPECT_FALSE(contains(err, "fpverify resume")) << err;
    EXPECT_EQ(fs::file_size(db), 0u) << "the run wrote into the truncated file";
    EXPECT_FALSE(file_exists(db + "-wal"));
    EXPECT_EQ(orphaned_logs(dir, "db.db").size(), 1u);
}

TEST(DatabaseReplaced, AnOlderCopyOfTheSameDatabaseIsResumedFromWhereItStood) {
    TempDir dir;
    ASSERT_EQ(run_fpverify(finite_run(dir.path("whole.db"))).status, 1);
    const std::string db = dir.path("db.db"), snapshot = dir.path("snapshot.db");
    const int pid = spawn_capturing(dir.path("err"), finite_run(db));
    ASSERT_GT(pid, 0);
    // A consistent copy taken mid-run, restored over the file once the run has gone on.
    wait_for_progress(db);
    kill(pid, SIGSTOP);
    ASSERT_TRUE(sql_exec(db, "VACUUM INTO '" + snapshot + "'"));
    const uint64_t at_snapshot = judged_inputs(snapshot);
    kill(pid, SIGCONT);
    const int status = replaced_mid_run(pid, db, [&] { fs::copy_file(snapshot, db, fs::copy_options::overwrite_existing); },
                                        at_snapshot);
    const std::string err = read_file(dir.path("err"));
    ASSERT_EQ(status, 3) << "the run ended before its file was replaced: " << err;
    EXPECT_TRUE(contains(err, "holds campaign 1 as of an earlier checkpoint")) << err;
    EXPECT_TRUE(contains(err, "fpverify resume --db " + db + " --campaign 1")) << err;
    EXPECT_EQ(judged_inputs(db), at_snapshot) << "the run wrote into the restored copy";
    const CommandResult resumed = run_fpverify({"resume", "--db", db, "--quiet", "--no-progress"});
    EXPECT_EQ(resumed.status, 1) << resumed.err;
    EXPECT_EQ(comparable_units(db), comparable_units(dir.path("whole.db")));
}

TEST(DatabaseReplaced, ADeletedFileStopsTheRunAndItsLogIsKeptFromTheNextFileOfThatName) {
    TempDir dir;
    const std::string db = dir.path("db.db");
    const int pid = spawn_capturing(dir.path("err"), long_run(db));
    ASSERT_GT(pid, 0);
    const auto started = Clock::now();
    const int status = replaced_mid_run(pid, db, [&] { fs::remove(db); });
    const std::string err = read_file(dir.path("err"));
    EXPECT_EQ(status, 3) << err;
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - started).count(), 60);
    EXPECT_TRUE(contains(err, "was deleted, or another file was moved over it")) << err;
    EXPECT_TRUE(contains(err, "campaign 1 was in the file that went")) << err;
    EXPECT_FALSE(contains(err, "fpverify resume")) << err;
    EXPECT_FALSE(file_exists(db));
    EXPECT_FALSE(file_exists(db + "-wal")) << "a new database of that name would read the old -wal";
    // A new campaign of that name holds its own campaign alone.
    const CommandResult again = run_fpverify(finite_run(db));
    EXPECT_EQ(again.status, 1) << again.err;
    EXPECT_EQ(sql_rows(db, "SELECT count(*) FROM campaigns")[0][0], "1");
    EXPECT_EQ(sql_rows(db, "PRAGMA integrity_check")[0][0], "ok");
}

TEST(DatabaseReplaced, AnotherFileMovedOverTheDatabaseIsLeftAsItWas) {
    TempDir dir;
    const std::string ref = finished_database(dir);
    const std::string moved_in = read_file(ref);
    const std::string db = dir.path("db.db");
    const int pid = spawn_capturing(dir.path("err"), long_run(db));
    ASSERT_GT(pid, 0);
    const int status = replaced_mid_run(pid, db, [&] { fs::rename(ref, db); });
    const std::string err = read_file(dir.path("err"));
    EXPECT_EQ(status, 3) << err;
    EXPECT_TRUE(contains(err, "another file was moved over it")) << err;
    EXPECT_EQ(read_file(db), moved_in);
    EXPECT_FALSE(file_exists(db + "-wal"));
    EXPECT_EQ(sql_rows(db, "PRAGMA integrity_check")[0][0], "ok");
    EXPECT_EQ(read_file(db), moved_in);
}

TEST(DatabaseReplaced, ADatabaseRenamedAwayKeepsEveryBatchAndIsResumedUnderItsNewName) {
    TempDir dir;
    ASSERT_EQ(run_fpverify(finite_run(dir.path("whole.db"))).status, 1);
    const std::string db = dir.path("db.db"), moved = dir.path("moved.db");
    const int pid = spawn_capturing(dir.path("err"), finite_run(db));
    ASSERT_GT(pid, 0);
    uint64_t committed = 0;
    const int status = replaced_mid_run(pid, db, [&] {
        committed = judged_inputs(db);
        fs::rename(db, moved);
    });
    const std::string err = read_file(dir.path("err"));
    ASSERT_EQ(status, 3) << "the run ended before its file was moved: " << err;
    EXPECT_TRUE(contains(err, "was renamed or moved")) << err;
    EXPECT_TRUE(contains(err, "fpverify resume --db " + moved + " --campaign 1")) << err;
    EXPECT_GE(judged_inputs(moved), committed) << "batches committed before the move are missing from the moved file";
    const CommandResult resumed = run_fpverify({"resume", "--db", moved, "--quiet", "--no-progress"});
    EXPECT_EQ(resumed.status, 1) << resumed.err;
    EXPECT_EQ(comparable_units(moved), comparable_units(dir.path("whole.db")));
}

// Each run checkpoints the -wal into the file every thousand frames, the others seeing the file
// change under them: a checkpoint must never read as a replacement. Small batches, three writers
// and a reader make hundreds of checkpoints and restarts of the -wal.
TEST(DatabaseReplaced, RunsWritingOneDatabaseAtOnceNeverTakeACheckpointForAReplacement) {
    TempDir dir;
    const auto spec = [](const std::string& impl, const std::string& batch) {
        return std::vector<std::string>{"--impl", impl, "--classes", "normal,ties", "--count", "300000", "--batch",
                                        batch, "--seed", "5", "--threads", "1", "--backend", "cpu", "--quiet",
                                        "--no-progress"};
    };
    const std::vector<std::vector<std::string>> specs = {spec("div64.emu_nr", "1000"), spec("div64.emu_halley", "1500"),
                                                         spec("div64.host", "700")};
    for (size_t i = 0; i < specs.size(); ++i) {
        ASSERT_LE(run_fpverify(concat({"run", "--db", dir.path("alone" + std::to_string(i) + ".db")}, specs[i])).status, 1);
    }
    const std::string shared = dir.path("shared.db");
    std::vector<int> pids;
    for (size_t i = 0; i < specs.size(); ++i) {
        pids.push_back(spawn_capturing(dir.path("err" + std::to_string(i)),
                                       concat({"run", "--db", shared, "--name", std::to_string(i)}, specs[i])));
    }
    bool running = true;
    std::thread reader([&] {
        while (running) {
            run_fpverify({"status", "--db", shared});
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
    for (size_t i = 0; i < pids.size(); ++i) {
        const int status = wait_at_most(pids[i], std::chrono::seconds(60));
        EXPECT_LE(status, 1) << read_file(dir.path("err" + std::to_string(i)));
    }
    running = false;
    reader.join();
    EXPECT_TRUE(orphaned_logs(dir, "shared.db").empty());
    for (size_t i = 0; i < specs.size(); ++i) {
        const int id = std::stoi(sql_rows(shared, "SELECT id FROM campaigns WHERE name = '" + std::to_string(i) + "'")[0][0]);
        nlohmann::json report = nlohmann::json::parse(
            run_fpverify({"report", "--db", shared, "--campaign", std::to_string(id), "--format", "json"}).out);
        nlohmann::json units = report["units"];
        for (nlohmann::json& u : units) u.erase("seconds");
        EXPECT_EQ(units, comparable_units(dir.path("alone" + std::to_string(i) + ".db"))) << "campaign " << i;
    }
}

}  // namespace
}  // namespace fpv
