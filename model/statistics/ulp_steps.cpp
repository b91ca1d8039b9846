#include "model/statistics/ulp_steps.h"

#include <algorithm>
#include <stdexcept>

#include "model/statistics/lazy_counts.h"

namespace fpv {

void UlpSteps::add(int64_t steps, uint64_t count) {
    lazy_counts::at(counts, kBuckets, static_cast<size_t>(std::min<int64_t>(steps, kBuckets - 1))) += count;
}

uint64_t UlpSteps::max_steps() const {
    for (size_t i = counts.size(); i-- > 0;) {
        if (counts[i] != 0) return i;
    }
    return 0;
}

void UlpSteps::merge(const UlpSteps& other, const TallyLimits&) {
    lazy_counts::merge(counts, other.counts, kBuckets);
}

std::vector<StatisticRow> UlpSteps::rows() const {
    std::vector<StatisticRow> out;
    lazy_counts::for_each_nonzero(counts, [&](size_t i, uint64_t n) {
        out.push_back({static_cast<int64_t>(i), static_cast<int64_t>(n)});
    });
    return out;
}

void UlpSteps::add_row(std::span<const int64_t> row) {
    if (row.size() != 2 || row[0] < 1 || row[0] >= static_cast<int64_t>(kBuckets) || row[1] < 0) {
        throw std::invalid_argument("malformed ulp_steps row");
    }
    lazy_counts::at(counts, kBuckets, static_cast<size_t>(row[0])) = static_cast<uint64_t>(row[1]);
}

}  // namespace fpv
