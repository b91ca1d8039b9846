// What a campaign report says, as one document that the Markdown, HTML and JSON reports render:
// the verdict per impl, the float-float accuracy table, the binary32 section, per-class tables,
// failure categories, worst inputs, the tally statistics (reports/statistic_sections.h),
// histograms, what happens outside the domains, and references that disagree. The HTML report
// adds plots (reports/svg_plot.h); the JSON report is the document's data, a stable, documented
// format (docs/report-json.md).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "model/json_text.h"
#include "model/rate_bound.h"
#include "ops/catalogue.h"
#include "reports/campaign_report.h"
#include "reports/report_document.h"
#include "reports/statistic_sections.h"
#include "reports/error_against.h"
#include "reports/svg_plot.h"

namespace fpv {
namespace {

using doc::Text;
using nlohmann::json;

constexpr int kJsonFormatVersion = 1;

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

json records_json(OpId op, const std::vector<FailureRecord>& list) {
    json out = json::array();
    for (const FailureRecord& r : list) {
        json j = {{"index", r.index},
                  {"result", hex64(r.result)},
                  {"expected", hex64(r.expected)},
                  {"error", json_number(r.error)},
                  {"category", category_name(r.category)},
                  {"operands_text", operands_text(op, r.input)},
                  {"result_text", result_text(op, r.result)}};
        operands_json(j, op, r.input);
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

// A merged campaign's shards, stored as a JSON array of their descriptions; [] for any other.
json merged_from_json(const std::string& stored) {
    if (stored.empty()) return json::array();
    json list = json::parse(stored, nullptr, false);
    return list.is_array() ? list : json::array({stored});
}

json max_error_json(const Tally& t) { return t.worst.empty() ? json(nullptr) : json_number(t.max_error()); }

std::string verdict_word(const ImplSummary& s) {
    if (s.tested == 0) return "not run";
    if (s.inside == 0) return "every input outside its domain";
    if (s.failed == 0) return "no failure in " + grouped(s.inside) + " inputs";
    return "";
}

Text verdict_text(const ImplSummary& s) {
    const std::string word = verdict_word(s);
    if (!word.empty()) return Text(word);
    return Text().strong("FAILS").plain(": " + grouped(s.failed) + " wrong results");
}

std::string record_line(OpId op, const FailureRecord& r, const std::string& unit) {
    return operands_text(op, r.input) + ": got " + result_text(op, r.result) + ", expected " +
           expected_text(op, r.expected) + "; error " + error_text(r.error) + " " + unit + ", " +
           std::string(category_name(r.category));
}

std::string histogram_text(const Histogram& bins) {
    uint64_t most = 0;
    bins.for_each([&](int, uint64_t count) { most = std::max(most, count); });
    std::string out;
    bins.for_each([&](int bin, uint64_t count) {
        const int width = most == 0 ? 0 : static_cast<int>(std::ceil(40.0 * count / most));
        char label[48];
        std::snprintf(label, sizeof label, "%-18s", bin_label(bin).c_str());
        out += std::string(label) + " " + std::string(static_cast<size_t>(width), '#') + " " + grouped(count) + "\n";
    });
    return out;
}

// How the errors of a unit of matrix-product entries are spread (eps * sum |a b|, every entry
// inside the domain counted in the histogram): the bins holding the median and the 99th
// percentile, and how many entries are the correctly rounded ones.
json error_distribution_json(const Tally& t) {
    if (t.error_histogram.empty()) return nullptr;
    return {{"correctly_rounded", t.by_category[static_cast<size_t>(Category::exact)]},
            {"median_bin", bin_label(t.error_histogram.quantile_bin(0.5))},
            {"p99_bin", bin_label(t.error_histogram.quantile_bin(0.99))}};
}

std::string worst_input(OpId op, const Tally& t) {
    if (t.worst.empty()) return "";
    return operands_text(op, t.worst.front().input) + " -> " + result_text(op, t.worst.front().result);
}

void header(doc::Document& d, const CampaignReport& report) {
    const CampaignRecord& c = report.campaign;
    d.heading(1, Text("fpverify report: campaign " + std::to_string(c.id) + " (").user(c.spec.name).plain(")"));
    std::vector<Text> facts;
    facts.push_back(Text("Status: " + c.status + (c.status == "finished" ? " at " + c.finished_at : "") + "; " +
                         grouped(report.tested) + " of " + grouped(report.planned) + " inputs judged in " +
                         human_duration(c.elapsed_seconds)));
    facts.push_back(Text("Started " + c.created_at + " on ")
                        .code(c.host)
                        .plain(" with fpverify ")
                        .user(c.version)
                        .plain("; backend " + c.spec.backend));
    if (!c.notes.empty()) facts.push_back(Text("Ran on: ").user(c.notes));
    if (c.spec.shard_count > 1) {
        facts.push_back(Text("Shard " + std::to_string(c.spec.shard_index) + " of " + std::to_string(c.spec.shard_count) + " (")
                            .code("--shard")
                            .plain("): this part of every unit's inputs; ")
                            .code("fpverify merge")
                            .plain(" combines the shards"));
    }
    if (!c.merged_from.empty()) facts.push_back(Text("Merged from shards: ").code(c.merged_from));
    if (c.status == "paused" || c.status == "running" || c.status == "partial") {
        facts.push_back(Text("Not finished: units advance in rounds, so each has had a comparable share of the inputs; "
                             "where nothing failed, the 95 % bound column gives the failure rate the count so far rules out"));
    }
    if (c.gpu_wait_seconds > 0 || c.host_wait_seconds > 0) {
        char waits[128];
        std::snprintf(waits, sizeof waits, "GPU idle %.1f s, host idle %.1f s", c.gpu_wait_seconds, c.host_wait_seconds);
        facts.push_back(Text(waits));
    }
    bool any_exhaustive = false;
    for (const UnitState& u : report.units) any_exhaustive = any_exhaustive || u.exhaustive;
    facts.push_back(Text("Seed " + std::to_string(c.spec.seed) + ", up to " + grouped(c.spec.count) +
                         " inputs per (impl, class)" +
                         (any_exhaustive ? "; exhaustive classes sweep every bit pattern of their set" : "")));
    if (c.spec.strict_nan) {
        facts.push_back(Text("NaNs: strict (")
                            .code("--strict-nan")
                            .plain("): a NaN result must be quiet and follow its impl's declared NaN rule; a NaN that "
                                   "does not is counted as ")
                            .code("wrong_nan"));
    }
    if (c.spec.reference == ReferenceMode::fast) {
        std::string host_ops;
        for (const OpInfo& op : all_ops()) {
            if (op.metric == Metric::correctly_rounded && op.has_fast_reference) {
                host_ops += (host_ops.empty() ? "" : ", ") + std::string(op.name);
            }
        }
        facts.push_back(Text("Reference: fast (the host's exact IEEE 754 answers for " + host_ops +
                             "; exact fixed-point sums for float-float ops and matrix entries; MPFR recomputing 1 "
                             "input in 1024 and winning any disagreement)"));
    }
    if (c.spec.reference == ReferenceMode::exact) {
        facts.push_back(Text(
            "Reference: exact (results an op's integer check proves correctly rounded count as exact; MPFR judges every "
            "other result, re-judges 1 certified input in 4096 and wins any disagreement; float-float ops by exact "
            "fixed-point sums, MPFR recomputing every failure, the candidates for the worst cases, 1 input in 4096 and "
            "1 operand pair in 1024)"));
        bool twins = false;
        for (const UnitState& u : report.units) {
            const ImplInfo* impl = find_impl(u.impl);
            twins = twins || (impl != nullptr && op_info(impl->op).has_binary64_twin);
        }
        if (twins) {
            facts.push_back(Text(
                "Binary32 math functions: on the GPU each result is judged beside CUDA's binary64 function of the same "
                "name, trusted to 2^-40 of its value (docs/math32.md); what that cannot settle goes to the host, "
                "CORE-MATH giving the correctly rounded result and MPFR measuring every error and re-judging 1 input "
                "in 4096 of those the GPU decided"));
        }
    }
    facts.push_back(Text("Command: ").code(c.spec.command_line));
    d.list(std::move(facts));
    d.data()["format"] = "fpverify-report";
    d.data()["format_version"] = kJsonFormatVersion;
    d.data()["campaign"] = {{"id", c.id},
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
                            {"command_line", c.spec.command_line},
                            {"shard_index", c.spec.shard_index},
                            {"shard_count", c.spec.shard_count},
                            {"merged_from", merged_from_json(c.merged_from)}};
    d.paragraph(
        "Correctly rounded ops are judged against MPFR's correctly rounded result: a result fails unless it is "
        "bit-identical (any NaN matches any NaN). Float-float ops are judged by their relative error, computed by "
        "MPFR from the exact terms, against each impl's proven bound. Entries of matrix products are judged by "
        "|C - exact| in units of eps * sum |a b| (eps = 2^-52), against the bound each impl claims, and counted "
        "as exact where they are the correctly rounded entry.");
}

// An impl's facts for the JSON report: its counts over every class, its claims and what the
// statistics of its merged tally say.
json impl_json(const CampaignReport& report, const ImplSummary& s) {
    json j = {{"impl", s.impl},
              {"op", std::string(op_info(s.op).name)},
              {"rounding", std::string(rounding_name(s.info != nullptr ? s.info->spec.rounding : Rounding::rn))},
              {"error_unit", s.error_unit},
              {"tested", s.tested},
              {"inside_domain", s.inside},
              {"outside_domain", s.outside},
              {"failed", s.failed},
              {"max_error", max_error_json(s.merged)},
              {"categories", categories_json(s.merged)},
              {"histogram", histogram_json(s.merged.error_histogram)},
              {"outside_histogram", histogram_json(s.merged.outside_histogram)}};
    add_statistics_json(s.merged, {report, s}, j);
    if (s.info == nullptr) return j;
    const ImplSpec& spec = s.info->spec;
    j["summary"] = spec.summary;
    j["domain"] = spec.domain;
    j["claim"] = spec.claim;
    if (op_info(s.op).metric == Metric::correctly_rounded) {
        j["ulp_bound"] = spec.bound;
        j["claim_varies_with_input"] = spec.claim_at != nullptr;
        j["bound_source"] = spec.bound_source;
        j["published"] = spec.published.empty() ? json(nullptr) : json(std::string(spec.published));
        j["nan_rule"] = std::string(nan_rule_name(spec.nans));
        j["ftz"] = spec.ftz;
        const std::string verdict = domain_verdict(report, s);
        j["domain_verdict"] = verdict.empty() ? json(nullptr) : json(verdict);
        if (!verdict.empty()) {
            const SweepSummary sweep = sweep_summary(report, s);
            j["sweep"] = {{"patterns", sweep.patterns},
                          {"wrong", sweep.wrong},
                          {"outside_domain", sweep.outside},
                          {"wrong_outside_domain", sweep.wrong_outside},
                          {"domain_is_exact", sweep.domain_is_exact() ? json(*sweep.domain_is_exact()) : json(nullptr)}};
        }
    } else if (op_info(s.op).metric == Metric::componentwise) {
        // The claim in eps * sum |a b|: bound + bound_per_term * k for an entry of k terms.
        j["bound"] = spec.bound;
        j["bound_per_term"] = spec.bound_per_term;
        j["bound_source"] = spec.bound_source;
    } else {
        j["bound_u2"] = op_info(s.op).error_free ? json(0) : optional_u2(spec.bound);
        j["bound_source"] = spec.bound_source;
        j["literature_largest_u2"] = optional_u2(spec.largest_found);
        j["seed_table5_log2"] = spec.seed_log2 != 0 ? json(spec.seed_log2) : json(nullptr);
    }
    return j;
}

// A unit's facts for the JSON report: all it counted, its worst cases and its statistics.
json unit_json(const CampaignReport& report, const ImplSummary& s, const UnitState& u) {
    const Tally& t = u.tally;
    const OpId op = s.op;
    json disagreements = json::array();
    for (const FailureRecord& r : t.disagreements) {
        json j = {{"index", r.index}, {"vector_result", hex64(r.result)}, {"reference_result", hex64(r.expected)}};
        operands_json(j, op, r.input);
        disagreements.push_back(std::move(j));
    }
    json j = {{"impl", u.impl},
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
              {"failure_rate_bound_95",
               t.has_failures() || t.inside() == 0 ? json(nullptr) : json(zero_failure_rate_bound(t.inside()))},
              {"max_error", max_error_json(t)},
              {"categories", categories_json(t)},
              {"histogram", histogram_json(t.error_histogram)},
              {"outside_histogram", histogram_json(t.outside_histogram)},
              {"worst", records_json(op, t.worst)},
              {"outside_worst", records_json(op, t.outside_worst)},
              {"failures_stored", u.failures_stored},
              {"exhaustive", u.exhaustive},
              {"reference_disagreements", t.reference_disagreements},
              {"disagreements", disagreements},
              {"seconds", u.seconds}};
    if (op_info(op).metric == Metric::componentwise) j["error_distribution"] = error_distribution_json(t);
    // A special-values class: every result that differs from what the op's rules state.
    if (holds_special_values(u)) j["special_value_differences"] = records_json(op, t.failures);
    add_statistics_json(t, {report, s, &u}, j);
    return j;
}

// For matrix-product entries, where each class's errors lie, beside how many entries are
// correctly rounded: the largest error alone says nothing of the typical entry.
void error_distribution_table(doc::Document& d, const CampaignReport& report, const ImplSummary& s) {
    doc::Table t("error-distribution",
                 {"class", "entries inside", "correctly rounded", Text("median (" + s.error_unit + ")"),
                  Text("99th percentile (" + s.error_unit + ")"), Text("max (" + s.error_unit + ")")},
                 "lrrllr");
    for (const UnitState& u : report.units) {
        const Tally& tally = u.tally;
        if (u.impl != s.impl || tally.error_histogram.empty()) continue;
        const uint64_t exact = tally.by_category[static_cast<size_t>(Category::exact)];
        t.rows.push_back({Text().code(u.input_class), grouped(tally.inside()),
                          grouped(exact) + " (" + percent_text(exact, tally.inside()) + ")",
                          bin_label(tally.error_histogram.quantile_bin(0.5)),
                          bin_label(tally.error_histogram.quantile_bin(0.99)),
                          tally.worst.empty() ? "-" : error_text(tally.max_error())});
        t.row_class.push_back("");
    }
    if (t.rows.empty()) return;
    d.paragraph("How the errors of " + s.impl + "'s entries are spread, class by class: the log2 bins that hold the "
                "median and the 99th percentile, the largest error, and the entries that are correctly rounded.");
    d.table(std::move(t));
}

void verdict_table(doc::Document& d, const CampaignReport& report) {
    d.data()["impls"] = json::array();
    for (const ImplSummary& s : report.impls) d.data()["impls"].push_back(impl_json(report, s));
    d.heading(2, "Verdict");
    doc::Table t("verdict", {"impl", "claim", "inputs", "inside domain", "failed", "failure rate", "max error", "verdict"}, "llrrrrrl");
    for (const ImplSummary& s : report.impls) {
        t.rows.push_back({Text().code(s.impl), Text(s.info ? std::string(s.info->spec.claim) : ""), grouped(s.tested),
                          grouped(s.inside), grouped(s.failed), percent_text(s.failed, s.inside),
                          s.merged.worst.empty() ? "-" : error_text(s.merged.max_error()) + " " + s.error_unit,
                          verdict_text(s)});
        t.row_class.push_back(s.failed ? "fail" : "");
    }
    d.table(std::move(t));
}

void float_float_section(doc::Document& d, const CampaignReport& report) {
    d.heading(2, "Float-float accuracy");
    d.paragraph(
        "Relative errors in units of u^2 = 2^-48 (u = 2^-24), and as log2 of the relative error. \"Inside\" is the "
        "declared domain (finite normalised operands, high parts in [2^-30, 2^30], exact result 0 or in [2^-60, "
        "2^62], plus each impl's own condition): a result above a proven bound there is a failure.");
    doc::Table t("ff-bounds", {"impl", "proven bound", "source", "largest found in the literature", "seed Table 5 (log2)",
                          "measured max inside", "log2", "inputs inside", "failures", "reached by"}, "lrlrrrrrrl");
    std::vector<svg::BoundRow> plotted;
    for (const ImplSummary& s : report.impls) {
        if (op_info(s.op).metric != Metric::relative_u2 || s.info == nullptr) continue;
        const ImplSpec& a = s.info->spec;
        const bool measured = !s.merged.worst.empty();
        Text reached;
        if (measured && s.merged.max_error() > 0) {
            reached.code(s.worst_class)
                .plain(" #" + std::to_string(s.merged.worst.front().index) + ": " +
                       operands_text(s.op, s.merged.worst.front().input));
        }
        t.rows.push_back({Text().code(s.impl), op_info(s.op).error_free ? "exact" : u2_text(a.bound),
                          std::string(a.bound_source), u2_text(a.largest_found),
                          a.seed_log2 != 0 ? error_text(a.seed_log2) : "-",
                          measured ? error_text(s.merged.max_error()) : "-",
                          measured ? log2_text(s.merged.max_error()) : "-", grouped(s.inside), grouped(s.failed),
                          reached});
        t.row_class.push_back(s.failed ? "fail" : "");
        plotted.push_back({s.impl, measured ? s.merged.max_error() : -1, op_info(s.op).error_free ? 0 : a.bound,
                           op_info(s.op).error_free});
    }
    d.table(std::move(t));
    d.plot(svg::bounds(plotted));

    d.heading(3, "Outside the domains");
    d.paragraph(
        "Underflow, overflow and special operands: what the algorithms return where no bound applies (infinite "
        "error: a NaN or an infinity came out, or went in).");
    doc::Table o("ff-outside", {"impl", "inputs outside", "not exact (error > 0)", "non-finite results or operands",
                          "max finite error (u^2)", "FTZ changed the exact answer", "worst finite case"}, "lrrrrrl");
    for (const ImplSummary& s : report.impls) {
        if (op_info(s.op).metric != Metric::relative_u2 || s.outside == 0) continue;
        uint64_t infinite = 0, zero = 0;
        s.merged.outside_histogram.for_each([&](int bin, uint64_t count) {
            if (bin == kBinInfiniteError) infinite += count;
            if (bin == kBinZeroError) zero += count;
        });
        const FailureRecord* worst = s.merged.outside_worst.empty() ? nullptr : &s.merged.outside_worst.front();
        o.rows.push_back({Text().code(s.impl), grouped(s.outside), grouped(s.outside - zero), grouped(infinite),
                          worst != nullptr ? error_text(worst->error) : "-",
                          s.info != nullptr && s.info->spec.ftz ? grouped(s.merged.ftz_changed.count) : "-",
                          worst != nullptr ? operands_text(s.op, worst->input) + " -> " + result_text(s.op, worst->result)
                                           : ""});
    }
    d.table(std::move(o));
}

void exhaustive_unit(doc::Document& d, const CampaignReport& report, const ImplSummary& s, const UnitState& u) {
    const Tally& t = u.tally;
    const uint64_t wrong = t.wrong_by_binade.total();
    d.list({Text().code(u.input_class).plain(": " + grouped(t.tested) + " of " + grouped(u.size()) +
                                             " bit patterns judged, each once" +
                                             (t.tested == u.size() ? " (complete)" : " (incomplete)") + "; " +
                                             grouped(wrong) + " wrong.")});
    if (wrong == 0) return;
    add_statistics_blocks(t, {report, s, &u}, d);
    if (!t.outside_worst.empty()) {
        // What the impl returns where it is not meant to work: its largest finite errors there.
        const OpId op = op_named(u.op);
        d.paragraph("Largest finite errors outside the documented domain:");
        std::vector<Text> worst;
        for (size_t i = 0; i < std::min<size_t>(3, t.outside_worst.size()); ++i) {
            const FailureRecord& r = t.outside_worst[i];
            worst.push_back(Text(operands_text(op, r.input) + " -> " + result_text(op, r.result) + " instead of " +
                                 expected_text(op, r.expected) + ": " + error_text(r.error) + " ulp"));
        }
        d.list(std::move(worst));
    }
}

void binary32_section(doc::Document& d, const CampaignReport& report) {
    d.heading(2, "Binary32 functions and conversions");
    d.paragraph(
        "NVIDIA states its bounds as the distance between the returned and the correctly rounded result, in ulps "
        "(representable numbers): that is what decides a failure here. The error in ulps of the exact value, "
        "fpverify's finer measure, is shown next to it (binary32 ulps; binary64 ulps for binary64 results). Impls "
        "built with -ftz=true are judged against the flush-to-zero reference (subnormal operands read as zeros, "
        "subnormal results flushed); \"FTZ changed\" counts the inputs whose flushed answer differs from the IEEE "
        "one. NVIDIA states its bounds come from extensive tests, not proofs.");
    doc::Table t("binary32", {"impl", "documented bound (ulp)", "source",
                          "measured max distance to the correctly rounded result (ulp)",
                          "measured max error (ulp of the exact value)", "claim", "published measurement", "inputs",
                          "failures", "FTZ changed", "domain", "worst input"}, "lrlrrllrrrll");
    for (const ImplSummary& s : report.impls) {
        if (!binary32_section_op(s.op) || s.info == nullptr) continue;
        const ImplSpec& spec = s.info->spec;
        const std::string verdict = domain_verdict(report, s);
        const uint64_t steps = s.merged.step_counts.max_steps();
        // Distances in representable numbers are counted in binary32 results only.
        const std::string distance = op_info(s.op).result != Format::binary32 || s.inside == 0 ? "-"
                                     : steps + 1 == UlpSteps::kBuckets                         ? "> 64"
                                                                                                : std::to_string(steps);
        Text domain(spec.in_domain != nullptr ? std::string(spec.domain) : "all");
        if (spec.in_domain != nullptr && !verdict.empty()) domain.plain(": ").strong(verdict);
        // A claim that varies with the input is shown in words (CUDA's intrinsics).
        const Text bound = spec.claim_at != nullptr ? Text(std::string(spec.claim)) : Text(error_text(spec.bound));
        t.rows.push_back({Text().code(s.impl), bound, std::string(spec.bound_source), distance,
                          s.inside == 0 ? "-" : s.merged.worst.empty() ? "0" : error_text(s.merged.max_error()),
                          s.failed != 0 ? Text().strong("fails") : Text(s.inside == 0 ? "untested" : "holds"),
                          spec.published.empty() ? "-" : std::string(spec.published),
                          grouped(s.tested), grouped(s.failed), grouped(s.merged.ftz_changed.count), domain,
                          worst_input(s.op, s.merged)});
        t.row_class.push_back(s.failed ? "fail" : "");
    }
    d.table(std::move(t));
    for (const ImplSummary& s : report.impls) {
        if (!binary32_section_op(s.op)) continue;
        bool any = false;
        for (const UnitState& u : report.units) any = any || (u.impl == s.impl && u.exhaustive);
        if (!any) continue;
        d.heading(3, Text("Exhaustive: ").code(s.impl));
        const std::string verdict = domain_verdict(report, s);
        if (!verdict.empty()) {
            const SweepSummary sweep = sweep_summary(report, s);
            Text p = Text("Documented domain " + std::string(s.info->spec.domain) + ": ")
                         .strong(verdict)
                         .plain(" (" + grouped(s.failed) + " wrong inside it, " + grouped(sweep.wrong_outside) + " of " +
                                grouped(sweep.outside) + " swept inputs outside it wrong). ");
            if (!sweep.domain_is_exact()) {
                p.plain("No swept input lies outside the domain, so whether a larger one would do is not tested.");
            } else if (*sweep.domain_is_exact()) {
                p.plain("Every swept input outside the domain is wrong and none inside it: the documented domain is "
                        "exactly the set where this impl is right.");
            } else if (s.failed == 0) {
                p.plain("Some inputs outside the domain are right too: the documented domain is safe but not the "
                        "largest one.");
            }
            d.paragraph(p.plain(" The runs below list every wrong input."));
        }
        for (const UnitState& u : report.units) {
            if (u.impl == s.impl && u.exhaustive) exhaustive_unit(d, report, s, u);
        }
    }
}

// Every result that differs from what an op's special-value rules state (C99 Annex F for the
// math functions), impl by impl, from the units of special-values classes: one table to diff
// from one version of a library to the next.
void special_values_section(doc::Document& d, const CampaignReport& report) {
    d.heading(2, "Special values (C99 Annex F)");
    d.paragraph(
        "The special-values classes hold the points where C99 Annex F (F.9; C23's F.10 for sinpi, cospi and "
        "exp10) states each function's result: signed zeros, infinities, NaNs, +-1 and the functions' "
        "thresholds, alone or in every pair. A result there fails where it is not the correctly rounded value "
        "within the impl's bound, where a zero has the wrong sign, or where Annex F states a value that is a "
        "binary32 number (exp(+-0) = 1, pow(x, +-0) = 1, tanh(+-inf) = +-1) and the impl returns another, whatever "
        "its bound. Every such result is listed below; an impl without rows agrees at every point.");
    doc::Table summary("special_values", {"impl", "class", "points judged", "results that differ", "listed"}, "llrrr");
    doc::Table differences("special_value_differences",
                           {"impl", "input", "stated (correctly rounded)", "returned", "what differs"}, "lllll");
    for (const UnitState& u : report.units) {
        if (!holds_special_values(u)) continue;
        const OpId op = op_named(u.op);
        const uint64_t differing = u.tally.failed();
        summary.rows.push_back({Text().code(u.impl), Text().code(u.input_class), grouped(u.tally.tested),
                                grouped(differing), grouped(u.tally.failures.size())});
        summary.row_class.push_back(differing != 0 ? "fail" : "");
        for (const FailureRecord& r : u.tally.failures) {
            differences.rows.push_back({Text().code(u.impl), Text().code(operands_text(op, r.input)),
                                        Text().code(expected_text(op, r.expected)),
                                        Text().code(result_text(op, r.result)), std::string(category_name(r.category))});
            differences.row_class.push_back("fail");
        }
    }
    d.table(std::move(summary));
    if (!differences.rows.empty()) d.table(std::move(differences));
}

void impl_section(doc::Document& d, const CampaignReport& report, const ImplSummary& s) {
    d.heading(2, Text().code(s.impl));
    if (s.info != nullptr) {
        d.paragraph(std::string(s.info->spec.summary) + ". Domain: " + std::string(s.info->spec.domain) +
                    ". Claim: " + std::string(s.info->spec.claim) + ".");
    }
    doc::Table t("units", {"class", "tested", "passed", "failed", "failure rate", "95 % bound",
                          Text("max error (" + s.error_unit + ")"), "outside domain", "worst input"}, "lrrrrrrrl");
    std::vector<svg::RateRow> rates;
    json& units = d.data()["units"];
    for (size_t i = 0; i < report.units.size(); ++i) {
        const UnitState& u = report.units[i];
        if (u.impl != s.impl) continue;
        units[i] = unit_json(report, s, u);
        const Tally& tally = u.tally;
        t.rows.push_back({Text().code(u.input_class),
                          grouped(tally.tested) + (tally.tested < u.size() ? " of " + grouped(u.size()) : ""),
                          grouped(tally.passed()), grouped(tally.failed()), percent_text(tally.failed(), tally.inside()),
                          rate_bound_text(tally.inside(), tally.has_failures()),
                          tally.worst.empty() ? "-" : error_text(tally.max_error()), grouped(tally.outside()),
                          worst_input(s.op, tally)});
        t.row_class.push_back(tally.failed() ? "fail" : "");
        rates.push_back({u.input_class, tally.failed(), tally.inside()});
    }
    d.table(std::move(t));
    d.plot(svg::failure_rates(rates, "failure rate of " + s.impl + " per class"));
    if (op_info(s.op).metric == Metric::componentwise) error_distribution_table(d, report, s);
    if (s.failed != 0) {
        d.paragraph("Failures by category:");
        doc::Table c("categories", {"category", "count"}, "lr");
        for (int i = 0; i < kCategoryCount; ++i) {
            if (s.merged.by_category[i] == 0 || !is_failure(static_cast<Category>(i))) continue;
            c.rows.push_back({std::string(category_name(static_cast<Category>(i))), grouped(s.merged.by_category[i])});
        }
        d.table(std::move(c));
    }
    if (!s.merged.worst.empty()) {
        d.paragraph("Worst inputs inside the domain:");
        std::vector<Text> worst;
        for (const UnitState& u : report.units) {
            if (u.impl != s.impl || u.tally.worst.empty()) continue;
            const FailureRecord& w = u.tally.worst.front();
            worst.push_back(Text()
                                .code(u.input_class)
                                .plain(" #" + std::to_string(w.index) + ": " + record_line(s.op, w, s.error_unit)));
        }
        d.numbered(std::move(worst));
    }
    add_statistics_blocks(s.merged, {report, s}, d);
    if (!s.merged.worst.empty()) {
        const std::string title =
            "Error histogram inside the domain (" + s.error_unit + ", log2 bins; " +
            (op_info(s.op).metric != Metric::correctly_rounded ? "every result" : "results other than the correctly rounded one") +
            "):";
        d.paragraph(title);
        d.plot(svg::error_histogram(s.merged.error_histogram, s.error_unit, "errors of " + s.impl + " inside the domain"),
               histogram_text(s.merged.error_histogram));
    }
    if (!s.merged.outside_histogram.empty()) {
        d.paragraph("Error histogram outside the domain (" + s.error_unit + "):");
        d.plot(svg::error_histogram(s.merged.outside_histogram, s.error_unit, "errors of " + s.impl + " outside the domain"),
               histogram_text(s.merged.outside_histogram));
    }
}

void disagreements_section(doc::Document& d, const CampaignReport& report) {
    bool any = false;
    for (const UnitState& u : report.units) any |= u.tally.reference_disagreements != 0;
    if (!any) return;
    d.heading(2, "References that disagree with MPFR");
    const std::string reference = std::string(reference_mode_name(report.campaign.spec.reference)) + " reference";
    d.paragraph("Expected results from a vector file, or from the " + reference +
                " on the sample MPFR recomputes, that differ from MPFR's: either that source or MPFR is wrong. The "
                "verdicts above use MPFR's answers.");
    std::vector<Text> items;
    for (const UnitState& u : report.units) {
        const bool file = !u.digest.empty();
        const OpId op = op_named(u.op);
        // Float-float verdicts disagree on the error (binary64 bits of the u^2 value).
        const bool errors = !file && op_info(op).metric == Metric::relative_u2;
        const auto answer = [&](uint64_t bits) { return errors ? "error " + error_text(double_of(bits)) + " u^2" : hex64(bits); };
        // A math function's twin sends what it decided of a result: correctly rounded, or within
        // its bound with the error it measured.
        const bool twin = !file && op_info(op).has_binary64_twin && report.campaign.spec.reference == ReferenceMode::exact;
        const std::string source = file ? "file says " : twin ? "the GPU's binary64 twin accepted " : reference + " says ";
        for (const FailureRecord& r : u.tally.disagreements) {
            items.push_back(Text()
                                .code(u.impl)
                                .plain(" x ")
                                .code(u.input_class)
                                .plain((file ? " line " : " input #") + std::to_string(file ? r.index + 1 : r.index) + ": ")
                                .code(operands_text(op, r.input))
                                .plain(": " + source)
                                .code(answer(r.result))
                                .plain(", MPFR says ")
                                .code(answer(r.expected)));
        }
    }
    d.list(std::move(items));
}

doc::Document report_document(const CampaignReport& report) {
    doc::Document d;
    d.data()["units"] = json::array();
    header(d, report);
    verdict_table(d, report);
    if (report.has_float_float) float_float_section(d, report);
    if (report.has_binary32) binary32_section(d, report);
    if (report.has_special_values) special_values_section(d, report);
    error_against_section(d, report);
    for (const ImplSummary& s : report.impls) impl_section(d, report, s);
    disagreements_section(d, report);
    return d;
}

}  // namespace

std::string render_markdown(const CampaignReport& report) { return doc::to_markdown(report_document(report)); }

std::string render_json(const CampaignReport& report) { return doc::to_json(report_document(report)); }

std::string render_html(const CampaignReport& report) {
    return doc::to_html(report_document(report), "fpverify campaign " + std::to_string(report.campaign.id) + " (" +
                                                     report.campaign.spec.name + ")");
}

}  // namespace fpv
