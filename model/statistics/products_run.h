// Impls that compute whole matrix products (a library's GEMM, core/matrix_product.h): what
// actually ran, product by product. Keyed by the mantissa bit count the library reported
// (kBitsNotReported, kBitsUntouched and kBitsFellBack for none), the products, how many were
// compared with native DGEMM, how many of those came out identical to it bit for bit, and the
// entries that differed. An emulation that is identical to native in every product most likely
// never ran. A tally statistic (model/statistic.h).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string_view>
#include <vector>

#include "model/statistic.h"

namespace fpv {

struct ProductsRun {
    static constexpr std::array<std::string_view, 1> kKeys{"mantissa_bits"};
    static constexpr std::array<std::string_view, 4> kValues{"products", "compared", "identical", "differing_entries"};
    static constexpr StatisticTable table{"products_run", kKeys, kValues};
    static constexpr std::string_view unit_column = "";

    struct Counts {
        uint64_t products = 0, compared = 0, identical = 0, differing_entries = 0;
        void add(const Counts& other);
        bool operator==(const Counts&) const = default;
    };
    std::map<int, Counts> by_bits;

    void add(int mantissa_bits, const Counts& counts) { by_bits[mantissa_bits].add(counts); }
    bool empty() const { return by_bits.empty(); }
    Counts total() const;
    void merge(const ProductsRun& other, const TallyLimits& limits);
    std::vector<StatisticRow> rows() const;
    void add_row(std::span<const int64_t> row);
    bool operator==(const ProductsRun&) const = default;
};

}  // namespace fpv
