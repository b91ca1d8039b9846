#include "cli/common_options.h"

#include <unistd.h>

#include <charconv>
#include <iostream>
#include <sstream>

#include "cli/duration_parse.h"
#include "cli/option_checks.h"
#include "core/usage_error.h"
#include "store/database_file.h"
#include "reports/output_file.h"

namespace fpv {

void DatabaseOptions::add_to(OptionTable& command, const std::string& campaign_help) {
    command.add("--db", &db, "SQLite database").required();
    if (!campaign_help.empty()) command.add("--campaign", &campaign, campaign_help).whole_number_in(kDatabaseIds);
}

const std::string& DatabaseOptions::existing() const {
    require_existing_database_file(db, "--db");
    return db;
}

void OutputOptions::add_to(OptionTable& command, const std::string& formats, const std::string& default_format,
                           bool file) {
    format = default_format;
    command.add("--format", &format, formats).show_default();
    if (file) command.add("--out", &out, "output file (default: standard output)");
}

void OutputOptions::check(const std::vector<std::string>& known) const {
    std::string list;
    for (const std::string& k : known) {
        if (k == format) return;
        list += (list.empty() ? "" : ", ") + k;
    }
    throw UsageError("--format: '" + format + "' is not one of " + list);
}

void OutputOptions::deliver(const std::string& text) const {
    if (out.empty()) {
        std::cout << text;
    } else {
        write_output_file(out, text);
    }
}

void ProgressOptions::add_to(OptionTable& command) {
    command.add("--progress", &progress, "draw a progress line even off a terminal");
    command.add("--no-progress", &no_progress, "no progress line");
    command.add("--quiet", &quiet, "no summary");
}

bool ProgressOptions::want_progress() const {
    if (no_progress) return false;
    return progress || isatty(STDERR_FILENO) != 0;
}

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (!item.empty()) items.push_back(item);
    }
    return items;
}

std::string shell_quote(const std::string& arg) {
    if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789-_.,:/=^+") == std::string::npos) {
        return arg;
    }
    std::string out = "'";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string host_description() {
    char name[256] = "unknown";
    gethostname(name, sizeof name - 1);
    return std::string(name) + " (" + std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) + " cores)";
}

uint64_t parse_seed(const std::string& text) {
    uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
        seed >= (uint64_t{1} << 63)) {
        throw UsageError("--seed: '" + text + "' is not a whole number below 2^63");
    }
    return seed;
}

ReferenceMode parse_reference(const std::string& name) {
    const auto mode = reference_mode_from_name(name);
    if (!mode) throw UsageError("--reference: '" + name + "' is not one of mpfr, fast, exact");
    return *mode;
}

std::optional<double> parse_budget(const std::string& text) {
    if (text.empty()) return std::nullopt;
    return parse_duration(text, "--for");
}

}  // namespace fpv
