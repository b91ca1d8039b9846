// The JSON report: a stable, documented format (docs/report-json.md).
#include <cstdio>

#include <nlohmann/json.hpp>

#include "ops/catalogue.h"
#include "model/rate_bound.h"
#include "model/json_text.h"
#include "reports/campaign_report.h"

namespace fpv {
namespace {

using nlohmann::json;

constexpr int kFormatVersion = 1;

// JSON has no infinity: errors without a finite value are the string "inf" (model/json_text.h).
json error_json(double error) { return json_number(error); }

// failed / inside; null for 0/0, where nothing inside the domain was judged.
json rate_json(uint64_t failed, uint64_t inside) {
    return inside == 0 ? json(nullptr) : json(static_cast<double>(failed) / static_cast<double>(inside));
}

// The operand words; "c" only for ops of three operands.
void operands_json(json& j, OpId op, const Operands& in) {
    j["a"] = hex64(in.a);
    j["b"] = hex64(in.b);
    if (op_info(op).arity == 3) j["c"] = hex64(in.c);
}

json record_json(OpId op, const FailureRecord& r) {
    json j = {{"index", r.index},
              {"result", hex64(r.result)},
              {"expected", hex64(r.expected)},
              {"error", error_json(r.error)},
              {"category", category_name(r.category)}};
    operands_json(j, op, r.input);
    return j;
}

json records_json(OpId op, const std::vector<FailureRecord>& list) {
    json out = json::array();
    for (const FailureRecord& r : list) {
        json j = record_json(op, r);
        j["operands_text"] = operands_text(op, r.input);
        j["result_text"] = result_text(op, r.result);
        out.push_back(std::move(j));
    }
    return out;
}

json histogram_json(const Histogram& bins) {
    json list = json::array();
    bins.for_each([&](int bin, uint64_t count) {
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
    });
    return list;
}

json categories_json(const Tally& t) {
    json out = json::object();
    for (int i = 0; i < kCategoryCount; ++i) {
        if (t.by_category[i] != 0) out[std::string(category_name(static_cast<Category>(i)))] = t.by_category[i];
    }
    return out;
}

json optional_u2(double value) { return value < 0 ? json(nullptr) : json(value); }

json runs_json(const Tally& t) {
    json out = json::array();
    for (const WrongRun& r : t.wrong_runs.runs) {
        char first[12], last[12];
        std::snprintf(first, sizeof first, "0x%08x", r.first);
        std::snprintf(last, sizeof last, "0x%08x", r.last);
        out.push_back({{"first", first}, {"last", last}, {"count", static_cast<uint64_t>(r.last) - r.first + 1}});
    }
    return out;
}

json steps_json(const Tally& t) {
    json out = json::array();
    for (size_t i = 0; i < t.step_counts.counts.size(); ++i) {
        if (t.step_counts.counts[i] == 0) continue;
        out.push_back({{"steps", i + 1 == UlpSteps::kBuckets ? json("more") : json(i)}, {"count", t.step_counts.counts[i]}});
    }
    return out;
}

json binades_json(const Tally& t) {
    json out = json::array();
    for (size_t i = 0; i < t.wrong_by_binade.counts.size(); ++i) {
        if (t.wrong_by_binade.counts[i] == 0) continue;
        out.push_back({{"sign", i >> 8}, {"exponent_field", i & 255}, {"count", t.wrong_by_binade.counts[i]}});
    }
    return out;
}

// The cells any input reached, with what their rows and columns stand for.
json map_json(const FailureMap& map, OpId op, bool partial) {
    const OpInfo& info = op_info(op);
    const MapLayout layout = map_layout(info);
    json cells = json::array();
    for (size_t i = 0; i < map.tested.size(); ++i) {
        if (map.tested[i] == 0) continue;
        const int row = static_cast<int>(i) / kMapSide, column = static_cast<int>(i) % kMapSide;
        cells.push_back({{"row", row},
                         {"column", column},
                         {"row_label", bucket_label(layout.rows, row)},
                         {"column_label", bucket_label(layout.cols, column)},
                         {"tested", map.tested[i]},
                         {"failed", map.failed[i]}});
    }
    return {{"rows", axis_title(layout.rows, info)},
            {"columns", axis_title(layout.cols, info)},
            {"side", kMapSide},
            {"partial", partial},
            {"cells", cells}};
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
                     {"reference", std::string(reference_mode_name(c.spec.reference))},
                     {"strict_nan", c.spec.strict_nan},
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
        json j = {{"impl", s.impl},
                  {"op", std::string(op_info(s.op).name)},
                  {"rounding", std::string(rounding_name(s.info != nullptr ? s.info->spec.rounding : Rounding::rn))},
                  {"error_unit", s.error_unit},
                  {"tested", s.tested},
                  {"inside_domain", s.inside},
                  {"outside_domain", s.outside},
                  {"failed", s.failed},
                  {"max_error", s.merged.worst.empty() ? json(nullptr) : error_json(s.merged.max_error())},
                  {"categories", categories_json(s.merged)},
                  {"histogram", histogram_json(s.merged.error_histogram)},
                  {"outside_histogram", histogram_json(s.merged.outside_histogram)},
                  {"failure_map", map_json(s.merged.map, s.op, s.map_partial)}};
        if (s.info != nullptr) {
            const ImplSpec& spec = s.info->spec;
            j["summary"] = spec.summary;
            j["domain"] = spec.domain;
            j["claim"] = spec.claim;
            if (op_info(s.op).metric == Metric::correctly_rounded) {
                j["ulp_bound"] = spec.bound;
                j["bound_source"] = spec.bound_source;
                j["nan_rule"] = std::string(nan_rule_name(spec.nans));
                j["ftz"] = spec.ftz;
                j["ftz_changed"] = s.merged.ftz_changed;
                // NVIDIA's measure: the distance to the correctly rounded result (65: more than 64).
                j["max_ulp_steps"] = s.merged.step_counts.max_steps();
                const std::string verdict = domain_verdict(report, s);
                j["domain_verdict"] = verdict.empty() ? json(nullptr) : json(verdict);
                if (!verdict.empty()) {
                    const SweepSummary sweep = sweep_summary(report, s);
                    j["sweep"] = {{"patterns", sweep.patterns},
                                  {"wrong", sweep.wrong},
                                  {"outside_domain", sweep.outside},
                                  {"wrong_outside_domain", sweep.wrong_outside},
                                  {"domain_is_exact", sweep.domain_is_exact()}};
                }
            } else {
                j["bound_u2"] = op_info(s.op).error_free ? json(0) : optional_u2(spec.bound);
                j["bound_source"] = spec.bound_source;
                j["literature_largest_u2"] = optional_u2(spec.largest_found);
                j["seed_table5_log2"] = spec.seed_log2 != 0 ? json(spec.seed_log2) : json(nullptr);
            }
        }
        impls.push_back(std::move(j));
    }
    json units = json::array();
    for (const UnitState& u : report.units) {
        const Tally& t = u.tally;
        const OpId op = op_named(u.op);
        json disagreements = json::array();
        for (const FailureRecord& r : t.disagreements) {
            json d = {{"index", r.index}, {"vector_result", hex64(r.result)}, {"reference_result", hex64(r.expected)}};
            operands_json(d, op, r.input);
            disagreements.push_back(std::move(d));
        }
        units.push_back({{"impl", u.impl},
                         {"op", u.op},
                         {"class", u.input_class},
                         {"input_key", hex64(u.input_key)},
                         {"generator_version", u.generator_version},
                         {"planned", u.size()},
                         {"first_index", u.begin_index},
                         {"tested", t.tested},
                         {"passed", t.passed()},
                         {"failed", t.failed()},
                         {"outside_domain", t.outside()},
                         {"failure_rate", rate_json(t.failed(), t.inside())},
                         {"failure_rate_bound_95", t.has_failures() || t.inside() == 0
                                                       ? json(nullptr)
                                                       : json(zero_failure_rate_bound(t.inside()))},
                         {"max_error", t.worst.empty() ? json(nullptr) : error_json(t.max_error())},
                         {"categories", categories_json(t)},
                         {"histogram", histogram_json(t.error_histogram)},
                         {"outside_histogram", histogram_json(t.outside_histogram)},
                         {"worst", records_json(op, t.worst)},
                         {"outside_worst", records_json(op, t.outside_worst)},
                         {"failures_stored", u.failures_stored},
                         {"exhaustive", u.exhaustive},
                         {"ftz_changed", t.ftz_changed},
                         {"wrong_runs", runs_json(t)},
                         {"wrong_runs_overflow", t.wrong_runs.overflow},
                         {"wrong_by_binade", binades_json(t)},
                         {"ulp_steps", steps_json(t)},
                         {"failure_map", map_json(t.map, op, u.map_partial)},
                         {"reference_disagreements", t.reference_disagreements},
                         {"disagreements", disagreements},
                         {"seconds", u.seconds}});
    }
    json out = {{"format", "fpverify-report"},
                {"format_version", kFormatVersion},
                {"campaign", campaign},
                {"impls", impls},
                {"units", units}};
    return json_text(out);
}

}  // namespace fpv
