// What a report shows, loaded from the database once and rendered as Markdown, HTML or JSON.
#pragma once

#include <string>
#include <vector>

#include "kernels/catalogue.h"
#include "reports/store.h"

namespace fpv {

struct ImplSummary {
    std::string impl;
    std::string summary, domain, claim, error_unit;  // empty for impls this build lacks
    uint64_t tested = 0, failed = 0;
    double max_error = 0;
    Tally merged;  // all classes of the impl, for the histogram and the category totals
};

struct CampaignReport {
    CampaignRecord campaign;
    std::vector<UnitState> units;
    std::vector<ImplSummary> impls;  // in campaign order
    uint64_t planned = 0, tested = 0;
};

CampaignReport load_report(Store& store, int64_t campaign_id);

// Text helpers shared by the writers.
std::string decimal_of(uint64_t binary64_bits);  // "%.17g" with the sign of zero and NaN kinds
std::string error_text(double error);            // "0", "1.5", "3.2e+15", "inf"
std::string bin_label(int bin);                  // "[2^-1, 2^0)", "0", "inf"
std::string grouped(uint64_t n);                 // 1,234,567
std::string percent_text(uint64_t part, uint64_t whole);

std::string render_markdown(const CampaignReport& report);
std::string render_json(const CampaignReport& report);
std::string render_html(const CampaignReport& report);

}  // namespace fpv
