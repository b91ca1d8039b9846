#include "model/histogram.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fpv {

void Histogram::merge(const Histogram& other) {
    if (other.counts_.empty()) return;
    if (counts_.empty()) {
        counts_ = other.counts_;
        return;
    }
    for (size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
}

bool Histogram::empty() const { return total() == 0; }

int Histogram::quantile_bin(double q) const {
    const uint64_t all = total();
    if (all == 0 || !(q > 0 && q <= 1)) throw std::logic_error("a quantile of an empty histogram, or q outside (0, 1]");
    // The rank of the quantile, ceil(q * all), in integers where q * all is exact enough.
    const uint64_t rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * static_cast<double>(all))));
    uint64_t below = 0;
    for (size_t i = 0; i < counts_.size(); ++i) {
        below += counts_[i];
        if (below >= rank) return bin_of(i);
    }
    return bin_of(counts_.size() - 1);
}

uint64_t Histogram::total() const {
    uint64_t n = 0;
    for (uint64_t c : counts_) n += c;
    return n;
}

bool Histogram::operator==(const Histogram& other) const {
    if (empty() || other.empty()) return empty() == other.empty();
    return counts_ == other.counts_;
}

}  // namespace fpv
