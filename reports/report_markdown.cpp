// The Markdown report: the verdict per impl, the float-float accuracy table, per-class tables,
// worst inputs, what happens outside the domains, and text histograms.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "ops/catalogue.h"
#include "reports/report_model.h"

namespace fpv {
namespace {

std::string code(const std::string& s) { return markdown_code(s); }

std::string verdict_text(const ImplSummary& s) {
    if (s.tested == 0) return "not run";
    if (s.inside == 0) return "every input outside its domain";
    if (s.failed == 0) return "no failure in " + grouped(s.inside) + " inputs";
    return "**FAILS**: " + grouped(s.failed) + " wrong results";
}

std::string record_line(OpId op, const FailureRecord& r, const std::string& unit) {
    return operands_text(op, r.input) + ": got " + result_text(op, r.result) + ", expected " +
           expected_text(op, r.expected) + "; error " + error_text(r.error) + " " + unit + ", " +
           std::string(category_name(r.category));
}

void histogram(std::ostringstream& o, const Histogram& bins) {
    uint64_t most = 0;
    bins.for_each([&](int, uint64_t count) { most = std::max(most, count); });
    o << "```\n";
    bins.for_each([&](int bin, uint64_t count) {
        const int width = most == 0 ? 0 : static_cast<int>(std::ceil(40.0 * count / most));
        char label[48];
        std::snprintf(label, sizeof label, "%-18s", bin_label(bin).c_str());
        o << label << " " << std::string(static_cast<size_t>(width), '#') << " " << grouped(count) << "\n";
    });
    o << "```\n\n";
}

void float_float_table(std::ostringstream& o, const CampaignReport& report) {
    o << "## Float-float accuracy\n\n"
         "Relative errors in units of u^2 = 2^-48 (u = 2^-24), and as log2 of the relative error. "
         "\"Inside\" is the declared domain (finite normalised operands, high parts in [2^-30, 2^30], "
         "exact result 0 or in [2^-60, 2^62], plus each impl's own condition): a result above a "
         "proven bound there is a failure.\n\n";
    o << "| impl | proven bound | source | largest found in the literature | seed Table 5 (log2) | "
         "measured max inside | log2 | inputs inside | failures | reached by |\n";
    o << "|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n";
    for (const ImplSummary& s : report.impls) {
        if (op_info(s.op).metric != Metric::relative_u2 || s.info == nullptr) continue;
        const ImplSpec& a = s.info->spec;
        const bool measured = !s.merged.worst.empty();
        o << "| " << code(s.impl) << " | " << (op_info(s.op).error_free ? "exact" : u2_text(a.bound))
          << " | " << a.bound_source << " | " << u2_text(a.largest_found) << " | "
          << (a.seed_log2 != 0 ? error_text(a.seed_log2) : "-") << " | "
          << (measured ? error_text(s.merged.max_error()) : "-") << " | "
          << (measured ? log2_text(s.merged.max_error()) : "-") << " | " << grouped(s.inside) << " | "
          << grouped(s.failed) << " | ";
        if (measured && s.merged.max_error() > 0) {
            o << code(s.worst_class) << " #" << s.merged.worst.front().index << ": "
              << operands_text(s.op, s.merged.worst.front().input);
        }
        o << " |\n";
    }
    o << "\n### Outside the domains\n\n"
         "Underflow, overflow and special operands: what the algorithms return where no bound "
         "applies (infinite error: a NaN or an infinity came out, or went in).\n\n";
    o << "| impl | inputs outside | not exact (error > 0) | non-finite results or operands | "
         "max finite error (u^2) | FTZ changed the exact answer | worst finite case |\n"
         "|---|---:|---:|---:|---:|---:|---|\n";
    for (const ImplSummary& s : report.impls) {
        if (op_info(s.op).metric != Metric::relative_u2 || s.outside == 0) continue;
        uint64_t infinite = 0, zero = 0;
        double max_finite = -1;
        s.merged.outside_histogram.for_each([&](int bin, uint64_t count) {
            if (bin == kBinInfiniteError) infinite += count;
            if (bin == kBinZeroError) zero += count;
        });
        const FailureRecord* worst_finite =
            s.merged.outside_worst.empty() ? nullptr : &s.merged.outside_worst.front();
        if (worst_finite != nullptr) max_finite = worst_finite->error;
        o << "| " << code(s.impl) << " | " << grouped(s.outside) << " | " << grouped(s.outside - zero) << " | "
          << grouped(infinite) << " | " << (max_finite >= 0 ? error_text(max_finite) : "-") << " | "
          << (s.info != nullptr && s.info->spec.ftz ? grouped(s.merged.ftz_changed) : "-") << " | "
          << (worst_finite != nullptr ? operands_text(s.op, worst_finite->input) + " -> " +
                                            result_text(s.op, worst_finite->result)
                                      : "") << " |\n";
    }
    o << "\n";
}

void exhaustive_unit(std::ostringstream& o, const UnitState& u, size_t runs_kept) {
    const Tally& t = u.tally;
    uint64_t wrong = 0;
    for (uint64_t c : t.wrong_by_binade) wrong += c;
    o << "- " << code(u.input_class) << ": " << grouped(t.tested) << " of " << grouped(u.size())
      << " bit patterns judged, each once" << (t.tested == u.size() ? " (complete)" : " (incomplete)")
      << "; " << grouped(wrong) << " wrong";
    if (wrong == 0) {
        o << ".\n";
        return;
    }
    if (t.wrong_runs_overflow) {
        o << ", in more than " << grouped(runs_kept) << " maximal runs (too many to keep); by binade below.\n";
    } else {
        o << ", in " << grouped(t.wrong_runs.size()) << " maximal run" << (t.wrong_runs.size() == 1 ? "" : "s")
          << " of bit patterns:\n";
        size_t shown = 0;
        for (const WrongRun& r : t.wrong_runs) {
            if (++shown > 24) {
                o << "  - ... " << grouped(t.wrong_runs.size() - 24) << " more (all in the JSON report)\n";
                break;
            }
            o << "  - " << bits32_text(r.first) << " to " << bits32_text(r.last) << ": "
              << grouped(static_cast<uint64_t>(r.last) - r.first + 1) << "\n";
        }
    }
    o << "\n  Wrong inputs by binade (sign, exponent field: count): ";
    bool first = true;
    for (size_t i = 0; i < t.wrong_by_binade.size(); ++i) {
        if (t.wrong_by_binade[i] == 0) continue;
        o << (first ? "" : "; ") << ((i >> 8) ? "-" : "+") << (i & 255) << ": " << grouped(t.wrong_by_binade[i]);
        first = false;
    }
    o << "\n";
    if (!t.outside_worst.empty()) {
        // What the impl returns where it is not meant to work: its largest finite errors there.
        const OpId op = op_named(u.op);
        o << "\n  Largest finite errors outside the documented domain:\n";
        for (size_t i = 0; i < std::min<size_t>(3, t.outside_worst.size()); ++i) {
            const FailureRecord& r = t.outside_worst[i];
            o << "  - " << operands_text(op, r.input) << " -> " << result_text(op, r.result) << " instead of "
              << expected_text(op, r.expected) << ": " << error_text(r.error) << " ulp\n";
        }
    }
}

void binary32_section(std::ostringstream& o, const CampaignReport& report) {
    o << "## Binary32 functions and conversions\n\n"
         "NVIDIA states its bounds as the distance between the returned and the correctly rounded "
         "result, in ulps (representable numbers): that is what decides a failure here. The error in "
         "ulps of the exact value, fpverify's finer measure, is shown next to it (binary32 ulps; "
         "binary64 ulps for binary64 results). "
         "Impls built with -ftz=true are judged against the flush-to-zero reference (subnormal "
         "operands read as zeros, subnormal results flushed); \"FTZ changed\" counts the inputs "
         "whose flushed answer differs from the IEEE one. NVIDIA states its bounds come from "
         "extensive tests, not proofs.\n\n";
    o << "| impl | documented bound (ulp) | source | measured max distance to the correctly rounded result "
         "(ulp) | measured max error (ulp of the exact value) | inputs | failures | FTZ changed | domain | "
         "worst input |\n|---|---:|---|---:|---:|---:|---:|---:|---|---|\n";
    for (const ImplSummary& s : report.impls) {
        if (!binary32_section_op(s.op) || s.info == nullptr) continue;
        const ImplSpec& spec = s.info->spec;
        const std::string verdict = domain_verdict(report, s);
        const uint64_t steps = s.merged.max_steps();
        // Distances in representable numbers are counted in binary32 results only.
        const std::string distance = op_info(s.op).result != Format::binary32 || s.inside == 0 ? "-"
                                     : steps + 1 == Tally::kStepBuckets ? "> 64"
                                                                        : std::to_string(steps);
        o << "| " << code(s.impl) << " | " << error_text(spec.bound) << " | " << spec.bound_source
          << " | " << distance << " | "
          << (s.inside == 0 ? "-" : s.merged.worst.empty() ? "0" : error_text(s.merged.max_error())) << " | "
          << grouped(s.tested) << " | " << grouped(s.failed) << " | " << grouped(s.merged.ftz_changed)
          << " | " << (spec.in_domain != nullptr ? markdown_cell(spec.domain) + (verdict.empty() ? "" : ": **" + verdict + "**") : "all")
          << " | ";
        if (!s.merged.worst.empty()) {
            const FailureRecord& w = s.merged.worst.front();
            o << operands_text(s.op, w.input) << " -> " << result_text(s.op, w.result);
        }
        o << " |\n";
    }
    o << "\n";
    for (const ImplSummary& s : report.impls) {
        if (!binary32_section_op(s.op)) continue;
        bool any = false;
        for (const UnitState& u : report.units) any = any || (u.impl == s.impl && u.exhaustive);
        if (!any) continue;
        o << "### Exhaustive: " << code(s.impl) << "\n\n";
        const std::string verdict = domain_verdict(report, s);
        if (!verdict.empty()) {
            const SweepSummary sweep = sweep_summary(report, s);
            o << "Documented domain " << s.info->spec.domain << ": **" << verdict << "** ("
              << grouped(s.failed) << " wrong inside it, " << grouped(sweep.wrong_outside) << " of "
              << grouped(sweep.outside) << " swept inputs outside it wrong). ";
            if (sweep.domain_is_exact()) {
                o << "Every swept input outside the domain is wrong and none inside it: the "
                     "documented domain is exactly the set where this impl is right.";
            } else if (s.failed == 0) {
                o << "Some inputs outside the domain are right too: the documented domain is "
                     "safe but not the largest one.";
            }
            o << " The runs below list every wrong input.\n\n";
        }
        for (const UnitState& u : report.units) {
            if (u.impl == s.impl && u.exhaustive) exhaustive_unit(o, u, report.campaign.spec.limits.runs_kept);
        }
        o << "\n";
    }
}

}  // namespace

std::string render_markdown(const CampaignReport& report) {
    const CampaignRecord& c = report.campaign;
    std::ostringstream o;
    o << "# fpverify report: campaign " << c.id << " (" << markdown_text(c.spec.name) << ")\n\n";
    o << "- Status: " << c.status;
    if (c.status == "finished") o << " at " << c.finished_at;
    o << "; " << grouped(report.tested) << " of " << grouped(report.planned)
      << " inputs judged in " << human_duration(c.elapsed_seconds) << "\n";
    o << "- Started " << c.created_at << " on " << code(c.host) << " with fpverify " << markdown_text(c.version)
      << "; backend " << c.spec.backend << "\n";
    if (!c.notes.empty()) o << "- Ran on: " << markdown_text(c.notes) << "\n";
    if (c.spec.shard_count > 1) {
        o << "- Shard " << c.spec.shard_index << " of " << c.spec.shard_count
          << " (`--shard`): this part of every unit's inputs; `fpverify merge` combines the shards\n";
    }
    if (!c.merged_from.empty()) o << "- Merged from shards: " << markdown_code(c.merged_from) << "\n";
    if (c.status == "paused" || c.status == "running" || c.status == "partial") {
        o << "- Not finished: units advance in rounds, so each has had a comparable share of the inputs; where "
             "nothing failed, the 95 % bound column gives the failure rate the count so far rules out\n";
    }
    if (c.gpu_wait_seconds > 0 || c.host_wait_seconds > 0) {
        char waits[128];
        std::snprintf(waits, sizeof waits, "- GPU idle %.1f s, host idle %.1f s\n", c.gpu_wait_seconds,
                      c.host_wait_seconds);
        o << waits;
    }
    bool any_exhaustive = false;
    for (const UnitState& u : report.units) any_exhaustive = any_exhaustive || u.exhaustive;
    o << "- Seed " << c.spec.seed << ", up to " << grouped(c.spec.count) << " inputs per (impl, class)"
      << (any_exhaustive ? "; exhaustive classes sweep every bit pattern of their set" : "") << "\n";
    if (c.spec.strict_nan) {
        o << "- NaNs: strict (`--strict-nan`): a NaN result must be quiet and follow its impl's declared NaN "
             "rule; a NaN that does not is counted as `wrong_nan`\n";
    }
    if (c.spec.reference == ReferenceMode::fast) {
        std::string host_ops;
        for (const OpInfo& op : all_ops()) {
            if (op.metric == Metric::correctly_rounded && op.has_fast_reference) {
                host_ops += (host_ops.empty() ? "" : ", ") + std::string(op.name);
            }
        }
        o << "- Reference: fast (the host's exact IEEE 754 answers for " << host_ops
          << "; exact fixed-point sums for float-float ops; MPFR recomputing 1 input in 1024 and winning "
             "any disagreement)\n";
    }
    if (c.spec.reference == ReferenceMode::exact) {
        o << "- Reference: exact (results an op's integer check proves correctly rounded count as exact; MPFR "
             "judges every other result, re-judges 1 certified input in 4096 and wins any disagreement; "
             "float-float ops by exact fixed-point sums, MPFR recomputing every failure, the candidates for the "
             "worst cases, 1 input in 4096 and 1 operand pair in 1024)\n";
    }
    o << "- Command: " << code(c.spec.command_line) << "\n\n";
    o << "Correctly rounded ops are judged against MPFR's correctly rounded result: a result fails "
         "unless it is bit-identical (any NaN matches any NaN). Float-float ops are judged by their "
         "relative error, computed by MPFR from the exact terms, against each impl's proven bound.\n\n";

    o << "## Verdict\n\n";
    o << "| impl | claim | inputs | inside domain | failed | failure rate | max error | verdict |\n";
    o << "|---|---|---:|---:|---:|---:|---:|---|\n";
    for (const ImplSummary& s : report.impls) {
        o << "| " << code(s.impl) << " | " << (s.info ? markdown_cell(s.info->spec.claim) : "") << " | "
          << grouped(s.tested) << " | " << grouped(s.inside) << " | " << grouped(s.failed) << " | "
          << percent_text(s.failed, s.inside) << " | "
          << (s.merged.worst.empty() ? "-" : error_text(s.merged.max_error()) + " " + s.error_unit) << " | "
          << verdict_text(s) << " |\n";
    }
    o << "\n";
    if (report.has_float_float) float_float_table(o, report);
    if (report.has_binary32) binary32_section(o, report);

    for (const ImplSummary& s : report.impls) {
        o << "## " << code(s.impl) << "\n\n";
        if (s.info != nullptr) {
            o << s.info->spec.summary << ". Domain: " << s.info->spec.domain << ". Claim: " << s.info->spec.claim
              << ".\n\n";
        }
        o << "| class | tested | passed | failed | failure rate | 95 % bound | max error (" << s.error_unit
          << ") | outside domain | worst input |\n";
        o << "|---|---:|---:|---:|---:|---:|---:|---:|---|\n";
        for (const UnitState& u : report.units) {
            if (u.impl != s.impl) continue;
            const Tally& t = u.tally;
            o << "| " << code(u.input_class) << " | " << grouped(t.tested);
            if (t.tested < u.size()) o << " of " << grouped(u.size());
            o << " | " << grouped(t.passed()) << " | " << grouped(t.failed()) << " | "
              << percent_text(t.failed(), t.inside()) << " | " << rate_bound_text(t.inside(), t.has_failures()) << " | "
              << (t.worst.empty() ? "-" : error_text(t.max_error())) << " | " << grouped(t.outside()) << " | ";
            if (!t.worst.empty()) {
                const FailureRecord& w = t.worst.front();
                o << operands_text(s.op, w.input) << " -> " << result_text(s.op, w.result);
            }
            o << " |\n";
        }
        o << "\n";
        if (s.failed != 0) {
            o << "Failures by category:\n\n| category | count |\n|---|---:|\n";
            for (int i = 0; i < kCategoryCount; ++i) {
                if (s.merged.by_category[i] == 0 || !is_failure(static_cast<Category>(i))) continue;
                o << "| " << category_name(static_cast<Category>(i)) << " | " << grouped(s.merged.by_category[i]) << " |\n";
            }
            o << "\n";
        }
        if (!s.merged.worst.empty()) {
            o << "Worst inputs inside the domain:\n\n";
            int shown = 0;
            for (const UnitState& u : report.units) {
                if (u.impl != s.impl || u.tally.worst.empty()) continue;
                const FailureRecord& w = u.tally.worst.front();
                o << ++shown << ". " << code(u.input_class) << " #" << w.index << ": "
                  << record_line(s.op, w, s.error_unit) << "\n";
            }
            o << "\nError histogram inside the domain (" << s.error_unit << ", log2 bins; "
              << (op_info(s.op).metric == Metric::relative_u2 ? "every result" : "results other than the correctly rounded one")
              << "):\n\n";
            histogram(o, s.merged.error_histogram);
        }
        if (!s.merged.outside_histogram.empty()) {
            o << "Error histogram outside the domain (" << s.error_unit << "):\n\n";
            histogram(o, s.merged.outside_histogram);
        }
    }

    bool any_disagreement = false;
    for (const UnitState& u : report.units) any_disagreement |= u.tally.reference_disagreements != 0;
    if (any_disagreement) {
        o << "## References that disagree with MPFR\n\n";
        const std::string reference = std::string(reference_mode_name(c.spec.reference)) + " reference";
        o << "Expected results from a vector file, or from the " << reference
          << " on the sample MPFR recomputes, that differ from MPFR's: either that source or MPFR is wrong. The "
             "verdicts above use MPFR's answers.\n\n";
        for (const UnitState& u : report.units) {
            const bool file = !u.digest.empty();
            const OpId op = op_named(u.op);
            // Float-float verdicts disagree on the error (binary64 bits of the u^2 value).
            const bool errors = !file && op_info(op).metric == Metric::relative_u2;
            const auto answer = [&](uint64_t bits) {
                return errors ? "error " + error_text(double_of(bits)) + " u^2" : hex64(bits);
            };
            for (const FailureRecord& r : u.tally.disagreements) {
                o << "- " << code(u.impl) << " x " << code(u.input_class) << (file ? " line " : " input #")
                  << (file ? r.index + 1 : r.index) << ": " << code(operands_text(op, r.input))
                  << ": " << (file ? std::string("file") : reference) << " says " << code(answer(r.result))
                  << ", MPFR says " << code(answer(r.expected)) << "\n";
            }
        }
        o << "\n";
    }
    return o.str();
}

}  // namespace fpv
