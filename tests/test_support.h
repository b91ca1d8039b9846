// Helpers shared by the tests: temporary paths and running the fpverify binary.
#pragma once

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
std::string fpverify_binary();
std::string vectors_dir();
std::string read_file(const std::string& path);
bool file_exists(const std::string& path);
inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace fpv::testing
