// An error in what the user asked for (arguments, input files, database): reported with a clear
// message and exit status 2, before anything is written.
#pragma once

#include <stdexcept>
#include <string>

namespace fpv {

// fpverify's exit statuses: all correct, failures found, usage or input error (nothing written),
// runtime failure or stop (resumable).
enum ExitStatus : int { kExitClean = 0, kExitFailures = 1, kExitUsage = 2, kExitRuntime = 3 };

class UsageError : public std::runtime_error {
public:
    explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace fpv
