// The distances of binary32 results from the correctly rounded ones in the report: a unit's JSON
// counts them by distance, an impl's gives the largest (NVIDIA's measure, which the binary32
// section's table shows).
#include <nlohmann/json.hpp>

#include "ops/catalogue.h"
#include "model/statistics/lazy_counts.h"
#include "reports/statistic_sections.h"

namespace fpv {

void add_json(const UlpSteps& steps, const StatisticScope& scope, nlohmann::json& out) {
    if (scope.unit == nullptr) {
        // NVIDIA's measure: the distance to the correctly rounded result (65: more than 64).
        if (scope.impl.info != nullptr && op_info(scope.impl.op).metric != Metric::relative_u2) {
            out["max_ulp_steps"] = steps.max_steps();
        }
        return;
    }
    nlohmann::json list = nlohmann::json::array();
    lazy_counts::for_each_nonzero(steps.counts, [&](size_t i, uint64_t n) {
        list.push_back({{"steps", i + 1 == UlpSteps::kBuckets ? nlohmann::json("more") : nlohmann::json(i)}, {"count", n}});
    });
    out["ulp_steps"] = list;
}

void add_blocks(const UlpSteps&, const StatisticScope&, doc::Document&) {}

}  // namespace fpv
