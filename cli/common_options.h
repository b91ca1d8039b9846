// What several commands read from the command line the same way: a database and its campaign,
// an output format and file, lists, seeds, references, progress and time budgets.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/option_table.h"
#include "reference/reference_mode.h"
#include "store/store.h"

namespace fpv {

// What every command that reads a stored campaign asks for.
struct DatabaseOptions {
    std::string db;
    int64_t campaign = 0;  // 0: the command's default

    // Without `campaign_help`, the command takes no --campaign.
    void add_to(OptionTable& command, const std::string& campaign_help);
    // The database, which must exist: a read never creates one.
    const std::string& existing() const;
    Store open(Store::Mode mode) const { return Store(existing(), mode); }
    std::optional<int64_t> campaign_given() const {
        return campaign != 0 ? std::optional<int64_t>(campaign) : std::nullopt;
    }
};

// Where and in which format a command writes what it produces.
struct OutputOptions {
    std::string format, out;

    // With `file`, an --out option (default: standard output).
    void add_to(OptionTable& command, const std::string& formats, const std::string& default_format, bool file);
    // Throws UsageError unless --format is one of `known`.
    void check(const std::vector<std::string>& known) const;
    // Writes `text` to the --out file, or to standard output.
    void deliver(const std::string& text) const;
};

// The shared progress and summary switches of run and resume.
struct ProgressOptions {
    bool progress = false, no_progress = false, quiet = false;

    void add_to(OptionTable& command);
    // Progress lines on a terminal, or wherever --progress asks for them.
    bool want_progress() const;
};

std::vector<std::string> split_list(const std::string& text);  // "a,b,,c" -> a, b, c
std::string shell_quote(const std::string& arg);
std::string host_description();  // "name (16 cores)"
uint64_t parse_seed(const std::string& text);
ReferenceMode parse_reference(const std::string& name);
// An empty text is no budget; anything else a duration as --for reads it.
std::optional<double> parse_budget(const std::string& text);

}  // namespace fpv
