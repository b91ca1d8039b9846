// Entries of matrix products by their error in ulps of the correctly rounded entry, in the
// report: the JSON of a unit and of an impl has the histogram and the bins of its median, 99th
// percentile and largest error; the document gives a table a class under the impl. A unit part
// of which was judged before version 9 (no ulps measured then) says "partial" instead.
#include <nlohmann/json.hpp>

#include "model/text_format.h"
#include "reports/statistic_sections.h"

namespace fpv {
namespace {

uint64_t inside_of(const StatisticScope& scope) {
    return scope.unit != nullptr ? scope.unit->tally.inside() : scope.impl.inside;
}

}  // namespace

void add_json(const UlpErrors& errors, const StatisticScope& scope, nlohmann::json& out) {
    if (errors.empty()) return;
    nlohmann::json histogram = nlohmann::json::array();
    errors.bins.for_each([&](int bin, uint64_t count) { histogram.push_back({{"label", bin_label(bin)}, {"count", count}}); });
    out["ulp_errors"] = {{"complete", errors.bins.total() == inside_of(scope)},
                         {"histogram", histogram},
                         {"median_bin", bin_label(errors.bins.quantile_bin(0.5))},
                         {"p99_bin", bin_label(errors.bins.quantile_bin(0.99))},
                         {"max_bin", bin_label(errors.bins.quantile_bin(1.0))}};
}

void add_blocks(const UlpErrors& errors, const StatisticScope& scope, doc::Document& d) {
    if (scope.unit != nullptr || errors.empty()) return;
    d.paragraph("The entries of " + scope.impl.impl +
                " by their error in ulps of the correctly rounded entry (fractional, |C - exact| / ulp): the log2 "
                "bins that hold the median, the 99th percentile and the largest.");
    doc::Table t("ulp-errors", {doc::Text("class"), doc::Text("entries measured"), doc::Text("median (ulp)"),
                                doc::Text("99th percentile (ulp)"), doc::Text("max (ulp)")},
                 "lrlll");
    for (const UnitState& u : scope.report.units) {
        const UlpErrors& unit = u.tally.ulp_errors;
        if (u.impl != scope.impl.impl || unit.empty()) continue;
        const uint64_t measured = unit.bins.total(), inside = u.tally.inside();
        if (measured != inside) {
            const std::string partial = "partial: " + grouped(measured) + " of " + grouped(inside) + " measured";
            t.rows.push_back({doc::Text().code(u.input_class), doc::Text(grouped(measured)), doc::Text(partial),
                              doc::Text("-"), doc::Text("-")});
        } else {
            t.rows.push_back({doc::Text().code(u.input_class), doc::Text(grouped(measured)),
                              doc::Text(bin_label(unit.bins.quantile_bin(0.5))),
                              doc::Text(bin_label(unit.bins.quantile_bin(0.99))), doc::Text(bin_label(unit.bins.quantile_bin(1.0)))});
        }
        t.row_class.push_back("");
    }
    d.table(std::move(t));
}

}  // namespace fpv
