// A command's place on the command line as data: its name, summary and options, each bound to the
// variable that receives its value. Commands fill a table; cli/command_line.cpp alone hands the
// tables to CLI11, whose header costs seconds of compile in every file that reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace fpv {

struct WholeNumberRange {
    int64_t min, max;
};

class OptionSpec {
public:
    // A bool is a flag; a name without leading dashes is a positional argument.
    using Target = std::variant<std::string*, std::vector<std::string>*, bool*, int*, std::optional<int>*, int64_t*,
                                uint64_t*, double*>;

    OptionSpec(std::string name, Target target, std::string help)
        : name_(std::move(name)), target_(target), help_(std::move(help)) {}

    OptionSpec& required() {
        required_ = true;
        return *this;
    }
    // --help shows the value the variable holds before parsing.
    OptionSpec& show_default() {
        show_default_ = true;
        return *this;
    }
    // The value must be a whole number in [min, max] as typed: CLI11's own conversions wrap "-1"
    // into an unsigned variable and clamp 99999999999999999999 to the largest int64.
    OptionSpec& whole_number_in(WholeNumberRange range) {
        whole_range_ = range;
        return *this;
    }

    const std::string& name() const { return name_; }
    const Target& target() const { return target_; }
    const std::string& help() const { return help_; }
    bool is_required() const { return required_; }
    bool shows_default() const { return show_default_; }
    const std::optional<WholeNumberRange>& whole_range() const { return whole_range_; }

private:
    std::string name_;
    Target target_;
    std::string help_;
    bool required_ = false, show_default_ = false;
    std::optional<WholeNumberRange> whole_range_;
};

struct OptionTable {
    OptionTable(std::string command, std::string description) : name(std::move(command)), summary(std::move(description)) {}

    std::string name, summary;
    std::vector<OptionSpec> options;  // in the order --help lists them

    // The returned reference is for chaining only: the next add may move it.
    OptionSpec& add(std::string option, OptionSpec::Target target, std::string help) {
        return options.emplace_back(std::move(option), target, std::move(help));
    }
};

// Why `text` is not a whole number in the range written in decimal digits (a leading '-' only
// where min is negative), or "" when it is one.
std::string whole_number_problem(const std::string& text, WholeNumberRange range);

}  // namespace fpv
