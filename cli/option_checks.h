// Checks on command-line numbers that CLI11's own conversions let through: it wraps "-1" into a
// size_t and clamps 99999999999999999999 to an int64's maximum, so these are checked as typed.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <limits>

#include "verifier/engine/thread_start.h"

namespace fpv {


// Accepts a whole number in [min, max] written in decimal digits (a leading '-' only where min
// is negative); anything else is a usage error naming the range.
CLI::Validator whole_number_in(int64_t min, int64_t max);

inline CLI::Validator thread_count() { return whole_number_in(0, kMaxThreads); }

// Throws UsageError naming the first option of `command` given an empty value (`--for ""`,
// `--out ""`): an empty value would silently mean the option's default (no budget, standard
// output), which is never what was typed. `--db ""` is left to its own refusal, which names
// in-memory and temporary databases.
void refuse_empty_values(const CLI::App& command);
inline CLI::Validator database_id() { return whole_number_in(1, std::numeric_limits<int64_t>::max()); }

}  // namespace fpv
