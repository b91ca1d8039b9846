// Failure rates compared between two campaigns: a 95 % interval for each, and whether the
// difference is more than chance, by the conditional binomial test (given the failures of both
// runs together, how many fall in each is binomial with the share of inputs each judged; exact
// for two Poisson rates, and for small failure rates a close approximation of Fisher's test).
#pragma once

#include <cstdint>
#include <string_view>

namespace fpv {

struct RateInterval {
    double low = 0, high = 0;
};

// Wilson's score interval for failures/n at 95 % (one-sided exact 1-(0.05)^(1/n) when nothing
// failed, as the reports' bounds).
RateInterval rate_interval(uint64_t failures, uint64_t n);

// Two-sided p-value of the hypothesis that both runs have the same failure rate.
double equal_rates_p_value(uint64_t failed_a, uint64_t n_a, uint64_t failed_b, uint64_t n_b);

enum class Trend { better, worse, unchanged };
std::string_view trend_name(Trend t);

// `worse` when the new rate is higher and p < 0.05, `better` when lower and p < 0.05.
Trend compare_rates(uint64_t failed_old, uint64_t n_old, uint64_t failed_new, uint64_t n_new);

}  // namespace fpv
