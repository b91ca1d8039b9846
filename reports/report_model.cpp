#include "reports/report_model.h"

#include <cmath>
#include <cstdio>

#include "corpus/generators.h"

namespace fpv {

OpId op_of_impl_name(const std::string& impl) {
    const std::string op = impl.substr(0, impl.find('.'));
    if (const OpInfo* info = find_op(op)) return info->id;
    return OpId::div64;
}

CampaignReport load_report(Store& store, int64_t campaign_id) {
    CampaignReport r;
    r.campaign = store.campaign(campaign_id);
    r.units = store.units(campaign_id);
    for (const std::string& name : r.campaign.spec.impls) {
        ImplSummary s;
        s.impl = name;
        s.info = find_impl(name);
        s.op = op_of_impl_name(name);
        s.error_unit = std::string(op_info(s.op).error_unit);
        r.has_binary32 = r.has_binary32 || is_binary32_op(s.op);
        r.has_float_float = r.has_float_float || (s.op != OpId::div64 && !is_binary32_op(s.op));
        const TallyLimits all{r.campaign.spec.limits.worst_kept, 0};
        for (const UnitState& u : r.units) {
            if (u.impl != name) continue;
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
    for (const UnitState& u : r.units) {
        r.planned += u.planned;
        r.tested += u.tally.tested;
    }
    return r;
}

std::string domain_verdict(const CampaignReport& report, const ImplSummary& s) {
    if (s.info == nullptr || s.info->in_domain == nullptr) return "";
    bool swept = false, everything = false;
    for (const UnitState& u : report.units) {
        if (u.impl != s.impl || !u.exhaustive) continue;
        swept = true;
        everything = everything || (u.input_class == "all32" && u.tally.tested == u.planned);
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
        for (uint64_t c : u.tally.wrong_by_binade) sum.wrong += c;
        sum.outside += u.tally.outside();
        failed += u.tally.failed();
    }
    sum.wrong_outside = sum.wrong - failed;
    return sum;
}

std::string bits32_text(uint32_t bits) {
    char out[16];
    std::snprintf(out, sizeof out, "0x%08x", bits);
    return std::string(out) + " (" + decimal_of_float(bits) + ")";
}

std::string error_text(double error) {
    if (std::isinf(error)) return "inf";
    char out[32];
    std::snprintf(out, sizeof out, "%.4g", error);
    return out;
}

std::string log2_text(double error_u2) {
    if (error_u2 == 0) return "-inf";
    if (std::isinf(error_u2)) return "inf";
    char out[32];
    std::snprintf(out, sizeof out, "%.2f", std::log2(error_u2) - 48);
    return out;
}

std::string bin_label(int bin) {
    if (bin == kBinZeroError) return "0";
    if (bin == kBinInfiniteError) return "inf";
    return "[2^" + std::to_string(bin) + ", 2^" + std::to_string(bin + 1) + ")";
}

std::string grouped(uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string percent_text(uint64_t part, uint64_t whole) {
    if (whole == 0) return "-";
    if (part == 0) return "0 %";
    char out[32];
    const double p = 100.0 * static_cast<double>(part) / static_cast<double>(whole);
    std::snprintf(out, sizeof out, p >= 0.01 ? "%.3g %%" : "%.2e %%", p);
    return out;
}

std::string u2_text(double value) {
    if (value < 0) return "-";
    char out[32];
    std::snprintf(out, sizeof out, "%.4g", value);
    return out;
}

}  // namespace fpv
