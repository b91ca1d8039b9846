// What a report shows, loaded from the database once and rendered as Markdown, HTML or JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kernels/catalogue.h"
#include "reports/store.h"
#include "reports/value_format.h"

namespace fpv {

struct ImplSummary {
    std::string impl;
    const ImplInfo* info = nullptr;  // null for impls this build lacks
    OpId op = OpId::div64;
    std::string error_unit = "ulp";
    uint64_t tested = 0, inside = 0, failed = 0, outside = 0;
    Tally merged;  // all classes of the impl, for histograms, categories and worst cases
    std::string worst_class, outside_worst_class;  // where merged.worst[0] and outside_worst[0] come from
};

struct CampaignReport {
    CampaignRecord campaign;
    std::vector<UnitState> units;
    std::vector<ImplSummary> impls;  // in campaign order
    uint64_t planned = 0, tested = 0;
    bool has_float_float = false;
    bool has_binary32 = false;
};

// For impls with a documented domain that an exhaustive class swept: "refuted" (a wrong result
// inside the domain, in any class), "confirmed" (none, and all32 swept completely), or
// "confirmed on the swept ranges only"; "" otherwise.
std::string domain_verdict(const CampaignReport& report, const ImplSummary& s);

// What the exhaustive units of an impl saw, summed.
struct SweepSummary {
    uint64_t patterns = 0;       // bit patterns judged
    uint64_t wrong = 0;          // not the exact answer (inside or outside the domain)
    uint64_t outside = 0;        // outside the documented domain
    uint64_t wrong_outside = 0;  // of those, wrong
    // Every swept input outside the domain is wrong and none inside is: the documented domain
    // is exactly the set where the impl is right, within the swept patterns.
    bool domain_is_exact() const { return wrong == wrong_outside && wrong_outside == outside; }
};
SweepSummary sweep_summary(const CampaignReport& report, const ImplSummary& s);
std::string bits32_text(uint32_t bits);  // 0x3f800000 (1)

CampaignReport load_report(Store& store, int64_t campaign_id);

OpId op_of_impl_name(const std::string& impl);

// Text helpers shared by the writers.
std::string error_text(double error);   // "0", "1.5", "3.2e+15", "inf"
std::string log2_text(double error_u2); // log2 of a relative error given in u^2: "-46.42"
std::string bin_label(int bin);         // "[2^-1, 2^0)", "0", "inf"
std::string grouped(uint64_t n);        // 1,234,567
std::string percent_text(uint64_t part, uint64_t whole);
std::string u2_text(double value);      // a bound or largest error in u^2, "-" when absent

std::string render_markdown(const CampaignReport& report);
std::string render_json(const CampaignReport& report);
std::string render_html(const CampaignReport& report);

}  // namespace fpv
