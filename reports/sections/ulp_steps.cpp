// The distances of binary32 results from the correctly rounded ones in the report: a unit's JSON
// counts them by distance, an impl's gives the largest (NVIDIA's measure, which the binary32
// section's table shows).
#include <nlohmann/json.hpp>

#include "ops/catalogue.h"
#include "reports/statistic_sections.h"

namespace fpv {

void add_json(const UlpSteps& steps, const StatisticScope& scope, nlohmann::json& out) {
    if (scope.unit == nullptr) {
        // NVIDIA's measure: the distance to the correctly rounded result (65: more than 64).
        if (scope.impl.info != nullptr && op_info(scope.impl.op).metric == Metric::correctly_rounded) {
            out["max_ulp_steps"] = steps.max_steps();
        }
        return;
    }
    nlohmann::json list = nlohmann::json::array();
    for (size_t i = 0; i < steps.counts.size(); ++i) {
        if (steps.counts[i] == 0) continue;
        list.push_back({{"steps", i + 1 == UlpSteps::kBuckets ? nlohmann::json("more") : nlohmann::json(i)},
                        {"count", steps.counts[i]}});
    }
    out["ulp_steps"] = list;
}

void add_blocks(const UlpSteps&, const StatisticScope&, doc::Document&) {}

}  // namespace fpv
