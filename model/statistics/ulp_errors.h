// Entries of matrix products (Metric::componentwise) inside the domain by their error in ulps of
// the correctly rounded entry, fractional (|C - exact| / ulp), in log2 bins: beside the error in
// eps * sum |a b| that judges them, how far each is from the best binary64 answer. A tally
// statistic (model/statistic.h).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "model/histogram.h"
#include "model/statistic.h"

namespace fpv {

struct UlpErrors {
    static constexpr std::array<std::string_view, 1> kKeys{"bin"};
    static constexpr std::array<std::string_view, 1> kValues{"count"};
    static constexpr StatisticTable table{"ulp_errors", kKeys, kValues};
    static constexpr std::string_view unit_column = "";

    Histogram bins;

    void record(double ulps) { bins.add(error_bin(ulps)); }
    bool empty() const { return bins.empty(); }
    void merge(const UlpErrors& other, const TallyLimits&) { bins.merge(other.bins); }
    std::vector<StatisticRow> rows() const;
    void add_row(std::span<const int64_t> row);
    bool operator==(const UlpErrors&) const = default;
};

}  // namespace fpv
