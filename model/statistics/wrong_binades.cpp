#include "model/statistics/wrong_binades.h"

#include <stdexcept>

#include "model/statistics/lazy_counts.h"

namespace fpv {

uint64_t WrongBinades::total() const {
    uint64_t n = 0;
    for (const uint64_t c : counts) n += c;
    return n;
}

void WrongBinades::merge(const WrongBinades& other, const TallyLimits&) {
    lazy_counts::merge(counts, other.counts, kBinades);
}

std::vector<StatisticRow> WrongBinades::rows() const {
    std::vector<StatisticRow> out;
    lazy_counts::for_each_nonzero(counts, [&](size_t i, uint64_t n) {
        out.push_back({static_cast<int64_t>(i >> 8), static_cast<int64_t>(i & 255), static_cast<int64_t>(n)});
    });
    return out;
}

void WrongBinades::add_row(std::span<const int64_t> row) {
    if (row.size() != 3 || row[0] < 0 || row[0] > 1 || row[1] < 0 || row[1] > 255 || row[2] < 0) {
        throw std::invalid_argument("malformed wrong_binades row");
    }
    lazy_counts::at(counts, kBinades, static_cast<size_t>(row[0] * 256 + row[1])) = static_cast<uint64_t>(row[2]);
}

}  // namespace fpv
