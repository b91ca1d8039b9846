#include "reports/campaign_report.h"

#include <cmath>
#include <cstdio>

#include "ops/catalogue.h"

namespace fpv {

bool binary32_section_op(OpId op) {
    const OpInfo& info = op_info(op);
    return info.metric == Metric::correctly_rounded && info.all_operands(Format::binary32);
}

CampaignReport load_report(Store& store, int64_t campaign_id) {
    CampaignReport r;
    r.database = store.path();
    r.campaign = store.campaign(campaign_id);
    r.units = store.units(campaign_id);
    for (const std::string& name : r.campaign.spec.impls) {
        ImplSummary s;
        s.impl = name;
        s.info = find_impl(name);
        for (const UnitState& u : r.units) {
            if (u.impl == name) {
                s.op = op_named(u.op);
                break;
            }
        }
        s.error_unit = std::string(op_info(s.op).error_unit());
        r.has_binary32 = r.has_binary32 || binary32_section_op(s.op);
        r.has_float_float = r.has_float_float || op_info(s.op).metric == Metric::relative_u2;
        const TallyLimits all{r.campaign.spec.limits.worst_kept, 0};
        for (const UnitState& u : r.units) {
            if (u.impl != name) continue;
            s.map_partial = s.map_partial || u.map_partial;
            const double before = s.merged.max_error();
            const bool had = !s.merged.worst.empty();
            const double outside_before =
                s.merged.outside_worst.empty() ? -1 : s.merged.outside_worst.front().error;
            s.merged.merge(u.tally, all);
            if (!s.merged.worst.empty() && (!had || s.merged.max_error() > before)) {
                s.worst_class = u.input_class;
            }
            if (!s.merged.outside_worst.empty() && s.merged.outside_worst.front().error > outside_before) {
                s.outside_worst_class = u.input_class;
            }
        }
        s.tested = s.merged.tested;
        s.inside = s.merged.inside();
        s.failed = s.merged.failed();
        s.outside = s.merged.outside();
        r.impls.push_back(std::move(s));
    }
    for (UnitState& u : r.units) {
        r.planned += u.size();
        r.tested += u.tally.tested;
        // The special-value table lists every result that differs at those points.
        if (holds_special_values(u)) {
            u.tally.failures = store.unit_failures(campaign_id, u.ordinal, u.failures_stored);
            r.has_special_values = true;
        }
    }
    return r;
}

std::string domain_verdict(const CampaignReport& report, const ImplSummary& s) {
    if (s.info == nullptr || s.info->spec.in_domain == nullptr) return "";
    bool swept = false, everything = false;
    for (const UnitState& u : report.units) {
        if (u.impl != s.impl || !u.exhaustive) continue;
        swept = true;
        everything = everything || (u.input_class == "all32" && u.tally.tested == u.size());
    }
    if (!swept) return "";
    if (s.failed != 0) return "refuted";
    return everything ? "confirmed" : "confirmed on the swept ranges only";
}

SweepSummary sweep_summary(const CampaignReport& report, const ImplSummary& s) {
    SweepSummary sum;
    uint64_t failed = 0;
    for (const UnitState& u : report.units) {
        if (u.impl != s.impl || !u.exhaustive) continue;
        sum.patterns += u.tally.tested;
        sum.wrong += u.tally.wrong_by_binade.total();
        sum.outside += u.tally.outside();
        failed += u.tally.failed();
    }
    sum.wrong_outside = sum.wrong - failed;
    return sum;
}

bool holds_special_values(const UnitState& u) {
    const ClassInfo* c = class_of_spec(op_named(u.op), u.input_class);
    return c != nullptr && c->special_values;
}

}  // namespace fpv
