// What ran in the products of a whole-product impl (a library's GEMM), in the report: the JSON of
// a unit and of an impl lists the products by the mantissa bit count the library reported; the
// document gives a table a class under the impl, and says where an emulation silently ran
// native DGEMM instead.
#include <nlohmann/json.hpp>

#include "core/matrix_product.h"
#include "model/text_format.h"
#include "reports/statistic_sections.h"

namespace fpv {
namespace {

std::string bits_text(int bits) {
    switch (bits) {
        case kBitsNotReported: return "no bit count (not an emulation)";
        case kBitsUntouched: return "no bit count: the library left it unwritten";
        case kBitsFellBack: return "-1: the library ran native instead";
        default: return std::to_string(bits) + " mantissa bits";
    }
}

}  // namespace

void add_json(const ProductsRun& run, const StatisticScope&, nlohmann::json& out) {
    if (run.empty()) return;
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [bits, c] : run.by_bits) {
        list.push_back({{"mantissa_bits", bits},
                        {"products", c.products},
                        {"compared_with_native", c.compared},
                        {"identical_to_native", c.identical},
                        {"differing_entries", c.differing_entries}});
    }
    out["products_run"] = list;
}

void add_blocks(const ProductsRun& run, const StatisticScope& scope, doc::Document& d) {
    if (scope.unit != nullptr || run.empty()) return;
    d.paragraph("What ran in the products of " + scope.impl.impl +
                ", by class: the bit counts it reported (or why none), and its products compared with native DGEMM's "
                "bit for bit.");
    doc::Table t("products-run", {doc::Text("class"), doc::Text("products"), doc::Text("reported"), doc::Text("identical to native")},
                 "lrlr");
    bool silent = false;
    for (const UnitState& u : scope.report.units) {
        const ProductsRun& unit = u.tally.products_run;
        if (u.impl != scope.impl.impl || unit.empty()) continue;
        const ProductsRun::Counts all = unit.total();
        std::string reported;
        for (const auto& [bits, c] : unit.by_bits) {
            reported += (reported.empty() ? "" : "; ") + bits_text(bits) + " in " + grouped(c.products);
        }
        const bool all_identical = all.compared != 0 && all.identical == all.compared;
        silent = silent || all_identical;
        t.rows.push_back({doc::Text().code(u.input_class), doc::Text(grouped(all.products)), doc::Text(reported),
                          doc::Text(all.compared == 0 ? "-" : grouped(all.identical) + " of " + grouped(all.compared))});
        t.row_class.push_back(all_identical ? "fail" : "");
    }
    d.table(std::move(t));
    if (silent) {
        d.paragraph("Where every product equals native DGEMM's bit for bit, the emulation most likely did not run: "
                    "native DGEMM was verified in its place.");
    }
}

}  // namespace fpv
