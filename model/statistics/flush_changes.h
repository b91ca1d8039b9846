// Impls built with -ftz=true: the inputs whose flush-to-zero answer differs from the IEEE one
// (they are judged against the flushed answer, so this is what flushing cost). A tally statistic
// (model/statistic.h) of no table of its own: one column of the units table.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "model/statistic.h"

namespace fpv {

struct FlushChanges {
    static constexpr StatisticTable table{"", {}, {}};
    static constexpr std::string_view unit_column = "ftz_changed";

    uint64_t count = 0;

    void record() { ++count; }
    void merge(const FlushChanges& other, const TallyLimits&) { count += other.count; }
    std::vector<StatisticRow> rows() const { return {}; }
    void add_row(std::span<const int64_t> row);
    int64_t unit_value() const { return static_cast<int64_t>(count); }
    void set_unit_value(int64_t value) { count = static_cast<uint64_t>(value); }
    bool operator==(const FlushChanges&) const = default;
};

}  // namespace fpv
