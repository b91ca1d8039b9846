// MPI: a campaign across the ranks of `mpirun --oversubscribe -n 3` gives the tallies of one
// process, and a job killed with SIGKILL resumes (with MPI) to the same tallies.
#include <gtest/gtest.h>
#include <omp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/sysinfo.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/test_support.h"

namespace fpv {
namespace {

using nlohmann::json;
using namespace testing;

bool have_mpirun() { return std::system("command -v mpirun >/dev/null 2>&1") == 0; }

// mpirun's own options: three ranks on however many cores there are; as root when CI is root;
// no leak report from the sanitized ranks (OpenMPI keeps its allocations until exit).
std::vector<std::string> mpirun(int ranks, const std::vector<std::string>& args) {
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    setenv("OMPI_MCA_btl", "self,vader,tcp", 1);
    std::vector<std::string> all = {"mpirun", "--oversubscribe", "-n", std::to_string(ranks),
                                    "-x", "ASAN_OPTIONS=detect_leaks=0", testing::fpverify_binary()};
    all.insert(all.end(), args.begin(), args.end());
    return all;
}

CommandResult run_mpi(int ranks, const std::vector<std::string>& args) {
    std::vector<std::string> all = mpirun(ranks, args);
    return testing::run_command(all.front(), std::vector<std::string>(all.begin() + 1, all.end()));
}


// The processes whose command line mentions `text` (a test's unique path), mpirun included.
std::vector<int> processes_mentioning(const std::string& text) {
    std::vector<int> found;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string name = entry.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string command = testing::read_file(entry.path().string() + "/cmdline");
        std::replace(command.begin(), command.end(), '\0', ' ');
        if (command.find(text) != std::string::npos && !command.starts_with("mpirun ")) found.push_back(std::stoi(name));
    }
    return found;
}

void kill_processes_mentioning(const std::string& text) {
    for (const int pid : processes_mentioning(text)) kill(pid, SIGKILL);
}

uint64_t judged(const std::string& db) {
    const auto rows = sql_rows(db, "SELECT sum(next_index - begin_index) FROM units");
    return rows.empty() || rows[0][0] == "NULL" ? 0 : std::stoull(rows[0][0]);
}

void wait_for_progress(const std::string& db, uint64_t at_least) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (std::chrono::steady_clock::now() < deadline && judged(db) < at_least) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

const std::vector<std::string> kSpec = {"--impl", "div64.emu_halley,div64.emu_nr", "--classes",
                                        "midpoint,normal,ties", "--count", "1000000",
                                        "--seed", "3", "--threads", "1", "--failures-kept", "300", "--backend",
                                        "cpu", "--quiet", "--no-progress"};


TEST(Mpi, ThreeRanksGiveTheTalliesOfOneProcess) {
    if (!have_mpirun()) GTEST_SKIP() << "no mpirun (make installs Debian's openmpi-bin)";
    TempDir dir;
    ASSERT_EQ(run_fpverify(concat({"run", "--db", dir.path("one.db")}, kSpec)).status, 1);
    const CommandResult mpi = run_mpi(3, concat({"run", "--mpi", "--db", dir.path("mpi.db")}, kSpec));
    ASSERT_EQ(mpi.status, 1) << mpi.out << mpi.err;
    EXPECT_EQ(comparable_units(dir.path("mpi.db")), comparable_units(dir.path("one.db")));
    EXPECT_EQ(sql_rows(dir.path("mpi.db"), "SELECT count(*) FROM failures"),
              sql_rows(dir.path("one.db"), "SELECT count(*) FROM failures"));
    const auto notes = sql_rows(dir.path("mpi.db"), "SELECT notes FROM campaigns")[0][0];
    EXPECT_NE(notes.find("MPI, 3 ranks"), std::string::npos) << notes;
}

TEST(Mpi, WithoutThreadsTheRanksOfAHostShareItsCores) {
    if (!have_mpirun()) GTEST_SKIP() << "no mpirun (make installs Debian's openmpi-bin)";
    TempDir dir;
    std::vector<std::string> spec = kSpec;
    spec.erase(std::find(spec.begin(), spec.end(), "--threads"), std::find(spec.begin(), spec.end(), "--threads") + 2);
    std::vector<std::string> all = mpirun(3, concat({"run", "--mpi", "--db", dir.path("mpi.db")}, spec));
    all.insert(all.begin() + 1, {"--bind-to", "none"});
    const char* set = std::getenv("OMP_NUM_THREADS");
    const std::optional<std::string> omp_threads = set != nullptr ? std::optional<std::string>(set) : std::nullopt;
    unsetenv("OMP_NUM_THREADS");
    const CommandResult mpi = testing::run_command(all.front(), std::vector<std::string>(all.begin() + 1, all.end()));
    if (omp_threads) setenv("OMP_NUM_THREADS", omp_threads->c_str(), 1);
    ASSERT_EQ(mpi.status, 1) << mpi.out << mpi.err;
    // Unbound, each of the three ranks takes a third of the cores this process may use (one at
    // least); where this process is confined to some of the machine's cores, OpenMP's own count.
    const int usable = omp_get_num_procs();
    const int share = usable < get_nprocs() ? usable : std::max(1, usable / 3);
    const auto notes = sql_rows(dir.path("mpi.db"), "SELECT notes FROM campaigns")[0][0];
    EXPECT_NE(notes.find("cpu (" + std::to_string(share) + " OpenMP threads)"), std::string::npos) << notes;
}

TEST(Mpi, AJobKilledWithSigkillResumesWithMpiToTheSameTallies) {
    if (!have_mpirun()) GTEST_SKIP() << "no mpirun (make installs Debian's openmpi-bin)";
    TempDir dir;
    ASSERT_EQ(run_fpverify(concat({"run", "--db", dir.path("one.db")}, kSpec)).status, 1);
    const std::string db = dir.path("killed.db");
    const int job = testing::spawn_program(mpirun(3, concat({"run", "--mpi", "--db", db}, kSpec)));
    ASSERT_GT(job, 0);
    wait_for_progress(db, 200000);
    // The whole job at once, as a batch system kills it: mpirun's process group and the ranks,
    // which OpenMPI starts in groups of their own.
    kill(-job, SIGKILL);
    kill_processes_mentioning(db);
    testing::wait_for(job);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto rows = sql_rows(db, "SELECT sum(next_index - begin_index), sum(planned - begin_index) FROM units");
    ASSERT_FALSE(rows.empty());
    EXPECT_LT(std::stoull(rows[0][0]), std::stoull(rows[0][1])) << "the job finished before the kill";
    const CommandResult resumed = run_mpi(3, {"resume", "--mpi", "--db", db, "--quiet", "--no-progress"});
    EXPECT_EQ(resumed.status, 1) << resumed.out << resumed.err;
    EXPECT_EQ(comparable_units(db), comparable_units(dir.path("one.db")));
}

// A rank other than 0 dies: mpirun ends the job (with the dead rank's status: OpenMPI 4 has no
// fault tolerance, so no rank is left to report 3), and the campaign resumes to the same tallies.
TEST(Mpi, AJobWhoseRankDiesResumesToTheSameTallies) {
    if (!have_mpirun()) GTEST_SKIP() << "no mpirun (make installs Debian's openmpi-bin)";
    TempDir dir;
    ASSERT_EQ(run_fpverify(concat({"run", "--db", dir.path("one.db")}, kSpec)).status, 1);
    const std::string db = dir.path("rank_died.db");
    const int job = testing::spawn_program(mpirun(3, concat({"run", "--mpi", "--db", db}, kSpec)));
    ASSERT_GT(job, 0);
    wait_for_progress(db, 200000);
    const auto owner = sql_rows(db, "SELECT pid FROM leases");
    ASSERT_FALSE(owner.empty());
    int victim = -1;
    for (const int pid : processes_mentioning(db)) {
        if (pid != std::stoi(owner[0][0])) victim = pid;
    }
    ASSERT_GT(victim, 0) << "no rank but rank 0 found";
    kill(victim, SIGKILL);
    EXPECT_NE(testing::wait_for(job), 0) << "the job went on without a rank";
    kill_processes_mentioning(db);  // whatever mpirun left
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto rows = sql_rows(db, "SELECT sum(next_index - begin_index), sum(planned - begin_index) FROM units");
    EXPECT_LT(std::stoull(rows[0][0]), std::stoull(rows[0][1])) << "the job finished before the rank died";
    const CommandResult resumed = run_mpi(3, {"resume", "--mpi", "--db", db, "--quiet", "--no-progress"});
    EXPECT_EQ(resumed.status, 1) << resumed.out << resumed.err;
    EXPECT_EQ(comparable_units(db), comparable_units(dir.path("one.db")));
}

TEST(Mpi, RankZerosRefusalEndsEveryRankWithItsStatus) {
    if (!have_mpirun()) GTEST_SKIP() << "no mpirun (make installs Debian's openmpi-bin)";
    TempDir dir;
    const CommandResult r = run_mpi(2, {"run", "--mpi", "--db", dir.path("x.db"), "--impl", "div64.nope", "--quiet"});
    EXPECT_EQ(r.status, 2) << r.out << r.err;
}

}  // namespace
}  // namespace fpv
