#include "model/statistics/ulp_errors.h"

#include <stdexcept>

namespace fpv {

std::vector<StatisticRow> UlpErrors::rows() const {
    std::vector<StatisticRow> out;
    bins.for_each([&](int bin, uint64_t n) { out.push_back({bin, static_cast<int64_t>(n)}); });
    return out;
}

void UlpErrors::add_row(std::span<const int64_t> row) {
    const bool known_bin = row.size() == 2 && (row[0] == kBinZeroError || row[0] == kBinInfiniteError ||
                                               (row[0] >= kLowestErrorBin && row[0] <= kHighestErrorBin));
    if (!known_bin || row[1] <= 0) throw std::invalid_argument("malformed ulp_errors row");
    bins.add(static_cast<int>(row[0]), static_cast<uint64_t>(row[1]));
}

}  // namespace fpv
