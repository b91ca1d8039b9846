// Binary32 results inside the domain other than the correctly rounded one, counted by their
// distance from it in representable numbers ("steps"): 1 to kBuckets - 2 exactly, the last
// bucket for more. A tally statistic (model/statistic.h).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "model/statistic.h"

namespace fpv {

struct UlpSteps {
    static constexpr size_t kBuckets = 66;
    static constexpr std::array<std::string_view, 1> kKeys{"steps"};
    static constexpr std::array<std::string_view, 1> kValues{"count"};
    static constexpr StatisticTable table{"ulp_steps", kKeys, kValues};
    static constexpr std::string_view unit_column = "";

    std::vector<uint64_t> counts;  // kBuckets counts, or empty if none

    void record(int64_t steps) { add(steps, 1); }
    void add(int64_t steps, uint64_t count);  // count results `steps` away
    uint64_t max_steps() const;  // the largest distance seen (the last bucket counts as 65)
    bool empty() const { return counts.empty(); }
    void merge(const UlpSteps& other, const TallyLimits& limits);
    std::vector<StatisticRow> rows() const;
    void add_row(std::span<const int64_t> row);
    bool operator==(const UlpSteps&) const = default;
};

}  // namespace fpv
