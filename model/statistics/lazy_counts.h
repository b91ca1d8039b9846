// A fixed number of counters kept as an empty vector until the first count, as the sparse
// statistics (ulp steps, wrong binades) keep theirs: most units never count anything there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fpv::lazy_counts {

// Counter i of `size` counters, allocated at the first use.
inline uint64_t& at(std::vector<uint64_t>& counts, size_t size, size_t i) {
    if (counts.empty()) counts.assign(size, 0);
    return counts[i];
}

inline void merge(std::vector<uint64_t>& counts, const std::vector<uint64_t>& other, size_t size) {
    if (other.empty()) return;
    if (counts.empty()) counts.assign(size, 0);
    for (size_t i = 0; i < size; ++i) counts[i] += other[i];
}

// f(i, count) for each counter that is not zero, in order.
template <class F>
void for_each_nonzero(const std::vector<uint64_t>& counts, F&& f) {
    for (size_t i = 0; i < counts.size(); ++i) {
        if (counts[i] != 0) f(i, counts[i]);
    }
}

}  // namespace fpv::lazy_counts
