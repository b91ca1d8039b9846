#include "tests/test_support.h"

#include <fcntl.h>
#include <spawn.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

extern char** environ;

namespace fpv::testing {

TempDir::TempDir() {
    char name[] = "/tmp/fpverify-test-XXXXXX";
    const char* made = mkdtemp(name);
    dir_ = made != nullptr ? made : "/tmp";
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

std::string fpverify_binary() {
    const char* b = std::getenv("FPV_BINARY");
    return b != nullptr ? b : "build/release/fpverify";
}

std::string vectors_dir() {
    const char* dir = std::getenv("FPV_VECTORS");
    return dir != nullptr ? dir : "corpus/vectors/testfloat";
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool file_exists(const std::string& path) { return std::filesystem::exists(path); }

namespace {

std::string quote(const std::string& arg) {
    std::string out = "'";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

CommandResult run_fpverify(const std::vector<std::string>& args) { return run_command(fpverify_binary(), args); }

CommandResult run_fpverify_into_full_device(const std::vector<std::string>& args) {
    std::string command = fpverify_binary();
    for (const std::string& a : args) command += " '" + a + "'";
    TempDir capture;
    const int raw = std::system((command + " >/dev/full 2>" + capture.path("err")).c_str());
    CommandResult r;
    r.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.err = read_file(capture.path("err"));
    return r;
}

CommandResult run_command(const std::string& program, const std::vector<std::string>& args) {
    TempDir capture;
    std::string command = quote(program);
    for (const std::string& a : args) command += " " + quote(a);
    command += " >" + quote(capture.path("out")) + " 2>" + quote(capture.path("err"));
    const int raw = std::system(command.c_str());
    CommandResult r;
    if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
    r.out = read_file(capture.path("out"));
    r.err = read_file(capture.path("err"));
    return r;
}

int spawn_program(const std::vector<std::string>& args) {
    std::vector<std::string> all = args;
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    pid_t pid = -1;
    if (posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), environ) != 0) pid = -1;
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return pid;
}

int spawn_fpverify(const std::vector<std::string>& args) {
    std::vector<std::string> all = {fpverify_binary()};
    all.insert(all.end(), args.begin(), args.end());
    return spawn_program(all);
}

std::vector<std::vector<std::string>> sql_rows(const std::string& db, const std::string& sql) {
    std::vector<std::vector<std::string>> rows;
    sqlite3* handle = nullptr;
    if (sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(handle);
        return rows;
    }
    sqlite3_busy_timeout(handle, 10000);
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(handle, sql.c_str(), -1, &s, nullptr) == SQLITE_OK) {
        while (sqlite3_step(s) == SQLITE_ROW) {
            std::vector<std::string> row;
            for (int i = 0; i < sqlite3_column_count(s); ++i) {
                const unsigned char* t = sqlite3_column_text(s, i);
                row.push_back(t == nullptr ? "NULL" : reinterpret_cast<const char*>(t));
            }
            rows.push_back(std::move(row));
        }
    }
    sqlite3_finalize(s);
    sqlite3_close(handle);
    return rows;
}

bool sql_exec(const std::string& db, const std::string& sql, int busy_timeout_ms) {
    sqlite3* handle = nullptr;
    bool ok = sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK;
    if (ok) {
        sqlite3_busy_timeout(handle, busy_timeout_ms);
        ok = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    }
    sqlite3_close(handle);
    return ok;
}

nlohmann::json comparable_units(const std::string& db) {
    nlohmann::json report = nlohmann::json::parse(run_fpverify({"report", "--db", db, "--format", "json"}).out);
    nlohmann::json units = report["units"];
    for (nlohmann::json& u : units) u.erase("seconds");
    return units;
}

std::vector<std::string> concat(std::vector<std::string> head, const std::vector<std::string>& tail) {
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
}

int wait_for(int pid) {
    int raw = 0;
    if (waitpid(pid, &raw, 0) != pid) return -1;
    if (WIFEXITED(raw)) return WEXITSTATUS(raw);
    return WIFSIGNALED(raw) ? 128 + WTERMSIG(raw) : -1;
}

int wait_at_most(int pid, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        int raw = 0;
        if (waitpid(pid, &raw, WNOHANG) == pid) {
            return WIFEXITED(raw) ? WEXITSTATUS(raw) : WIFSIGNALED(raw) ? 128 + WTERMSIG(raw) : -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    kill(pid, SIGKILL);
    wait_for(pid);
    return -1;
}

int spawn_capturing(const std::string& err, const std::vector<std::string>& args, const std::string& prelude) {
    return spawn_program(concat({"sh", "-c", prelude + "; exec \"$0\" \"$@\" 2>'" + err + "'", fpverify_binary()}, args));
}

uint64_t judged_inputs(const std::string& db) {
    const auto rows = sql_rows(db, "SELECT sum(next_index - begin_index) FROM units");
    return rows.empty() || rows[0][0] == "NULL" ? 0 : std::stoull(rows[0][0]);
}

void wait_for_progress(const std::string& db, uint64_t beyond) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    while (std::chrono::steady_clock::now() < deadline && judged_inputs(db) <= beyond) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

HangUpAtDefault::HangUpAtDefault() : before_(std::signal(SIGHUP, SIG_DFL)) {}
HangUpAtDefault::~HangUpAtDefault() { std::signal(SIGHUP, before_); }

}  // namespace fpv::testing
