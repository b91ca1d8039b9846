// What a count of inputs with no failure says about the failure rate: the one-sided upper
// confidence bound of a binomial proportion with zero successes, 1 - (1 - c)^(1/n) (about 3/n
// at 95 %, the "rule of three").
#pragma once

#include <cmath>
#include <cstdint>

namespace fpv {

inline double zero_failure_rate_bound(uint64_t tested, double confidence = 0.95) {
    if (tested == 0) return 1.0;
    return -std::expm1(std::log1p(-confidence) / static_cast<double>(tested));
}

}  // namespace fpv
