#include "tests/golden_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "tests/test_support.h"

namespace fpv::testing {
namespace {

using nlohmann::json;

void compare(const std::string& path, const json& golden, const json& fresh, std::vector<std::string>& out) {
    if (golden.is_object()) {
        if (!fresh.is_object()) {
            out.push_back(path + ": not an object");
            return;
        }
        for (const auto& [key, value] : golden.items()) {
            if (key == "seconds") continue;  // a time, not a tally
            if (!fresh.contains(key)) {
                out.push_back(path + "." + key + ": missing");
                continue;
            }
            compare(path + "." + key, value, fresh[key], out);
        }
    } else if (golden.is_array()) {
        if (!fresh.is_array() || fresh.size() != golden.size()) {
            out.push_back(path + ": " + std::to_string(golden.size()) + " elements != " +
                          (fresh.is_array() ? std::to_string(fresh.size()) : fresh.dump()));
            return;
        }
        for (size_t i = 0; i < golden.size(); ++i) {
            compare(path + "[" + std::to_string(i) + "]", golden[i], fresh[i], out);
        }
    } else if (golden != fresh) {
        out.push_back(path + ": " + golden.dump() + " != " + fresh.dump());
    }
}

// fpverify stores vector files by their absolute path; the fixtures hold them as the golden
// campaigns typed them, relative to the working directory (the repository's root).
std::string relative_to_working_directory(std::string text) {
    const std::string prefix = std::filesystem::current_path().string() + "/";
    for (size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at)) text.erase(at, prefix.size());
    return text;
}

// Up to d3b69bd a unit with no input judged inside its domain had failure_rate 0; the rate of
// 0/0 is null since (docs/report-json.md). The fixtures keep what their fpverify wrote.
json with_unknown_rates_null(json report) {
    for (json& u : report["units"]) {
        if (u.contains("failure_rate") && u["tested"] == u["outside_domain"] && u["failure_rate"] == 0) {
            u["failure_rate"] = nullptr;
        }
    }
    return report;
}

}  // namespace

std::string golden_dir() {
    const char* dir = std::getenv("FPV_GOLDEN");
    return dir != nullptr ? dir : "tests/golden/v4ca242f";
}

std::string gunzip(const std::string& path) { return run_command("gzip", {"-dc", path}).out; }

std::vector<std::string> report_differences(const json& golden, const json& fresh) {
    std::vector<std::string> out;
    for (const char* key : {"seed", "count_per_unit", "backend", "reference", "impls", "classes", "status"}) {
        compare(std::string("campaign.") + key, golden["campaign"][key], fresh["campaign"][key], out);
    }
    compare("impls", golden["impls"], fresh["impls"], out);
    compare("units", with_unknown_rates_null(golden)["units"], fresh["units"], out);
    return out;
}

size_t expect_golden_campaigns(const std::string& backend) {
    const CommandResult list = run_command("bash", {"tests/golden/campaigns.sh", "list"});
    std::vector<std::string> names;
    std::istringstream lines(list.out);
    for (std::string name, on, rest; lines >> name >> on && std::getline(lines, rest);) {
        if (on == backend) names.push_back(name);
    }
    TempDir dir;
    const CommandResult run = run_command("bash", {"tests/golden/campaigns.sh", "run", fpverify_binary(), dir.dir(), backend});
    EXPECT_EQ(run.status, 0) << run.err;
    for (const std::string& name : names) {
        const json golden = json::parse(gunzip(golden_dir() + "/" + name + ".json.gz"));
        const json fresh = json::parse(relative_to_working_directory(read_file(dir.path(name + ".json"))));
        const std::vector<std::string> differences = report_differences(golden, fresh);
        EXPECT_TRUE(differences.empty()) << name << ": " << differences.size() << " differences, the first "
                                         << differences.front();
        EXPECT_EQ(gunzip(golden_dir() + "/" + name + ".failures.csv.gz"), relative_to_working_directory(read_file(dir.path(name + ".failures.csv"))))
            << name;
        EXPECT_FALSE(golden["units"].empty()) << name;  // the fixture is not empty
    }
    return names.size();
}

std::string failures_csv(const std::string& db, const std::string& where) {
    return run_fpverify({"query", "--db", db, "--format", "csv",
                         "SELECT ordinal, impl, class, input_index, a, b, result, expected, error, category FROM "
                         "failures " + where + " ORDER BY id"})
        .out;
}

}  // namespace fpv::testing
