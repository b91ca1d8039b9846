// Exhaustive sweeps of binary32 operands: the wrong inputs exactly, as maximal runs of
// consecutive bit patterns, until there are more than TallyLimits::runs_kept of them (then only
// that they overflowed). A tally statistic (model/statistic.h).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "model/statistic.h"

namespace fpv {

// A maximal run of consecutive binary32 bit patterns with wrong results, inclusive.
struct WrongRun {
    uint32_t first = 0, last = 0;
    bool operator==(const WrongRun&) const = default;
};

struct WrongRuns {
    static constexpr std::array<std::string_view, 1> kKeys{"first_bits"};
    static constexpr std::array<std::string_view, 1> kValues{"last_bits"};
    static constexpr StatisticTable table{"wrong_runs", kKeys, kValues, true};
    static constexpr std::string_view unit_column = "wrong_runs_overflow";

    std::vector<WrongRun> runs;  // by first bit pattern
    bool overflow = false;       // more runs than kept: none are

    // Each wrong input, in increasing order within a thread.
    void record(uint32_t bits, const TallyLimits& limits);
    void merge(const WrongRuns& other, const TallyLimits& limits);
    std::vector<StatisticRow> rows() const;
    void add_row(std::span<const int64_t> row);
    int64_t unit_value() const { return overflow ? 1 : 0; }
    void set_unit_value(int64_t value) { overflow = value != 0; }
    bool operator==(const WrongRuns&) const = default;
};

}  // namespace fpv
