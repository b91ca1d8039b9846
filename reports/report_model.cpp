#include "reports/report_model.h"

#include <cmath>
#include <cstdio>

#include "kernels/portability.h"

namespace fpv {

CampaignReport load_report(Store& store, int64_t campaign_id) {
    CampaignReport r;
    r.campaign = store.campaign(campaign_id);
    r.units = store.units(campaign_id);
    for (const std::string& name : r.campaign.spec.impls) {
        ImplSummary s;
        s.impl = name;
        if (const ImplInfo* info = find_impl(name)) {
            s.summary = info->summary;
            s.domain = info->domain;
            s.claim = info->claim;
            s.error_unit = op_info(info->op).error_unit;
        }
        TallyLimits all{r.campaign.spec.limits.worst_kept, 0};
        for (const UnitState& u : r.units) {
            if (u.impl != name) continue;
            s.merged.merge(u.tally, all);
        }
        s.tested = s.merged.tested;
        s.failed = s.merged.failed();
        s.max_error = s.merged.max_error();
        r.impls.push_back(std::move(s));
    }
    for (const UnitState& u : r.units) {
        r.planned += u.planned;
        r.tested += u.tally.tested;
    }
    return r;
}

std::string decimal_of(uint64_t bits) {
    const double d = double_of(bits);
    if (std::isnan(d)) {
        const bool quiet = (bits & 0x0008000000000000ull) != 0;
        return std::string((bits >> 63) ? "-" : "") + (quiet ? "qNaN" : "sNaN");
    }
    if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
    char out[40];
    std::snprintf(out, sizeof out, "%.17g", d);
    return out;
}

std::string error_text(double error) {
    if (std::isinf(error)) return "inf";
    char out[32];
    std::snprintf(out, sizeof out, "%.4g", error);
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

}  // namespace fpv
