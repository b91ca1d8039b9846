// The JSON report: a stable, documented format (docs/report-json.md).
#include <cmath>

#include <nlohmann/json.hpp>

#include "reports/report_model.h"

namespace fpv {
namespace {

using nlohmann::json;

constexpr int kFormatVersion = 1;

// JSON has no infinity: errors without a finite value are the string "inf".
json error_json(double error) {
    if (std::isinf(error)) return "inf";
    return error;
}

json failure_json(const FailureRecord& r) {
    return {{"index", r.index},
            {"a", hex64(r.input.a)},
            {"b", hex64(r.input.b)},
            {"a_decimal", decimal_of(r.input.a)},
            {"b_decimal", decimal_of(r.input.b)},
            {"result", hex64(r.result)},
            {"expected", hex64(r.expected)},
            {"error", error_json(r.error)},
            {"category", category_name(r.category)}};
}

json histogram_json(const std::map<int, uint64_t>& bins) {
    json list = json::array();
    for (const auto& [bin, count] : bins) {
        json entry = {{"count", count}, {"label", bin_label(bin)}};
        if (bin == kBinZeroError) {
            entry["kind"] = "zero";
        } else if (bin == kBinInfiniteError) {
            entry["kind"] = "infinite";
        } else {
            entry["kind"] = "log2";
            entry["log2_low"] = bin;
        }
        list.push_back(entry);
    }
    return list;
}

json categories_json(const Tally& t) {
    json out = json::object();
    for (int i = 0; i < kCategoryCount; ++i) {
        if (t.by_category[i] != 0) out[std::string(category_name(static_cast<Category>(i)))] = t.by_category[i];
    }
    return out;
}

}  // namespace

std::string render_json(const CampaignReport& report) {
    const CampaignRecord& c = report.campaign;
    json campaign = {{"id", c.id},
                     {"name", c.spec.name},
                     {"status", c.status},
                     {"created_at", c.created_at},
                     {"finished_at", c.finished_at.empty() ? json(nullptr) : json(c.finished_at)},
                     {"seed", c.spec.seed},
                     {"count_per_unit", c.spec.count},
                     {"backend", c.spec.backend},
                     {"impls", c.spec.impls},
                     {"classes", c.spec.classes},
                     {"elapsed_seconds", c.elapsed_seconds},
                     {"gpu_wait_seconds", c.gpu_wait_seconds},
                     {"host_wait_seconds", c.host_wait_seconds},
                     {"host", c.host},
                     {"notes", c.notes},
                     {"fpverify_version", c.version},
                     {"command_line", c.spec.command_line}};
    json impls = json::array();
    for (const ImplSummary& s : report.impls) {
        impls.push_back({{"impl", s.impl},
                         {"summary", s.summary},
                         {"domain", s.domain},
                         {"claim", s.claim},
                         {"error_unit", s.error_unit},
                         {"tested", s.tested},
                         {"failed", s.failed},
                         {"max_error", s.failed ? error_json(s.max_error) : json(nullptr)},
                         {"categories", categories_json(s.merged)},
                         {"histogram", histogram_json(s.merged.error_histogram)}});
    }
    json units = json::array();
    for (const UnitState& u : report.units) {
        const Tally& t = u.tally;
        json worst = json::array();
        for (const FailureRecord& r : t.worst) worst.push_back(failure_json(r));
        json disagreements = json::array();
        for (const FailureRecord& r : t.disagreements) {
            disagreements.push_back({{"index", r.index},
                                     {"a", hex64(r.input.a)},
                                     {"b", hex64(r.input.b)},
                                     {"vector_result", hex64(r.result)},
                                     {"reference_result", hex64(r.expected)}});
        }
        units.push_back({{"impl", u.impl},
                         {"class", u.input_class},
                         {"planned", u.planned},
                         {"tested", t.tested},
                         {"exact", t.exact()},
                         {"failed", t.failed()},
                         {"failure_rate", t.tested ? static_cast<double>(t.failed()) / t.tested : 0.0},
                         {"max_error", t.has_failures() ? error_json(t.max_error()) : json(nullptr)},
                         {"categories", categories_json(t)},
                         {"histogram", histogram_json(t.error_histogram)},
                         {"worst", worst},
                         {"failures_stored", u.failures_stored},
                         {"reference_disagreements", t.reference_disagreements},
                         {"disagreements", disagreements},
                         {"seconds", u.seconds}});
    }
    json out = {{"format", "fpverify-report"},
                {"format_version", kFormatVersion},
                {"campaign", campaign},
                {"impls", impls},
                {"units", units}};
    return out.dump(2) + "\n";
}

}  // namespace fpv
