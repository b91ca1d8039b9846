// One writer per campaign: a second run or resume is refused naming the owner, a dead owner's
// lease is taken over, and a process whose lease was taken over writes nothing more.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <thread>

#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

// Each stored failure once: the sample is the first failures by index, with no input twice.
void expect_failure_sample_intact(const std::string& db) {
    const auto stored = sql_rows(db, "SELECT count(*), count(DISTINCT ordinal || ':' || input_index) FROM failures");
    EXPECT_EQ(stored[0][0], stored[0][1]) << "an input's failure was stored twice";
    const auto recorded = sql_rows(db, "SELECT sum(failures_stored) FROM units");
    EXPECT_EQ(stored[0][0], recorded[0][0]) << "rows and the units' counts differ";
}

const std::vector<std::string> kLongCampaign = {"--impl", "div64.emu_halley", "--classes", "normal,ties",
                                                "--count", "1e12", "--threads", "1", "--failures-kept", "100000",
                                                "--no-progress", "--quiet"};


TEST(Lease, ASecondProcessIsRefusedNamingTheOwnerAndADeadOwnersLeaseIsTakenOver) {
    TempDir dir;
    const std::string db = dir.path("owned.db");
    const int owner = testing::spawn_fpverify(concat({"run", "--db", db, "--for", "120s"}, kLongCampaign));
    ASSERT_GT(owner, 0);
    wait_for_progress(db, 0);

    const CommandResult second = run_fpverify({"resume", "--db", db, "--campaign", "1", "--quiet"});
    EXPECT_EQ(second.status, 2) << second.err;
    EXPECT_TRUE(contains(second.err, "is being run by process " + std::to_string(owner))) << second.err;
    // Another campaign in the same database runs beside it.
    const CommandResult beside = run_fpverify({"run", "--db", db, "--impl", "div64.emu_nr", "--classes", "specials",
                                               "--count", "1000", "--quiet", "--no-progress"});
    EXPECT_EQ(beside.status, 0) << beside.err;

    kill(owner, SIGKILL);
    EXPECT_EQ(testing::wait_for(owner), 128 + SIGKILL);
    EXPECT_EQ(sql_rows(db, "SELECT status FROM campaigns WHERE id = 1")[0][0], "running");

    // Two resumes at once after the kill: one takes the campaign over, the other is refused.
    const int a = testing::spawn_fpverify({"resume", "--db", db, "--campaign", "1", "--for", "6s", "--quiet"});
    const int b = testing::spawn_fpverify({"resume", "--db", db, "--campaign", "1", "--for", "6s", "--quiet"});
    const int status_a = testing::wait_for(a), status_b = testing::wait_for(b);
    EXPECT_EQ(std::min(status_a, status_b), 2) << status_a << " " << status_b;
    EXPECT_EQ(std::max(status_a, status_b), 3) << "the winner pauses when its budget is spent";
    EXPECT_EQ(sql_rows(db, "SELECT status FROM campaigns WHERE id = 1")[0][0], "paused");
    expect_failure_sample_intact(db);
}

TEST(Lease, AnotherHostsLeaseHoldsUntilItsHeartbeatIsOld) {
    TempDir dir;
    const std::string db = dir.path("shared.db");
    ASSERT_EQ(run_fpverify(concat({"run", "--db", db, "--for", "1s"}, kLongCampaign)).status, 3);
    ASSERT_TRUE(sql_exec(db, "INSERT INTO leases VALUES (1, 'elsewhere.example', 4242, 'forged', "
                             "'2026-01-01T00:00:00Z', CAST(strftime('%s','now') AS REAL))"));
    const CommandResult refused = run_fpverify({"resume", "--db", db, "--for", "1s", "--quiet"});
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_TRUE(contains(refused.err, "process 4242 on elsewhere.example")) << refused.err;

    ASSERT_TRUE(sql_exec(db, "UPDATE leases SET heartbeat = heartbeat - 600"));
    const CommandResult taken = run_fpverify({"resume", "--db", db, "--for", "1s", "--quiet"});
    EXPECT_EQ(taken.status, 3) << taken.err;
    EXPECT_TRUE(contains(taken.err, "taking campaign 1 over from process 4242")) << taken.err;
    EXPECT_TRUE(sql_rows(db, "SELECT * FROM leases").empty());
}

TEST(Lease, AProcessWhoseLeaseWasTakenOverWritesNothingMore) {
    TempDir dir;
    const std::string db = dir.path("stalled.db");
    const int stalled = testing::spawn_fpverify(concat({"run", "--db", db, "--for", "120s"}, kLongCampaign));
    ASSERT_GT(stalled, 0);
    wait_for_progress(db, 0);
    // Stopped outside a transaction (stopped inside one, it would hold SQLite's write lock),
    // and silent for longer than the timeout, as far as the database can tell.
    bool aged = false;
    for (int attempt = 0; attempt < 50 && !aged; ++attempt) {
        kill(stalled, SIGSTOP);
        aged = sql_exec(db, "UPDATE leases SET heartbeat = heartbeat - 600", 200);
        if (!aged) {
            kill(stalled, SIGCONT);
            std::this_thread::sleep_for(std::chrono::milliseconds(37));
        }
    }
    ASSERT_TRUE(aged);
    const int taker = testing::spawn_fpverify({"resume", "--db", db, "--for", "8s", "--quiet"});
    std::this_thread::sleep_for(std::chrono::seconds(2));
    kill(stalled, SIGCONT);
    EXPECT_EQ(testing::wait_for(stalled), 3) << "the stalled process must stop once it sees the lease gone";
    EXPECT_EQ(testing::wait_for(taker), 3);
    expect_failure_sample_intact(db);
}

}  // namespace
}  // namespace fpv
