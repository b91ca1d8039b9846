// The maximal runs of wrong bit patterns of an exhaustive sweep in the report: all of them in a
// unit's JSON; in the document, under the unit's line of the sweep, the first 24.
#include <cstdio>

#include <nlohmann/json.hpp>

#include "reports/statistic_sections.h"

namespace fpv {

void add_json(const WrongRuns& runs, const StatisticScope& scope, nlohmann::json& out) {
    if (scope.unit == nullptr) return;
    nlohmann::json list = nlohmann::json::array();
    for (const WrongRun& r : runs.runs) {
        char first[12], last[12];
        std::snprintf(first, sizeof first, "0x%08x", r.first);
        std::snprintf(last, sizeof last, "0x%08x", r.last);
        list.push_back({{"first", first}, {"last", last}, {"count", static_cast<uint64_t>(r.last) - r.first + 1}});
    }
    out["wrong_runs"] = list;
    out["wrong_runs_overflow"] = runs.overflow;
}

void add_blocks(const WrongRuns& runs, const StatisticScope& scope, doc::Document& d) {
    if (scope.unit == nullptr || !scope.unit->exhaustive) return;
    if (runs.overflow) {
        d.paragraph("The wrong inputs form more than " + grouped(scope.report.campaign.spec.limits.runs_kept) +
                    " maximal runs (too many to keep); by binade below.");
        return;
    }
    if (runs.runs.empty()) return;
    d.paragraph("The wrong inputs in " + grouped(runs.runs.size()) + " maximal run" +
                (runs.runs.size() == 1 ? "" : "s") + " of bit patterns:");
    std::vector<doc::Text> items;
    for (const WrongRun& r : runs.runs) {
        if (items.size() == 24) {
            items.push_back(doc::Text("... " + grouped(runs.runs.size() - 24) + " more (all in the JSON report)"));
            break;
        }
        items.push_back(doc::Text(bits32_text(r.first) + " to " + bits32_text(r.last) + ": " +
                                  grouped(static_cast<uint64_t>(r.last) - r.first + 1)));
    }
    d.list(std::move(items));
}

}  // namespace fpv
