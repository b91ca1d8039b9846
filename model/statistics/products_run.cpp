#include "model/statistics/products_run.h"

#include <stdexcept>

namespace fpv {

void ProductsRun::Counts::add(const Counts& other) {
    products += other.products;
    compared += other.compared;
    identical += other.identical;
    differing_entries += other.differing_entries;
}

ProductsRun::Counts ProductsRun::total() const {
    Counts sum;
    for (const auto& [bits, counts] : by_bits) sum.add(counts);
    return sum;
}

void ProductsRun::merge(const ProductsRun& other, const TallyLimits&) {
    for (const auto& [bits, counts] : other.by_bits) add(bits, counts);
}

std::vector<StatisticRow> ProductsRun::rows() const {
    std::vector<StatisticRow> out;
    for (const auto& [bits, c] : by_bits) {
        out.push_back({bits, static_cast<int64_t>(c.products), static_cast<int64_t>(c.compared),
                       static_cast<int64_t>(c.identical), static_cast<int64_t>(c.differing_entries)});
    }
    return out;
}

void ProductsRun::add_row(std::span<const int64_t> row) {
    if (row.size() != 5 || row[0] < -3 || row[0] > 1 << 20 || row[1] <= 0 || row[2] < 0 || row[2] > row[1] ||
        row[3] < 0 || row[3] > row[2] || row[4] < 0) {
        throw std::invalid_argument("malformed products_run row");
    }
    by_bits[static_cast<int>(row[0])] =
        Counts{static_cast<uint64_t>(row[1]), static_cast<uint64_t>(row[2]), static_cast<uint64_t>(row[3]),
               static_cast<uint64_t>(row[4])};
}

}  // namespace fpv
