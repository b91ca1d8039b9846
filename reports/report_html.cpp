// The HTML report: the Markdown report's content as one self-contained page.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "reports/report_model.h"

namespace fpv {
namespace {

std::string escape(const std::string& s) {
    std::string out;
    for (char ch : s) {
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += ch;
        }
    }
    return out;
}

std::string tt(const std::string& s) { return "<code>" + escape(s) + "</code>"; }

void row(std::ostringstream& o, const std::vector<std::string>& cells, const char* tag = "td") {
    o << "<tr>";
    for (const std::string& c : cells) o << "<" << tag << ">" << c << "</" << tag << ">";
    o << "</tr>\n";
}

}  // namespace

std::string render_html(const CampaignReport& report) {
    const CampaignRecord& c = report.campaign;
    std::ostringstream o;
    o << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>fpverify campaign " << c.id
      << "</title>\n<style>body{font-family:sans-serif;max-width:80em;margin:auto}"
         "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
         "td{text-align:right}td:first-child{text-align:left}.fail{color:#b00}"
         ".bar{background:#58c;display:inline-block;height:0.8em}</style></head><body>\n";
    o << "<h1>fpverify report: campaign " << c.id << " (" << escape(c.spec.name) << ")</h1>\n";
    o << "<p>Status " << escape(c.status) << "; " << grouped(report.tested) << " of "
      << grouped(report.planned) << " inputs judged in " << human_duration(c.elapsed_seconds)
      << ". Seed " << c.spec.seed << ", backend " << escape(c.spec.backend) << ", host "
      << tt(c.host) << ", fpverify " << escape(c.version) << ".<br>Command: "
      << tt(c.spec.command_line) << "</p>\n";

    o << "<h2>Verdict</h2>\n<table>\n";
    row(o, {"impl", "claim", "inputs", "inside domain", "failed", "failure rate", "max error"}, "th");
    for (const ImplSummary& s : report.impls) {
        row(o, {tt(s.impl), escape(s.info ? std::string(s.info->spec.claim) : ""), grouped(s.tested),
                grouped(s.inside),
                s.failed ? "<span class=\"fail\">" + grouped(s.failed) + "</span>" : "0",
                percent_text(s.failed, s.inside),
                s.merged.worst.empty() ? "-" : error_text(s.merged.max_error()) + " " + s.error_unit});
    }
    o << "</table>\n";

    for (const ImplSummary& s : report.impls) {
        o << "<h2>" << tt(s.impl) << "</h2>\n<p>" << escape(s.info ? std::string(s.info->spec.summary) : "")
          << "</p>\n<table>\n";
        row(o, {"class", "tested", "passed", "failed", "failure rate", "95 % bound", "max error", "outside domain",
                "worst input"},
            "th");
        for (const UnitState& u : report.units) {
            if (u.impl != s.impl) continue;
            const Tally& t = u.tally;
            std::string worst;
            if (!t.worst.empty()) {
                const FailureRecord& w = t.worst.front();
                worst = escape(operands_text(s.op, w.input)) + " &rarr; " + escape(result_text(s.op, w.result));
            }
            row(o, {tt(u.input_class), grouped(t.tested), grouped(t.passed()), grouped(t.failed()),
                    percent_text(t.failed(), t.inside()), escape(rate_bound_text(t.inside(), t.has_failures())),
                    t.worst.empty() ? "-" : error_text(t.max_error()),
                    grouped(t.outside()), worst});
        }
        o << "</table>\n";
        if (s.merged.error_histogram.empty()) continue;
        uint64_t most = 0;
        s.merged.error_histogram.for_each([&](int, uint64_t count) { most = std::max(most, count); });
        o << "<h3>Error histogram inside the domain (" << escape(s.error_unit) << ")</h3>\n<table>\n";
        s.merged.error_histogram.for_each([&](int bin, uint64_t count) {
            const int width = static_cast<int>(std::ceil(300.0 * count / most));
            row(o, {escape(bin_label(bin)), "<span class=\"bar\" style=\"width:" +
                                                std::to_string(width) + "px\"></span> " +
                                                grouped(count)});
        });
        o << "</table>\n";
    }
    o << "</body></html>\n";
    return o.str();
}

}  // namespace fpv
