// Exhaustive sweeps of binary32 operands: the wrong inputs counted by binade (sign and exponent
// field). A tally statistic (model/statistic.h).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "model/statistic.h"
#include "model/statistics/lazy_counts.h"

namespace fpv {

struct WrongBinades {
    static constexpr size_t kBinades = 512;  // index sign * 256 + exponent field
    static constexpr std::array<std::string_view, 2> kKeys{"sign", "exponent_field"};
    static constexpr std::array<std::string_view, 1> kValues{"count"};
    static constexpr StatisticTable table{"wrong_binades", kKeys, kValues};
    static constexpr std::string_view unit_column = "";

    std::vector<uint64_t> counts;  // kBinades counts, or empty if none

    void record(uint32_t bits) { ++lazy_counts::at(counts, kBinades, bits >> 23); }
    uint64_t total() const;
    bool empty() const { return counts.empty(); }
    void merge(const WrongBinades& other, const TallyLimits& limits);
    std::vector<StatisticRow> rows() const;
    void add_row(std::span<const int64_t> row);
    bool operator==(const WrongBinades&) const = default;
};

}  // namespace fpv
