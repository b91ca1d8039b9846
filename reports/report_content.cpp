// What a campaign report says, as one document that the Markdown and HTML reports render: the
// verdict per impl, the float-float accuracy table, the binary32 section, per-class tables,
// failure categories, worst inputs, failure maps, histograms, what happens outside the domains,
// and references that disagree. The HTML report adds plots (reports/svg_plot.h).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ops/catalogue.h"
#include "reports/report_document.h"
#include "reports/campaign_report.h"
#include "reports/svg_plot.h"

namespace fpv {
namespace {

using doc::Text;

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
                             "; exact fixed-point sums for float-float ops; MPFR recomputing 1 input in 1024 and "
                             "winning any disagreement)"));
    }
    if (c.spec.reference == ReferenceMode::exact) {
        facts.push_back(Text(
            "Reference: exact (results an op's integer check proves correctly rounded count as exact; MPFR judges every "
            "other result, re-judges 1 certified input in 4096 and wins any disagreement; float-float ops by exact "
            "fixed-point sums, MPFR recomputing every failure, the candidates for the worst cases, 1 input in 4096 and "
            "1 operand pair in 1024)"));
    }
    facts.push_back(Text("Command: ").code(c.spec.command_line));
    d.list(std::move(facts));
    d.paragraph(
        "Correctly rounded ops are judged against MPFR's correctly rounded result: a result fails unless it is "
        "bit-identical (any NaN matches any NaN). Float-float ops are judged by their relative error, computed by "
        "MPFR from the exact terms, against each impl's proven bound.");
}

void verdict_table(doc::Document& d, const CampaignReport& report) {
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
                          s.info != nullptr && s.info->spec.ftz ? grouped(s.merged.ftz_changed) : "-",
                          worst != nullptr ? operands_text(s.op, worst->input) + " -> " + result_text(s.op, worst->result)
                                           : ""});
    }
    d.table(std::move(o));
}

void exhaustive_unit(doc::Document& d, const UnitState& u, size_t runs_kept) {
    const Tally& t = u.tally;
    uint64_t wrong = 0;
    wrong += t.wrong_by_binade.total();
    Text line = Text().code(u.input_class).plain(
        ": " + grouped(t.tested) + " of " + grouped(u.size()) + " bit patterns judged, each once" +
        (t.tested == u.size() ? " (complete)" : " (incomplete)") + "; " + grouped(wrong) + " wrong");
    if (wrong == 0) {
        d.list({line.plain(".")});
        return;
    }
    std::vector<Text> runs;
    if (t.wrong_runs.overflow) {
        line.plain(", in more than " + grouped(runs_kept) + " maximal runs (too many to keep); by binade below.");
    } else {
        line.plain(", in " + grouped(t.wrong_runs.runs.size()) + " maximal run" + (t.wrong_runs.runs.size() == 1 ? "" : "s") +
                   " of bit patterns:");
        for (const WrongRun& r : t.wrong_runs.runs) {
            if (runs.size() == 24) {
                runs.push_back(Text("... " + grouped(t.wrong_runs.runs.size() - 24) + " more (all in the JSON report)"));
                break;
            }
            runs.push_back(Text(bits32_text(r.first) + " to " + bits32_text(r.last) + ": " +
                                grouped(static_cast<uint64_t>(r.last) - r.first + 1)));
        }
    }
    d.list({line});
    if (!runs.empty()) d.list(std::move(runs), 1);
    std::string binades = "Wrong inputs by binade (sign, exponent field: count): ";
    bool first = true;
    for (size_t i = 0; i < t.wrong_by_binade.counts.size(); ++i) {
        if (t.wrong_by_binade.counts[i] == 0) continue;
        binades += (first ? "" : "; ") + std::string((i >> 8) ? "-" : "+") + std::to_string(i & 255) + ": " +
                   grouped(t.wrong_by_binade.counts[i]);
        first = false;
    }
    d.paragraph(binades);
    d.plot(svg::wrong_binades(t.wrong_by_binade.counts, "wrong inputs of " + u.impl + " x " + u.input_class + " by binade"));
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
                          "measured max error (ulp of the exact value)", "inputs", "failures", "FTZ changed", "domain",
                          "worst input"}, "lrlrrrrrll");
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
        t.rows.push_back({Text().code(s.impl), error_text(spec.bound), std::string(spec.bound_source), distance,
                          s.inside == 0 ? "-" : s.merged.worst.empty() ? "0" : error_text(s.merged.max_error()),
                          grouped(s.tested), grouped(s.failed), grouped(s.merged.ftz_changed), domain,
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
            if (sweep.domain_is_exact()) {
                p.plain("Every swept input outside the domain is wrong and none inside it: the documented domain is "
                        "exactly the set where this impl is right.");
            } else if (s.failed == 0) {
                p.plain("Some inputs outside the domain are right too: the documented domain is safe but not the "
                        "largest one.");
            }
            d.paragraph(p.plain(" The runs below list every wrong input."));
        }
        for (const UnitState& u : report.units) {
            if (u.impl == s.impl && u.exhaustive) exhaustive_unit(d, u, report.campaign.spec.limits.runs_kept);
        }
    }
}

// The failure map: where failures concentrate (the cells with most failures, in every format)
// and the heat map (HTML).
void failure_map_section(doc::Document& d, const ImplSummary& s) {
    const FailureMap& map = s.merged.map;
    if (map.empty()) return;
    const OpInfo& op = op_info(s.op);
    const MapLayout layout = map_layout(op);
    d.heading(3, Text("Failure map of ").code(s.impl));
    Text intro("Inputs inside the domain over a 32 x 32 grid: rows " + axis_title(layout.rows, op) + ", columns " +
               axis_title(layout.cols, op) + "; " + grouped(map.total_tested()) + " tested, " +
               grouped(map.total_failed()) + " failed.");
    if (s.map_partial) {
        intro.plain(" Partial: some units began before failure maps were recorded (schema 7), so the map counts "
                    "only the inputs judged since.");
    }
    d.paragraph(intro);
    d.plot(svg::failure_map(map, op, "failure map of " + s.impl));
    if (map.total_failed() == 0) return;
    std::vector<int> cells;
    for (int i = 0; i < kMapCells; ++i) {
        if (map.failed[static_cast<size_t>(i)] != 0) cells.push_back(i);
    }
    std::stable_sort(cells.begin(), cells.end(), [&](int a, int b) {
        return map.failed[static_cast<size_t>(a)] > map.failed[static_cast<size_t>(b)];
    });
    doc::Table t("failure-map-cells", {Text("row: " + axis_title(layout.rows, op)), Text("column: " + axis_title(layout.cols, op)),
                          "tested", "failed", "failure rate"}, "llrrr");
    for (size_t k = 0; k < std::min<size_t>(cells.size(), 10); ++k) {
        const size_t i = static_cast<size_t>(cells[k]);
        t.rows.push_back({bucket_label(layout.rows, cells[k] / kMapSide), bucket_label(layout.cols, cells[k] % kMapSide),
                          grouped(map.tested[i]), grouped(map.failed[i]), percent_text(map.failed[i], map.tested[i])});
    }
    d.paragraph("The cells with the most failures (" + std::to_string(cells.size()) + " of " +
                std::to_string(kMapCells) + " cells have any; every cell is in the JSON report):");
    d.table(std::move(t));
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
    for (const UnitState& u : report.units) {
        if (u.impl != s.impl) continue;
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
    failure_map_section(d, s);
    if (!s.merged.worst.empty()) {
        const std::string title =
            "Error histogram inside the domain (" + s.error_unit + ", log2 bins; " +
            (op_info(s.op).metric == Metric::relative_u2 ? "every result" : "results other than the correctly rounded one") +
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
        for (const FailureRecord& r : u.tally.disagreements) {
            items.push_back(Text()
                                .code(u.impl)
                                .plain(" x ")
                                .code(u.input_class)
                                .plain((file ? " line " : " input #") + std::to_string(file ? r.index + 1 : r.index) + ": ")
                                .code(operands_text(op, r.input))
                                .plain(": " + (file ? std::string("file") : reference) + " says ")
                                .code(answer(r.result))
                                .plain(", MPFR says ")
                                .code(answer(r.expected)));
        }
    }
    d.list(std::move(items));
}

doc::Document report_document(const CampaignReport& report) {
    doc::Document d;
    header(d, report);
    verdict_table(d, report);
    if (report.has_float_float) float_float_section(d, report);
    if (report.has_binary32) binary32_section(d, report);
    for (const ImplSummary& s : report.impls) impl_section(d, report, s);
    disagreements_section(d, report);
    return d;
}

}  // namespace

std::string render_markdown(const CampaignReport& report) { return doc::to_markdown(report_document(report)); }

std::string render_html(const CampaignReport& report) {
    return doc::to_html(report_document(report), "fpverify campaign " + std::to_string(report.campaign.id) + " (" +
                                                     report.campaign.spec.name + ")");
}

}  // namespace fpv
