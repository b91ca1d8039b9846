// What a report says of each tally statistic (model/statistic.h), each statistic's in a file of
// its own, reports/sections/<statistic>.cpp: its fields in the JSON of a unit and of an impl, and
// its blocks in the document. reports/report_content.cpp calls them for every statistic of
// Tally::statistics() and never names one; a new statistic adds its two functions here.
#pragma once

#include <tuple>

#include <nlohmann/json_fwd.hpp>

#include "reports/campaign_report.h"
#include "reports/report_document.h"

namespace fpv {

// Whose statistic it is: one unit's, or an impl's summed over its units.
struct StatisticScope {
    const CampaignReport& report;
    const ImplSummary& impl;
    const UnitState* unit = nullptr;  // null: the impl's
};

void add_json(const FailureMap& map, const StatisticScope& scope, nlohmann::json& out);
void add_blocks(const FailureMap& map, const StatisticScope& scope, doc::Document& d);

void add_json(const WrongRuns& runs, const StatisticScope& scope, nlohmann::json& out);
void add_blocks(const WrongRuns& runs, const StatisticScope& scope, doc::Document& d);

void add_json(const WrongBinades& binades, const StatisticScope& scope, nlohmann::json& out);
void add_blocks(const WrongBinades& binades, const StatisticScope& scope, doc::Document& d);

void add_json(const UlpSteps& steps, const StatisticScope& scope, nlohmann::json& out);
void add_blocks(const UlpSteps& steps, const StatisticScope& scope, doc::Document& d);

void add_json(const FlushChanges& changes, const StatisticScope& scope, nlohmann::json& out);
void add_blocks(const FlushChanges& changes, const StatisticScope& scope, doc::Document& d);

void add_json(const ProductsRun& run, const StatisticScope& scope, nlohmann::json& out);
void add_blocks(const ProductsRun& run, const StatisticScope& scope, doc::Document& d);

void add_json(const UlpErrors& errors, const StatisticScope& scope, nlohmann::json& out);
void add_blocks(const UlpErrors& errors, const StatisticScope& scope, doc::Document& d);

// Each statistic of `tally` (the unit's, or the impl's merged one) in turn.
inline void add_statistics_json(const Tally& tally, const StatisticScope& scope, nlohmann::json& out) {
    std::apply([&](const auto&... statistic) { (add_json(statistic, scope, out), ...); }, tally.statistics());
}
inline void add_statistics_blocks(const Tally& tally, const StatisticScope& scope, doc::Document& d) {
    std::apply([&](const auto&... statistic) { (add_blocks(statistic, scope, d), ...); }, tally.statistics());
}

}  // namespace fpv
