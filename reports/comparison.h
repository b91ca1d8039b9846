// Two campaigns compared unit by unit ((impl, class) pairs; when each campaign verified one impl
// under different names, a fixed impl against the one it fixes, by class alone): failure rates then and now with
// 95 % intervals, a verdict by the conditional binomial test at 5 % (model/rate_comparison.h),
// failure categories that appeared or vanished, and the worst error then and now. This is how
// people check that a fix fixed something and broke nothing.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/rate_comparison.h"
#include "reports/report_model.h"

namespace fpv {

struct UnitComparison {
    std::string impl, input_class;
    std::string old_impl;  // when it differs: two campaigns of one impl each, compared class by class
    bool in_old = false, in_new = false;
    uint64_t old_inside = 0, old_failed = 0, new_inside = 0, new_failed = 0;
    RateInterval old_interval, new_interval;
    double p_value = 1;
    Trend trend = Trend::unchanged;
    std::vector<std::string> appeared, vanished;  // failure categories
    std::optional<double> old_worst, new_worst;   // largest measured error inside the domain
    std::string error_unit;
};

// One impl's failure map in both campaigns (all its classes together).
struct MapComparison {
    std::string impl_then, impl_now;
    OpId op;
    FailureMap then, now;
};

struct CampaignComparison {
    CampaignRecord old_campaign, new_campaign;
    std::vector<UnitComparison> units;  // the new campaign's units, then those only in the old one
    std::vector<MapComparison> maps;
    bool regressed() const;             // a unit got worse
};

CampaignComparison compare_campaigns(const CampaignReport& old_report, const CampaignReport& new_report);

std::string render_comparison_markdown(const CampaignComparison& c);
std::string render_comparison_json(const CampaignComparison& c);
std::string render_comparison_html(const CampaignComparison& c);

}  // namespace fpv
