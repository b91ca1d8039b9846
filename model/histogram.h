// Counts of errors by log2 bin (model/error_bins.h): a unit's histograms of its errors, and the
// statistics that count another measure of them the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/error_bins.h"

namespace fpv {

// Counts per bin; the bins of binary64 errors, from 2^-1074 to 2^1023, plus zero and infinity.
class Histogram {
public:
    void add(int bin, uint64_t count = 1) {
        if (counts_.empty()) counts_.assign(kSlots, 0);
        counts_[slot(bin)] += count;
    }
    void merge(const Histogram& other);
    bool empty() const;
    uint64_t total() const;
    // The bin that holds the q-quantile of the counted errors (0 < q <= 1): the lowest bin whose
    // counts, with all below it, reach q of the total. The histogram must not be empty.
    int quantile_bin(double q) const;
    // f(bin, count) for every nonempty bin, in increasing order (zero first, infinity last).
    template <class F>
    void for_each(F f) const {
        for (size_t i = 0; i < counts_.size(); ++i) {
            if (counts_[i] != 0) f(bin_of(i), counts_[i]);
        }
    }
    bool operator==(const Histogram& other) const;

private:
    static constexpr size_t kSlots = kErrorSlots;
    static size_t slot(int bin) { return error_slot(bin); }
    static int bin_of(size_t slot) { return error_bin_of_slot(slot); }
    std::vector<uint64_t> counts_;  // empty until the first count
};

}  // namespace fpv
