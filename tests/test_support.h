// Helpers shared by the tests: temporary paths and running the fpverify binary.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace fpv::testing {

// A fresh temporary directory, removed with everything in it when the object goes.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string path(const std::string& name) const { return dir_ + "/" + name; }
    const std::string& dir() const { return dir_; }

private:
    std::string dir_;
};

struct CommandResult {
    int status = -1;  // exit status, or 128 + signal
    std::string out, err;
};

// Runs a program with these arguments, capturing its output.
CommandResult run_command(const std::string& program, const std::vector<std::string>& args);
// Runs the fpverify binary under test (FPV_BINARY) with these arguments.
CommandResult run_fpverify(const std::vector<std::string>& args);
// Runs fpverify with standard output on the full device (/dev/full): its exit status and
// standard error, for the tests of write errors.
CommandResult run_fpverify_into_full_device(const std::vector<std::string>& args);
std::string fpverify_binary();
// Starts fpverify without waiting (output to /dev/null), so that a test can watch or kill it.
int spawn_fpverify(const std::vector<std::string>& args);
// Starts a program without waiting, in a process group of its own, output to /dev/null.
int spawn_program(const std::vector<std::string>& argv);
// Every row of a query on a database, each column as text ("NULL" for null); opens read-only.
std::vector<std::vector<std::string>> sql_rows(const std::string& db, const std::string& sql);
// Runs SQL that writes (forging a lease, say); false if SQLite refused it.
bool sql_exec(const std::string& db, const std::string& sql, int busy_timeout_ms = 10000);
// The units of a campaign's JSON report without their times: what two runs of one spec must share.
nlohmann::json comparable_units(const std::string& db);
// `head` followed by `tail`.
std::vector<std::string> concat(std::vector<std::string> head, const std::vector<std::string>& tail);
// Waits for a spawned process; its exit status, or 128 + signal.
int wait_for(int pid);
// Waits up to `limit` for a spawned process; its exit status (128 + signal), or -1 when it did
// not end (it is then killed).
int wait_at_most(int pid, std::chrono::seconds limit);
// Starts fpverify with its standard error into the file `err` (standard output to /dev/null),
// through a shell that first runs `prelude` (a trap, say) and then becomes fpverify: the PID is
// fpverify's.
int spawn_capturing(const std::string& err, const std::vector<std::string>& args, const std::string& prelude = ":");
// The inputs a database's units have judged (past their first), and a wait of up to 90 s until
// they are more than `beyond`.
uint64_t judged_inputs(const std::string& db);
void wait_for_progress(const std::string& db, uint64_t beyond = 0);
// SIGHUP at its default action while alive (children inherit an ignored one, as under nohup),
// as it was before once gone.
class HangUpAtDefault {
public:
    HangUpAtDefault();
    ~HangUpAtDefault();
    HangUpAtDefault(const HangUpAtDefault&) = delete;
    HangUpAtDefault& operator=(const HangUpAtDefault&) = delete;

private:
    void (*before_)(int);
};
std::string vectors_dir();
std::string read_file(const std::string& path);
bool file_exists(const std::string& path);
inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace fpv::testing
