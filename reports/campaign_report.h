// What a report shows, loaded from the database once and rendered as Markdown, HTML or JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/impl_traits.h"
#include "model/campaign.h"
#include "store/store.h"
#include "model/text_format.h"
#include "model/value_format.h"

namespace fpv {

struct ImplSummary {
    std::string impl;
    const ImplInfo* info = nullptr;  // null for impls this build lacks
    OpId op;
    std::string error_unit = "ulp";
    uint64_t tested = 0, inside = 0, failed = 0, outside = 0;
    Tally merged;  // all classes of the impl, for histograms, categories and worst cases
    std::string worst_class, outside_worst_class;  // where merged.worst[0] and outside_worst[0] come from
    bool map_partial = false;  // a unit's failure map misses inputs judged before schema 7
};

struct CampaignReport {
    std::string database;  // the file it was read from, as named
    CampaignRecord campaign;
    std::vector<UnitState> units;    // tallies without failures, but for special-values classes
    std::vector<ImplSummary> impls;  // in campaign order
    // Summed over the units, wider than one unit's count: 16 units of 2^62 inputs would wrap 64 bits.
    WideCount planned = 0, tested = 0;
    bool has_float_float = false;    // an op judged by relative error in u^2
    bool has_binary32 = false;       // a correctly rounded op of binary32 operands
    bool has_special_values = false; // a unit of a special-values class, its failures loaded
};

// Whether a unit's class holds an op's special values (its `specials` of Annex F): the report
// tabulates every result there that differs, so its failures are loaded.
bool holds_special_values(const UnitState& u);

// Whether an op's impls go in the report's section on binary32 functions and conversions:
// correctly rounded ops of binary32 operands, whose documented bounds, domains and sweeps
// that section states.
bool binary32_section_op(OpId op);

// For impls with a documented domain that an exhaustive class swept: "refuted" (a wrong result
// inside the domain, in any class), "confirmed" (none, and all32 swept completely), or
// "confirmed on the swept ranges only"; "" otherwise.
std::string domain_verdict(const CampaignReport& report, const ImplSummary& s);

// What the exhaustive units of an impl saw, summed.
struct SweepSummary {
    // Inputs, summed over the units: a bit pattern in two overlapping classes counts twice.
    uint64_t patterns = 0;       // judged
    uint64_t wrong = 0;          // not the exact answer (inside or outside the domain)
    uint64_t outside = 0;        // outside the documented domain
    uint64_t wrong_outside = 0;  // of those, wrong
    // Every swept input outside the domain is wrong and none inside is: the documented domain
    // is exactly the set where the impl is right, within the swept inputs. Not tested (nullopt)
    // when no swept input lies outside the domain.
    std::optional<bool> domain_is_exact() const {
        if (outside == 0) return std::nullopt;
        return wrong == wrong_outside && wrong_outside == outside;
    }
};
SweepSummary sweep_summary(const CampaignReport& report, const ImplSummary& s);

// Throws UsageError when the database names an op this build does not know.
CampaignReport load_report(Store& store, int64_t campaign_id);

std::string render_markdown(const CampaignReport& report);
std::string render_json(const CampaignReport& report);
std::string render_html(const CampaignReport& report);
std::string render_latex(const CampaignReport& report);

}  // namespace fpv
