// The Markdown report: verdict per impl, per-class tables, worst inputs, text histograms.
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
    if (s.failed == 0) return "no failure in " + grouped(s.tested) + " inputs";
    return "**FAILS**: " + grouped(s.failed) + " wrong results";
}

std::string failure_line(const FailureRecord& r, const std::string& unit) {
    std::ostringstream o;
    o << "x = " << code(hex64(r.input.a)) << " (" << decimal_of(r.input.a) << "), y = "
      << code(hex64(r.input.b)) << " (" << decimal_of(r.input.b) << "): got "
      << code(hex64(r.result)) << " (" << decimal_of(r.result) << "), expected "
      << code(hex64(r.expected)) << " (" << decimal_of(r.expected) << "); error "
      << error_text(r.error) << " " << unit << ", " << category_name(r.category);
    return o.str();
}

void histogram(std::ostringstream& o, const std::map<int, uint64_t>& bins) {
    uint64_t most = 0;
    for (const auto& [bin, count] : bins) most = std::max(most, count);
    o << "```\n";
    for (const auto& [bin, count] : bins) {
        const int width = most == 0 ? 0 : static_cast<int>(std::ceil(40.0 * count / most));
        char label[48];
        std::snprintf(label, sizeof label, "%-18s", bin_label(bin).c_str());
        o << label << " " << std::string(static_cast<size_t>(width), '#') << " " << grouped(count)
          << "\n";
    }
    o << "```\n\n";
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
    o << "- Started " << c.created_at << " on " << code(c.host) << " with fpverify "
      << c.version << "; backend " << c.spec.backend << "\n";
    if (!c.notes.empty()) o << "- Ran on: " << c.notes << "\n";
    if (c.gpu_wait_seconds > 0 || c.host_wait_seconds > 0) {
        char waits[128];
        std::snprintf(waits, sizeof waits, "- GPU idle %.1f s, host idle %.1f s\n",
                      c.gpu_wait_seconds, c.host_wait_seconds);
        o << waits;
    }
    o << "- Seed " << c.spec.seed << ", up to " << grouped(c.spec.count)
      << " inputs per (impl, class)\n";
    o << "- Command: " << code(c.spec.command_line) << "\n\n";
    o << "Errors are measured against MPFR's correctly rounded result; a result counts as a "
         "failure unless it is bit-identical to it (any NaN matches any NaN).\n\n";

    o << "## Verdict\n\n";
    o << "| impl | claim | inputs | failed | failure rate | max error | verdict |\n";
    o << "|---|---|---:|---:|---:|---:|---|\n";
    for (const ImplSummary& s : report.impls) {
        o << "| " << code(s.impl) << " | " << s.claim << " | " << grouped(s.tested) << " | "
          << grouped(s.failed) << " | " << percent_text(s.failed, s.tested) << " | "
          << (s.failed ? error_text(s.max_error) + " " + s.error_unit : "-") << " | "
          << verdict_text(s) << " |\n";
    }
    o << "\n";

    for (const ImplSummary& s : report.impls) {
        o << "## " << code(s.impl) << "\n\n";
        if (!s.summary.empty()) {
            o << s.summary << ". Domain: " << s.domain << ". Claim: " << s.claim << ".\n\n";
        }
        o << "| class | tested | exact | failed | failure rate | max error (" << s.error_unit
          << ") | worst input |\n";
        o << "|---|---:|---:|---:|---:|---:|---|\n";
        for (const UnitState& u : report.units) {
            if (u.impl != s.impl) continue;
            const Tally& t = u.tally;
            o << "| " << code(u.input_class) << " | " << grouped(t.tested);
            if (u.tally.tested < u.planned) o << " of " << grouped(u.planned);
            o << " | " << grouped(t.exact()) << " | " << grouped(t.failed()) << " | "
              << percent_text(t.failed(), t.tested) << " | "
              << (t.has_failures() ? error_text(t.max_error()) : "-") << " | ";
            if (!t.worst.empty()) {
                const FailureRecord& w = t.worst.front();
                o << code(hex64(w.input.a)) << " / " << code(hex64(w.input.b)) << " -> "
                  << code(hex64(w.result)) << " (expected " << code(hex64(w.expected)) << ")";
            }
            o << " |\n";
        }
        o << "\n";
        if (s.failed == 0) continue;

        o << "Failures by category:\n\n| category | count |\n|---|---:|\n";
        for (int i = 1; i < kCategoryCount; ++i) {
            if (s.merged.by_category[i] == 0) continue;
            o << "| " << category_name(static_cast<Category>(i)) << " | "
              << grouped(s.merged.by_category[i]) << " |\n";
        }
        o << "\nWorst inputs:\n\n";
        int shown = 0;
        for (const UnitState& u : report.units) {
            if (u.impl != s.impl || u.tally.worst.empty()) continue;
            const FailureRecord& w = u.tally.worst.front();
            o << ++shown << ". " << code(u.input_class) << " #" << w.index << ": "
              << failure_line(w, s.error_unit) << "\n";
        }
        o << "\nError histogram of the failures (" << s.error_unit << ", log2 bins):\n\n";
        histogram(o, s.merged.error_histogram);
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
