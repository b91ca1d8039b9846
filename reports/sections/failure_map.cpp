// The failure map in the report: every cell any input reached in the JSON of a unit and of an
// impl; in the document, per impl, the heat map (HTML) and the cells with the most failures.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "ops/catalogue.h"
#include "reports/statistic_sections.h"
#include "reports/svg_plot.h"

namespace fpv {

void add_json(const FailureMap& map, const StatisticScope& scope, nlohmann::json& out) {
    const OpInfo& info = op_info(scope.impl.op);
    const MapLayout layout = map_layout(info);
    nlohmann::json cells = nlohmann::json::array();
    for (size_t i = 0; i < map.tested.size(); ++i) {
        if (map.tested[i] == 0) continue;
        const int row = static_cast<int>(i) / kMapSide, column = static_cast<int>(i) % kMapSide;
        cells.push_back({{"row", row},
                         {"column", column},
                         {"row_label", bucket_label(layout.rows, row)},
                         {"column_label", bucket_label(layout.cols, column)},
                         {"tested", map.tested[i]},
                         {"failed", map.failed[i]}});
    }
    out["failure_map"] = {{"rows", axis_title(layout.rows, info)},
                          {"columns", axis_title(layout.cols, info)},
                          {"side", kMapSide},
                          {"partial", scope.unit != nullptr ? scope.unit->map_partial : scope.impl.map_partial},
                          {"cells", cells}};
}

void add_blocks(const FailureMap& map, const StatisticScope& scope, doc::Document& d) {
    if (scope.unit != nullptr || map.empty()) return;
    const ImplSummary& s = scope.impl;
    const OpInfo& op = op_info(s.op);
    const MapLayout layout = map_layout(op);
    d.heading(3, doc::Text("Failure map of ").code(s.impl));
    doc::Text intro("Inputs inside the domain over a 32 x 32 grid: rows " + axis_title(layout.rows, op) +
                    ", columns " + axis_title(layout.cols, op) + "; " + grouped(map.total_tested()) + " tested, " +
                    grouped(map.total_failed()) + " failed.");
    if (s.map_partial) {
        intro.plain(" Partial: some units began before failure maps were recorded (schema 7), so the map counts "
                    "only the inputs judged since.");
    }
    d.paragraph(intro);
    d.plot(svg::failure_map(map, op, "failure map of " + s.impl));
    if (map.total_failed() == 0) return;
    std::vector<int> cells;
    for (int i = 0; i < kMapCells; ++i) {
        if (map.failed[static_cast<size_t>(i)] != 0) cells.push_back(i);
    }
    std::stable_sort(cells.begin(), cells.end(), [&](int a, int b) {
        return map.failed[static_cast<size_t>(a)] > map.failed[static_cast<size_t>(b)];
    });
    doc::Table t("failure-map-cells",
                 {doc::Text("row: " + axis_title(layout.rows, op)), doc::Text("column: " + axis_title(layout.cols, op)),
                  "tested", "failed", "failure rate"},
                 "llrrr");
    for (size_t k = 0; k < std::min<size_t>(cells.size(), 10); ++k) {
        const size_t i = static_cast<size_t>(cells[k]);
        t.rows.push_back({bucket_label(layout.rows, cells[k] / kMapSide), bucket_label(layout.cols, cells[k] % kMapSide),
                          grouped(map.tested[i]), grouped(map.failed[i]), percent_text(map.failed[i], map.tested[i])});
    }
    d.paragraph("The cells with the most failures (" + std::to_string(cells.size()) + " of " +
                std::to_string(kMapCells) + " cells have any; every cell is in the JSON report):");
    d.table(std::move(t));
}

}  // namespace fpv
