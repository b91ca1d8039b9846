// Comparing campaigns with the golden fixtures of tests/golden/: JSON reports and stored
// failures saved by an earlier fpverify, which the binary under test must reproduce.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace fpv::testing {

// The directory of the fixtures saved by the fpverify of commit 4ca242f.
std::string golden_dir();

// The content of a gzip-compressed file (fixtures are stored compressed).
std::string gunzip(const std::string& path);

// The differences between a golden report and a new one, as "path: golden != new" lines: every
// field of the golden report's campaign tallies (its units and impls, and the campaign's seed,
// count, backend, reference, impls, classes and status) must be in the new one with the same
// value; fields the new report adds, and times, do not count.
std::vector<std::string> report_differences(const nlohmann::json& golden, const nlohmann::json& fresh);

// Runs the golden campaigns of a backend ("cpu", "gpu") with the binary under test and expects
// every one, by name, to give its fixture's tallies and stored failures; returns how many ran.
size_t expect_golden_campaigns(const std::string& backend);

// The stored failures of a database as the fixtures hold them, CSV with a header.
std::string failures_csv(const std::string& db, const std::string& where = "");

}  // namespace fpv::testing
