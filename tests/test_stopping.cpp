// How a run stops: a hang-up stops it as SIGTERM does (resumable, its lease released); a stop,
// by a signal or a spent budget, is honoured within seconds however large --batch is, and what
// was judged until then is committed with tallies identical to an uninterrupted run's; a process
// whose campaign was taken over does not offer a resume it could not do, and the process that
// takes a silent owner's campaign over does not call it gone.
#include <gtest/gtest.h>

#include <csignal>
#include <fcntl.h>
#include <omp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <cstdlib>
#include <thread>

#include <nlohmann/json.hpp>

#include "ops/catalogue.h"
#include "tests/test_support.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/cpu/backend.h"

namespace fpv {
namespace {

using namespace testing;

using Clock = std::chrono::steady_clock;

std::string status_of(const std::string& db) { return sql_rows(db, "SELECT status FROM campaigns WHERE id = 1")[0][0]; }

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A campaign of several seconds on one thread (about a million inputs a second in the sanitized
// build), and one that would run for days.
const std::vector<std::string> kShortCampaign = {"--impl", "div64.emu_halley", "--classes", "normal,ties", "--count",
                                                 "3000000", "--seed", "11", "--threads", "1", "--backend", "cpu",
                                                 "--quiet", "--no-progress"};
const std::vector<std::string> kLongCampaign = {"--impl", "div64.emu_halley", "--classes", "normal,ties",
                                                "--count", "1e12", "--threads", "1", "--backend", "cpu",
                                                "--no-progress", "--quiet"};

TEST(Stopping, AHangUpStopsARunAsSigtermDoes) {
    // A run started normally handles SIGHUP; one whose parent ignores it (the suite itself run
    // under nohup, say) inherits the ignoring, so the children here start from the default.
    const HangUpAtDefault hang_up;
    TempDir dir;
    ASSERT_EQ(run_fpverify(concat({"run", "--db", dir.path("whole.db")}, kShortCampaign)).status, 1);

    const std::string db = dir.path("hung-up.db");
    const int pid = testing::spawn_fpverify(concat({"run", "--db", db}, kShortCampaign));
    ASSERT_GT(pid, 0);
    wait_for_progress(db);
    kill(pid, SIGHUP);
    EXPECT_EQ(wait_at_most(pid, std::chrono::seconds(60)), 3) << "a hang-up must pause the campaign (exit 3)";
    EXPECT_EQ(status_of(db), "paused");
    EXPECT_TRUE(sql_rows(db, "SELECT * FROM leases").empty()) << "the lease was left behind";
    const CommandResult resumed = run_fpverify({"resume", "--db", db, "--quiet", "--no-progress"});
    EXPECT_EQ(resumed.status, 1) << resumed.err;
    EXPECT_EQ(comparable_units(db), comparable_units(dir.path("whole.db")));

    // Started under nohup (SIGHUP ignored), a run ignores the hang-up, and still stops on SIGTERM.
    const std::string ignoring = dir.path("nohup.db");
    const int immune = spawn_capturing(dir.path("nohup.err"),
                                       concat({"run", "--db", ignoring, "--for", "60s"}, kLongCampaign), "trap '' HUP");
    ASSERT_GT(immune, 0);
    wait_for_progress(ignoring);
    kill(immune, SIGHUP);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    EXPECT_EQ(waitpid(immune, nullptr, WNOHANG), 0) << "a run started under nohup stopped on a hang-up";
    kill(immune, SIGTERM);
    EXPECT_EQ(wait_at_most(immune, std::chrono::seconds(60)), 3);
}

// Waits until the campaign of a run just started exists (its units are in the database).
void wait_for_campaign(const std::string& db) {
    const auto deadline = Clock::now() + std::chrono::seconds(60);
    while (Clock::now() < deadline) {
        const auto rows = sql_rows(db, "SELECT count(*) FROM units");
        if (!rows.empty() && rows[0][0] != "0") return;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

TEST(Stopping, ASignalIsHonouredWithinSecondsHoweverLargeTheBatch) {
    TempDir dir;
    // One batch of 10^9 inputs: without a stop inside it, hours in this build.
    const std::string db = dir.path("huge-batch.db");
    const int pid = testing::spawn_fpverify({"run", "--db", db, "--impl", "div64.emu_halley", "--classes", "normal",
                                             "--count", "1e9", "--batch", "1e9", "--threads", "1", "--backend",
                                             "cpu", "--quiet", "--no-progress"});
    ASSERT_GT(pid, 0);
    wait_for_campaign(db);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    const auto stopped = Clock::now();
    kill(pid, SIGTERM);
    const int status = wait_at_most(pid, std::chrono::seconds(60));
    const double seconds = seconds_since(stopped);
    EXPECT_EQ(status, 3);
    EXPECT_LT(seconds, 5) << "SIGTERM was honoured only after " << seconds << " s";
    EXPECT_EQ(status_of(db), "paused");
    EXPECT_GT(judged_inputs(db), 0u) << "what was judged before the signal was thrown away";

    // Stopped inside its one batch and resumed (with the stored --batch 1e9), a campaign ends
    // with the tallies of an uninterrupted run.
    // 2e7 inputs: 4.6 s in a release build, one thread; with 6e6 the unit could end before the
    // signal came.
    const std::vector<std::string> one_unit = {"--impl", "div64.emu_halley", "--classes", "ties", "--count", "2e7",
                                               "--seed", "3", "--threads", "1", "--backend", "cpu", "--quiet",
                                               "--no-progress"};
    ASSERT_EQ(run_fpverify(concat({"run", "--db", dir.path("whole.db")}, one_unit)).status, 1);
    const std::string cut = dir.path("cut.db");
    const int cut_pid = testing::spawn_fpverify(concat({"run", "--db", cut, "--batch", "1e9"}, one_unit));
    ASSERT_GT(cut_pid, 0);
    wait_for_campaign(cut);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    kill(cut_pid, SIGTERM);
    EXPECT_EQ(wait_at_most(cut_pid, std::chrono::seconds(60)), 3);
    const uint64_t before = judged_inputs(cut);
    EXPECT_GT(before, 0u);
    EXPECT_LT(before, 20000000u) << "the unit's one batch was not cut short";
    const CommandResult resumed = run_fpverify({"resume", "--db", cut, "--quiet", "--no-progress"});
    EXPECT_EQ(resumed.status, 1) << resumed.err;
    EXPECT_EQ(comparable_units(cut), comparable_units(dir.path("whole.db")));
}

TEST(Stopping, ABudgetIsHonouredWithinSecondsHoweverLargeTheBatch) {
    TempDir dir;
    const std::string db = dir.path("budget.db");
    const std::vector<std::string> campaign = {"--impl", "div64.emu_halley", "--classes", "normal", "--count", "1e9",
                                               "--batch", "1e9", "--threads", "1", "--backend", "cpu",
                                               "--quiet", "--no-progress"};
    auto started = Clock::now();
    const int pid = testing::spawn_fpverify(concat({"run", "--db", db, "--for", "2s"}, campaign));
    ASSERT_GT(pid, 0);
    EXPECT_EQ(wait_at_most(pid, std::chrono::seconds(60)), 3);
    EXPECT_LT(seconds_since(started), 12) << "a budget of 2 s";
    EXPECT_EQ(status_of(db), "paused");
    const uint64_t first = judged_inputs(db);
    EXPECT_GT(first, 0u) << "the session's work was thrown away";
    // Each session advances the campaign: a budget shorter than a batch is no livelock.
    started = Clock::now();
    const int resumed = testing::spawn_fpverify({"resume", "--db", db, "--for", "2s", "--quiet", "--no-progress"});
    EXPECT_EQ(wait_at_most(resumed, std::chrono::seconds(60)), 3);
    EXPECT_LT(seconds_since(started), 12);
    EXPECT_GT(judged_inputs(db), first);
}

// The CPU backend cut short in the middle of a batch: what it hands over is the tally of the
// inputs it judged, and the rest, judged later, completes it to the tally of the whole.
TEST(Stopping, ABatchCutShortHandsOverExactlyWhatItJudged) {
    CampaignSpec spec;
    spec.impls = {"div64.emu_halley"};
    spec.classes = {"ties"};
    spec.count = 200000;
    spec.seed = 5;
    spec.limits = {20, 16};
    const PreparedCampaign p = prepare_campaign(spec);
    const int saved_threads = omp_get_max_threads();  // CpuBackend sets OpenMP's default
    const UnitWork work{impl_named(p.units[0].impl), p.inputs[0], spec.limits, ReferenceMode::mpfr, false, 0, nullptr};

    CpuBackend whole(1, 1'000'000'000);
    Tally all;
    whole.run(work, 0, spec.count, [&](uint64_t, uint64_t, Tally&& t) {
        all.merge(t, spec.limits);
        return true;
    });

    CpuBackend cut(1, 1'000'000'000);
    int asked = 0;
    cut.stop_early_when([&] { return ++asked >= 2; });  // after the second slice
    uint64_t cut_at = 0;
    Tally first;
    int handed_over = 0;
    cut.run(work, 0, spec.count, [&](uint64_t begin, uint64_t end, Tally&& t) {
        EXPECT_EQ(begin, 0u);
        cut_at = end;
        first = std::move(t);
        ++handed_over;
        return false;
    });
    EXPECT_EQ(handed_over, 1);
    ASSERT_GT(cut_at, 0u);
    ASSERT_LT(cut_at, spec.count) << "the batch was not cut short";
    EXPECT_EQ(first.tested, cut_at);
    cut.stop_early_when({});
    Tally rest;
    cut.run(work, cut_at, spec.count, [&](uint64_t begin, uint64_t end, Tally&& t) {
        EXPECT_EQ(begin, cut_at);
        EXPECT_EQ(end, spec.count);
        rest = std::move(t);
        return true;
    });
    omp_set_num_threads(saved_threads);
    first.merge(rest, spec.limits);
    EXPECT_EQ(first, all);
    EXPECT_GT(all.failed(), 0u) << "a tally without failures shows little";
}

// A run whose lease is taken over while it is stopped (SIGSTOP: alive but silent), then continued.
TEST(Stopping, AfterATakeoverNeitherProcessMisdescribesTheOther) {
    TempDir dir;
    const std::string db = dir.path("stalled.db");
    const int stalled = spawn_capturing(dir.path("stalled.err"), concat({"run", "--db", db, "--for", "120s"},
                                                                        kLongCampaign));
    ASSERT_GT(stalled, 0);
    wait_for_progress(db);
    // Stopped outside a transaction (stopped inside one, it would hold SQLite's write lock),
    // and silent for longer than the timeout, as far as the database can tell.
    bool aged = false;
    for (int attempt = 0; attempt < 50 && !aged; ++attempt) {
        kill(stalled, SIGSTOP);
        aged = testing::sql_exec(db, "UPDATE leases SET heartbeat = heartbeat - 600", 200);
        if (!aged) {
            kill(stalled, SIGCONT);
            std::this_thread::sleep_for(std::chrono::milliseconds(37));
        }
    }
    ASSERT_TRUE(aged);
    const int taker = spawn_capturing(dir.path("taker.err"), {"resume", "--db", db, "--for", "6s", "--quiet"});
    std::this_thread::sleep_for(std::chrono::seconds(2));
    kill(stalled, SIGCONT);
    EXPECT_EQ(wait_at_most(stalled, std::chrono::seconds(60)), 3);
    EXPECT_EQ(wait_at_most(taker, std::chrono::seconds(60)), 3);

    const std::string taker_said = read_file(dir.path("taker.err"));
    EXPECT_TRUE(contains(taker_said, "taking campaign 1 over from process " + std::to_string(stalled)))
        << taker_said;
    EXPECT_TRUE(contains(taker_said, "silent for")) << taker_said;
    EXPECT_FALSE(contains(taker_said, "gone")) << "the owner was alive: " << taker_said;

    const std::string stalled_said = read_file(dir.path("stalled.err"));
    EXPECT_TRUE(contains(stalled_said, "was taken over by")) << stalled_said;
    EXPECT_FALSE(contains(stalled_said, "fpverify resume")) << "it cannot resume a campaign it lost: " << stalled_said;
    // The taker's own pause offers the resume.
    EXPECT_TRUE(contains(taker_said, "fpverify resume --db")) << taker_said;
}

// ---- Issue 42, N1: a unit whose inputs take long (entries of products of large k) ---------------

// An entry of k = 8192 terms takes milliseconds to judge; the first slice used to be 16,384 entries
// (the whole unit here), with no stop, budget or checkpoint inside it.
constexpr uint64_t kLargeKEntries = 600;
std::vector<std::string> large_k(uint64_t entries) {
    return {"--impl", "gemm64.dot_fma", "--classes", "uniform:k=8192:n=8", "--count", std::to_string(entries), "--seed",
            "9", "--threads", "1", "--backend", "cpu", "--quiet", "--no-progress"};
}
const std::vector<std::string> kLargeK = large_k(kLargeKEntries);
const std::vector<std::string> kLargeKForDays = large_k(100'000'000);

TEST(Stopping, ALargeKUnitStopsOnABudgetASignalOrAKillAndItsResumesEndAsAnUninterruptedRun) {
    TempDir dir;
    ASSERT_EQ(run_fpverify(concat({"run", "--db", dir.path("whole.db")}, kLargeK)).status, 0);
    const nlohmann::json whole = comparable_units(dir.path("whole.db"));

    // --for: paused within seconds, having judged something; each resume advances (a unit of
    // days' work, so that no build is fast enough to end it within its budget).
    const std::string budget = dir.path("budget.db");
    auto started = Clock::now();
    EXPECT_EQ(wait_at_most(testing::spawn_fpverify(concat({"run", "--db", budget, "--for", "1s"}, kLargeKForDays)),
                           std::chrono::seconds(60)),
              3);
    EXPECT_LT(seconds_since(started), 10) << "a budget of 1 s";
    const uint64_t first = judged_inputs(budget);
    EXPECT_GT(first, 0u);
    started = Clock::now();
    EXPECT_EQ(wait_at_most(testing::spawn_fpverify({"resume", "--db", budget, "--for", "1s", "--quiet", "--no-progress"}),
                           std::chrono::seconds(60)),
              3);
    EXPECT_LT(seconds_since(started), 10);
    EXPECT_GT(judged_inputs(budget), first) << "a resumed session did not advance the campaign";

    // SIGTERM: honoured within seconds, what was judged committed.
    const std::string termed = dir.path("termed.db");
    const int pid = testing::spawn_fpverify(concat({"run", "--db", termed}, kLargeKForDays));
    wait_for_progress(termed);
    const auto signalled = Clock::now();
    kill(pid, SIGTERM);
    EXPECT_EQ(wait_at_most(pid, std::chrono::seconds(60)), 3);
    EXPECT_LT(seconds_since(signalled), 5) << "SIGTERM honoured only after " << seconds_since(signalled) << " s";
    EXPECT_EQ(status_of(termed), "paused");

    // SIGTERM, then SIGKILL a few seconds later, as Slurm, systemd and docker do: the process has
    // paused and committed before the kill comes, round after round.
    const std::string killed = dir.path("killed.db");
    uint64_t before = 0;
    for (int round = 0; round < 3; ++round) {
        const int p = round == 0 ? testing::spawn_fpverify(concat({"run", "--db", killed}, kLargeK))
                                 : testing::spawn_fpverify({"resume", "--db", killed, "--quiet", "--no-progress"});
        wait_for_progress(killed, before);
        kill(p, SIGTERM);
        std::this_thread::sleep_for(std::chrono::seconds(3));
        kill(p, SIGKILL);
        testing::wait_for(p);
        const uint64_t now = judged_inputs(killed);
        if (now == kLargeKEntries) break;
        EXPECT_GT(now, before) << "round " << round << " committed nothing";
        before = now;
    }

    if (judged_inputs(killed) < kLargeKEntries) {
        const CommandResult resumed = run_fpverify({"resume", "--db", killed, "--quiet", "--no-progress"});
        EXPECT_EQ(resumed.status, 0) << resumed.err;
    }
    EXPECT_EQ(comparable_units(killed), whole);

    // What the budget's sessions and the signalled run judged of their unit of days is what a run
    // of that many inputs judges uninterrupted (a tally does not depend on where batches end).
    for (const std::string& db : {budget, termed}) {
        const uint64_t judged = judged_inputs(db);
        const std::string prefix = db + ".uninterrupted.db";
        ASSERT_LE(run_fpverify(concat({"run", "--db", prefix}, large_k(judged))).status, 1);
        nlohmann::json stopped = comparable_units(db), uninterrupted = comparable_units(prefix);
        for (nlohmann::json* units : {&stopped, &uninterrupted}) {
            for (nlohmann::json& u : *units) u.erase("planned");
        }
        EXPECT_EQ(stopped, uninterrupted) << db << ", " << judged << " inputs";
    }
}

// An entry of 2^20 terms: MPFR's sum of it is taken in chunks, so that a thread's memory does not
// grow with k (it was about 550 MB a thread), and a budget ends the run within seconds (it ran on
// for minutes, all its entries in one slice, and ended "finished").
TEST(Stopping, AnEntryOfAMillionTermsIsJudgedInLittleMemoryAndABudgetStopsIt) {
    TempDir dir;
    const std::string db = dir.path("huge-k.db");
    const auto started = Clock::now();
    // Under AddressSanitizer, freed memory waits in a quarantine of 256 MB: none, so that what is
    // resident is what the run holds.
    const char* options = std::getenv("ASAN_OPTIONS");
    const std::string saved = options != nullptr ? options : "";
    setenv("ASAN_OPTIONS", (saved + (saved.empty() ? "" : ":") + "quarantine_size_mb=0").c_str(), 1);
    const int pid = testing::spawn_fpverify({"run", "--db", db, "--impl", "gemm64.dot_exact", "--classes",
                                             "uniform:k=1048576", "--count", "1000", "--for", "1s", "--threads", "1",
                                             "--backend", "cpu", "--quiet", "--no-progress"});
    if (options != nullptr) {
        setenv("ASAN_OPTIONS", saved.c_str(), 1);
    } else {
        unsetenv("ASAN_OPTIONS");
    }
    // Its own high-water mark, read while it runs: what wait4 reports would count the memory of
    // this process too, which the child shared until it became fpverify.
    long resident_kib = 0;
    int raw = 0;
    while (waitpid(pid, &raw, WNOHANG) == 0) {
        std::ifstream status("/proc/" + std::to_string(pid) + "/status");
        bool fpverify = false;  // not yet this process's memory until it runs fpverify
        for (std::string line; std::getline(status, line);) {
            if (line.starts_with("Name:")) fpverify = line.substr(line.find_first_not_of(" \t", 5)) == "fpverify";
            if (fpverify && line.starts_with("VmHWM:")) resident_kib = std::max(resident_kib, std::stol(line.substr(6)));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 3) << raw;
    EXPECT_LT(seconds_since(started), 30);
    EXPECT_EQ(status_of(db), "paused");
    EXPECT_GT(judged_inputs(db), 0u);
    EXPECT_GT(resident_kib, 0);
    EXPECT_LT(resident_kib, 256 * 1024) << "KiB of resident memory for one thread";
}

// ---- Issue 42, N16: a signal before the campaign exists -----------------------------------------

// SIGTERM or SIGHUP at any moment of a run's start: either the process ends before it touched
// anything (killed before its handlers exist: no file), or it stops with exit status 3 leaving
// no database or one whose campaign is paused and resumable; never a file without a campaign.
TEST(Stopping, ASignalWhileARunStartsLeavesNoHalfMadeDatabase) {
    const HangUpAtDefault hang_up;
    TempDir dir;
    int trial = 0;
    for (const int signal : {SIGTERM, SIGHUP}) {
        for (const int delay_ms : {0, 2, 5, 10, 20, 30, 45, 60, 80, 100, 130, 170, 250}) {
            const std::string db = dir.path("start" + std::to_string(++trial) + ".db");
            const int pid = testing::spawn_fpverify(concat({"run", "--db", db}, kLongCampaign));
            std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
            kill(pid, signal);
            const int status = wait_at_most(pid, std::chrono::seconds(60));
            const std::string at = "signal " + std::to_string(signal) + " after " + std::to_string(delay_ms) + " ms";
            if (status == 128 + signal) {
                EXPECT_FALSE(file_exists(db)) << at << ": killed, having made a file";
                continue;
            }
            EXPECT_EQ(status, 3) << at;
            if (!file_exists(db)) continue;
            const auto campaigns = sql_rows(db, "SELECT status FROM campaigns");
            ASSERT_EQ(campaigns.size(), 1u) << at << ": a database without its campaign was left";
            EXPECT_EQ(campaigns[0][0], "paused") << at;
            EXPECT_TRUE(sql_rows(db, "SELECT * FROM leases").empty()) << at;
        }
    }
}

}  // namespace
}  // namespace fpv
