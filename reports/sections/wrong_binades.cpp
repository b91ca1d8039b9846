// The wrong bit patterns of an exhaustive sweep by binade in the report: a unit's JSON lists the
// binades with any; the document gives them as text and, in HTML, as a plot.
#include <nlohmann/json.hpp>

#include "model/statistics/lazy_counts.h"
#include "reports/statistic_sections.h"
#include "reports/svg_plot.h"

namespace fpv {

void add_json(const WrongBinades& binades, const StatisticScope& scope, nlohmann::json& out) {
    if (scope.unit == nullptr) return;
    nlohmann::json list = nlohmann::json::array();
    lazy_counts::for_each_nonzero(binades.counts, [&](size_t i, uint64_t n) {
        list.push_back({{"sign", i >> 8}, {"exponent_field", i & 255}, {"count", n}});
    });
    out["wrong_by_binade"] = list;
}

void add_blocks(const WrongBinades& binades, const StatisticScope& scope, doc::Document& d) {
    if (scope.unit == nullptr || !scope.unit->exhaustive || binades.total() == 0) return;
    std::string text = "Wrong inputs by binade (sign, exponent field: count): ";
    bool first = true;
    lazy_counts::for_each_nonzero(binades.counts, [&](size_t i, uint64_t n) {
        text += (first ? "" : "; ") + std::string((i >> 8) ? "-" : "+") + std::to_string(i & 255) + ": " + grouped(n);
        first = false;
    });
    d.paragraph(text);
    const UnitState& u = *scope.unit;
    d.plot(svg::wrong_binades(binades.counts, "wrong inputs of " + u.impl + " x " + u.input_class + " by binade"));
}

}  // namespace fpv
