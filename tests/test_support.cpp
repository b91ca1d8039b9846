#include "tests/test_support.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

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

}  // namespace fpv::testing
