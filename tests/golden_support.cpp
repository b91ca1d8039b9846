#include "tests/golden_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>
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

namespace {

// The units whose class has changed its inputs on purpose since the fixtures (generator version
// above 1, e.g. the float-float classes of issue 29), as "impl\tclass": their tallies, and the
// summaries of their impls, are not the fixtures' to judge.
std::set<std::string> changed_units(const json& fresh) {
    std::set<std::string> changed;
    for (const json& u : fresh["units"]) {
        if (u.value("generator_version", 1) > 1) changed.insert(u["impl"].get<std::string>() + "\t" + u["class"].get<std::string>());
    }
    return changed;
}

// A report without the changed units and the impls that have any.
json without_changed(json report, const std::set<std::string>& changed) {
    std::set<std::string> impls;
    json units = json::array();
    for (const json& u : report["units"]) {
        const std::string impl = u["impl"].get<std::string>();
        if (changed.count(impl + "\t" + u["class"].get<std::string>()) != 0) {
            impls.insert(impl);
        } else {
            units.push_back(u);
        }
    }
    for (const std::string& key : changed) impls.insert(key.substr(0, key.find('\t')));
    json kept = json::array();
    for (const json& s : report["impls"]) {
        if (impls.count(s["impl"].get<std::string>()) == 0) kept.push_back(s);
    }
    report["units"] = units;
    report["impls"] = kept;
    return report;
}

// Failures CSV (ordinal, impl, class, ...) without the rows of the changed units.
std::string without_changed_rows(const std::string& csv, const std::set<std::string>& changed) {
    std::istringstream lines(csv);
    std::string out, line;
    while (std::getline(lines, line)) {
        const size_t a = line.find(','), b = line.find(',', a + 1), c = line.find(',', b + 1);
        const bool drop = a != std::string::npos && c != std::string::npos &&
                          changed.count(line.substr(a + 1, b - a - 1) + "\t" + line.substr(b + 1, c - b - 1)) != 0;
        if (!drop) out += line + "\n";
    }
    return out;
}

}  // namespace

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
        const json fresh_all = json::parse(relative_to_working_directory(read_file(dir.path(name + ".json"))));
        const std::set<std::string> changed = changed_units(fresh_all);
        const json golden = without_changed(json::parse(gunzip(golden_dir() + "/" + name + ".json.gz")), changed);
        const json fresh = without_changed(fresh_all, changed);
        const std::vector<std::string> differences = report_differences(golden, fresh);
        EXPECT_TRUE(differences.empty()) << name << ": " << differences.size() << " differences, the first "
                                         << differences.front();
        EXPECT_EQ(without_changed_rows(gunzip(golden_dir() + "/" + name + ".failures.csv.gz"), changed),
                  without_changed_rows(relative_to_working_directory(read_file(dir.path(name + ".failures.csv"))), changed))
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
