// What flushing to zero changed, in the report: a count in the JSON of every unit and of every
// correctly rounded impl; the document shows it as a column of the float-float and binary32
// tables.
#include <nlohmann/json.hpp>

#include "ops/catalogue.h"
#include "reports/statistic_sections.h"

namespace fpv {

void add_json(const FlushChanges& changes, const StatisticScope& scope, nlohmann::json& out) {
    const bool rounded_impl = scope.impl.info != nullptr && op_info(scope.impl.op).metric == Metric::correctly_rounded;
    if (scope.unit != nullptr || rounded_impl) out["ftz_changed"] = changes.count;
}

void add_blocks(const FlushChanges&, const StatisticScope&, doc::Document&) {}

}  // namespace fpv
