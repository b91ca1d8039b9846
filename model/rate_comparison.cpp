#include "model/rate_comparison.h"

#include <algorithm>
#include <cmath>

#include "model/rate_bound.h"

namespace fpv {

RateInterval rate_interval(uint64_t failures, uint64_t n) {
    if (n == 0) return {0, 1};
    if (failures == 0) return {0, zero_failure_rate_bound(n)};
    constexpr double z = 1.959963984540054;
    const double p = static_cast<double>(failures) / static_cast<double>(n);
    const double nn = static_cast<double>(n);
    const double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
    const double half = z / (1 + z * z / nn) * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn));
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

// log of the binomial probability of x of k with probability q.
double log_binomial(uint64_t x, uint64_t k, double q) {
    const double xd = static_cast<double>(x), kd = static_cast<double>(k);
    return std::lgamma(kd + 1) - std::lgamma(xd + 1) - std::lgamma(kd - xd + 1) + xd * std::log(q) +
           (kd - xd) * std::log1p(-q);
}

}  // namespace

double equal_rates_p_value(uint64_t failed_a, uint64_t n_a, uint64_t failed_b, uint64_t n_b) {
    const uint64_t k = failed_a + failed_b;
    if (k == 0 || n_a == 0 || n_b == 0) return 1.0;
    const double q = static_cast<double>(n_b) / (static_cast<double>(n_a) + static_cast<double>(n_b));
    constexpr uint64_t kExactUpTo = 100000;
    if (k > kExactUpTo) {
        // So many failures that the normal approximation of the same binomial is exact enough.
        const double mean = static_cast<double>(k) * q;
        const double sd = std::sqrt(static_cast<double>(k) * q * (1 - q));
        const double z = std::fabs(static_cast<double>(failed_b) - mean) / sd;
        return std::erfc(z / std::sqrt(2.0));
    }
    // Two-sided: the probability of every outcome no more likely than the one observed.
    const double observed = log_binomial(failed_b, k, q);
    double p = 0;
    for (uint64_t x = 0; x <= k; ++x) {
        const double l = log_binomial(x, k, q);
        if (l <= observed + 1e-7) p += std::exp(l);
    }
    return std::min(1.0, p);
}

std::string_view trend_name(Trend t) {
    switch (t) {
        case Trend::better: return "better";
        case Trend::worse: return "worse";
        case Trend::unchanged: break;
    }
    return "unchanged";
}

Trend compare_rates(uint64_t failed_old, uint64_t n_old, uint64_t failed_new, uint64_t n_new) {
    if (n_old == 0 || n_new == 0) return Trend::unchanged;
    if (equal_rates_p_value(failed_old, n_old, failed_new, n_new) >= 0.05) return Trend::unchanged;
    const double old_rate = static_cast<double>(failed_old) / static_cast<double>(n_old);
    const double new_rate = static_cast<double>(failed_new) / static_cast<double>(n_new);
    return new_rate > old_rate ? Trend::worse : Trend::better;
}

}  // namespace fpv
