// Two campaigns compared unit by unit ((impl, class) pairs; when each campaign verified one impl
// of one op under different names, a fixed impl against the one it fixes, by class alone; units
// of different ops never pair): failure rates then and now with
// 95 % intervals, a verdict by the conditional binomial test at 5 % (model/rate_comparison.h),
// failure categories that appeared or vanished, and the worst error then and now. This is how
// people check that a fix fixed something and broke nothing.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/rate_comparison.h"
#include "reports/campaign_report.h"

namespace fpv {

struct UnitComparison {
    std::string impl, input_class;
    std::string old_impl;  // when it differs: two campaigns of one impl each, compared class by class
    bool in_old = false, in_new = false;
    uint64_t old_tested = 0, old_inside = 0, old_failed = 0, new_tested = 0, new_inside = 0, new_failed = 0;
    RateInterval old_interval, new_interval;
    double p_value = 1;
    Trend trend = Trend::unchanged;               // of comparable units only
    std::vector<std::string> appeared, vanished;  // failure categories, of comparable units only
    std::optional<double> old_worst, new_worst;   // largest measured error inside the domain
    std::string error_unit;

    // In both campaigns, with inputs inside the domain judged in each: two failure rates. A rate
    // of 0/0 says nothing, so a unit without inputs judged inside its domain on either side has
    // no verdict ("no data"), and no category of the other side appeared or vanished.
    bool comparable() const { return in_old && in_new && old_inside != 0 && new_inside != 0; }
    // In both, but the new campaign lacks what the old one had: it judged nothing at all (a run
    // killed at its start), or nothing inside the domain where the old one did. Such a unit
    // cannot show that nothing got worse.
    bool missing_now() const { return in_old && in_new && (new_tested == 0 || (new_inside == 0 && old_inside != 0)); }
    // "worse", "better", "unchanged", "no data", "new unit" or "gone".
    std::string verdict() const;
};

// One impl's failure map in both campaigns (all its classes together).
struct MapComparison {
    std::string impl_then, impl_now;
    OpId op;
    FailureMap then, now;
};

struct CampaignComparison {
    CampaignRecord old_campaign, new_campaign;
    std::string old_database, new_database;  // the files they were read from, as named
    std::vector<UnitComparison> units;  // the new campaign's units, then those only in the old one
    std::vector<MapComparison> maps;
    bool regressed() const;             // a unit got worse
    size_t paired() const;              // units in both campaigns
    // Why the comparison cannot show that nothing got worse, or "": no unit pairs, or paired
    // units the new campaign judged nothing of (UnitComparison::missing_now). The regression
    // gate (report --fail-on-regression) fails on it.
    std::string missing_data() const;
};

CampaignComparison compare_campaigns(const CampaignReport& old_report, const CampaignReport& new_report);

std::string render_comparison_markdown(const CampaignComparison& c);
std::string render_comparison_json(const CampaignComparison& c);
std::string render_comparison_html(const CampaignComparison& c);

}  // namespace fpv
