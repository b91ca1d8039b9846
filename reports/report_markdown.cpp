// The Markdown report: the verdict per impl, the float-float accuracy table, per-class tables,
// worst inputs, what happens outside the domains, and text histograms.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "reports/report_model.h"
#include "verifier/progress.h"

namespace fpv {
namespace {

std::string code(const std::string& s) { return "`" + s + "`"; }

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
        if (s.op == OpId::div64 || s.info == nullptr) continue;
        const AccuracyClaim& a = s.info->accuracy;
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
    o << "| impl | inputs outside | non-finite results or operands | max finite error (u^2) | "
         "worst finite case |\n|---|---:|---:|---:|---|\n";
    for (const ImplSummary& s : report.impls) {
        if (s.op == OpId::div64 || s.outside == 0) continue;
        uint64_t infinite = 0;
        double max_finite = -1;
        s.merged.outside_histogram.for_each([&](int bin, uint64_t count) {
            if (bin == kBinInfiniteError) infinite += count;
        });
        const FailureRecord* worst_finite =
            s.merged.outside_worst.empty() ? nullptr : &s.merged.outside_worst.front();
        if (worst_finite != nullptr) max_finite = worst_finite->error;
        o << "| " << code(s.impl) << " | " << grouped(s.outside) << " | " << grouped(infinite) << " | "
          << (max_finite >= 0 ? error_text(max_finite) : "-") << " | "
          << (worst_finite != nullptr ? operands_text(s.op, worst_finite->input) + " -> " +
                                            result_text(s.op, worst_finite->result)
                                      : "") << " |\n";
    }
    o << "\n";
}

}  // namespace

std::string render_markdown(const CampaignReport& report) {
    const CampaignRecord& c = report.campaign;
    std::ostringstream o;
    o << "# fpverify report: campaign " << c.id << " (" << c.spec.name << ")\n\n";
    o << "- Status: " << c.status;
    if (c.status == "finished") o << " at " << c.finished_at;
    o << "; " << grouped(report.tested) << " of " << grouped(report.planned)
      << " inputs judged in " << human_duration(c.elapsed_seconds) << "\n";
    o << "- Started " << c.created_at << " on " << code(c.host) << " with fpverify " << c.version
      << "; backend " << c.spec.backend << "\n";
    if (!c.notes.empty()) o << "- Ran on: " << c.notes << "\n";
    if (c.gpu_wait_seconds > 0 || c.host_wait_seconds > 0) {
        char waits[128];
        std::snprintf(waits, sizeof waits, "- GPU idle %.1f s, host idle %.1f s\n", c.gpu_wait_seconds,
                      c.host_wait_seconds);
        o << waits;
    }
    o << "- Seed " << c.spec.seed << ", up to " << grouped(c.spec.count) << " inputs per (impl, class)\n";
    o << "- Command: " << code(c.spec.command_line) << "\n\n";
    o << "Correctly rounded ops are judged against MPFR's correctly rounded result: a result fails "
         "unless it is bit-identical (any NaN matches any NaN). Float-float ops are judged by their "
         "relative error, computed by MPFR from the exact terms, against each impl's proven bound.\n\n";

    o << "## Verdict\n\n";
    o << "| impl | claim | inputs | inside domain | failed | failure rate | max error | verdict |\n";
    o << "|---|---|---:|---:|---:|---:|---:|---|\n";
    for (const ImplSummary& s : report.impls) {
        o << "| " << code(s.impl) << " | " << (s.info ? std::string(s.info->claim) : "") << " | "
          << grouped(s.tested) << " | " << grouped(s.inside) << " | " << grouped(s.failed) << " | "
          << percent_text(s.failed, s.inside) << " | "
          << (s.merged.worst.empty() ? "-" : error_text(s.merged.max_error()) + " " + s.error_unit) << " | "
          << verdict_text(s) << " |\n";
    }
    o << "\n";
    if (report.has_float_float) float_float_table(o, report);

    for (const ImplSummary& s : report.impls) {
        o << "## " << code(s.impl) << "\n\n";
        if (s.info != nullptr) {
            o << s.info->summary << ". Domain: " << s.info->domain << ". Claim: " << s.info->claim << ".\n\n";
        }
        o << "| class | tested | passed | failed | failure rate | max error (" << s.error_unit
          << ") | outside domain | worst input |\n";
        o << "|---|---:|---:|---:|---:|---:|---:|---|\n";
        for (const UnitState& u : report.units) {
            if (u.impl != s.impl) continue;
            const Tally& t = u.tally;
            o << "| " << code(u.input_class) << " | " << grouped(t.tested);
            if (t.tested < u.planned) o << " of " << grouped(u.planned);
            o << " | " << grouped(t.passed()) << " | " << grouped(t.failed()) << " | "
              << percent_text(t.failed(), t.inside()) << " | "
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
              << (s.op == OpId::div64 ? "failing results only" : "every result") << "):\n\n";
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
        o << "## Vector files that disagree with the reference\n\n";
        o << "These expected results in vector files differ from MPFR's; either the file or the "
             "reference is wrong, and the impl verdicts above use MPFR.\n\n";
        for (const UnitState& u : report.units) {
            for (const FailureRecord& r : u.tally.disagreements) {
                o << "- " << code(u.input_class) << " line " << (r.index + 1) << ": "
                  << code(hex64(r.input.a)) << " / " << code(hex64(r.input.b)) << ": file says "
                  << code(hex64(r.result)) << ", MPFR says " << code(hex64(r.expected)) << "\n";
            }
        }
        o << "\n";
    }
    return o.str();
}

}  // namespace fpv
