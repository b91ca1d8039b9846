// The LaTeX report: a booktabs table per campaign for a paper, each impl's claim, inputs,
// failures, failure rate (or, with none, the rate its count rules out at 95 %) and largest
// error against its bound. A complete document, so that it compiles as it is; the tabular
// environment is what a paper takes.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "model/rate_bound.h"
#include "reports/campaign_report.h"

namespace fpv {
namespace {

// Text in LaTeX's text mode: its special characters escaped, control characters as \xNN.
std::string tex(std::string_view text) {
    std::string out;
    for (const char c : terminal_text(text)) {
        switch (c) {
            case '\\': out += "\\textbackslash{}"; break;
            case '{': out += "\\{"; break;
            case '}': out += "\\}"; break;
            case '$': out += "\\$"; break;
            case '&': out += "\\&"; break;
            case '#': out += "\\#"; break;
            case '%': out += "\\%"; break;
            case '_': out += "\\_"; break;
            case '^': out += "\\^{}"; break;
            case '~': out += "\\~{}"; break;
            case '<': out += "\\textless{}"; break;
            case '>': out += "\\textgreater{}"; break;
            case '|': out += "\\textbar{}"; break;
            default: out += c;
        }
    }
    return out;
}

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

// 3e-12 as $3\times10^{-12}$; numbers without an exponent as they are; an error without a finite
// value (an infinity where a number was due, a NaN) as itself.
std::string scientific(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v < 0 ? "$-\\infty$" : "$\\infty$";
    char text[32];
    std::snprintf(text, sizeof text, "%.2e", v);
    const std::string s = text;
    const size_t e = s.find('e');
    const int exponent = std::stoi(s.substr(e + 1));
    if (exponent >= -2 && exponent <= 3) return number(v);
    return "$" + s.substr(0, e) + "\\times10^{" + std::to_string(exponent) + "}$";
}

}  // namespace

std::string render_latex(const CampaignReport& report) {
    const CampaignRecord& c = report.campaign;
    std::ostringstream o;
    o << "% fpverify report: campaign " << c.id << ", written by fpverify " << tex(c.version) << "\n"
      << "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{booktabs}\n"
         "\\usepackage[margin=2cm,landscape]{geometry}\n\\begin{document}\n\n"
      << "\\begin{table}\n\\centering\n\\caption{Campaign " << c.id << " (" << tex(c.spec.name) << "): "
      << grouped(report.tested) << " inputs, seed " << c.spec.seed << ", " << tex(c.status)
      << ". Rates inside each implementation's domain; with no failure, the rate the count rules out at "
         "95\\,\\%.}\n";
    o << "\\begin{tabular}{llrrrrr}\n\\toprule\n"
         "Implementation & Claim & Inputs & Failures & Failure rate & Max.\\ error & Bound \\\\\n\\midrule\n";
    for (const ImplSummary& s : report.impls) {
        const std::string rate = s.inside == 0  ? "--"
                                 : s.failed != 0 ? scientific(static_cast<double>(s.failed) / static_cast<double>(s.inside))
                                                 : "$<$ " + scientific(zero_failure_rate_bound(s.inside));
        const std::string max_error =
            s.merged.worst.empty() ? "--" : scientific(s.merged.max_error()) + " " + tex(s.error_unit);
        const std::string bound = s.info == nullptr || s.info->spec.bound <= 0 ? "--" : number(s.info->spec.bound);
        o << "\\texttt{" << tex(s.impl) << "} & " << tex(s.info != nullptr ? std::string(s.info->spec.claim) : "")
          << " & " << grouped(s.inside) << " & " << grouped(s.failed) << " & " << rate << " & " << max_error
          << " & " << bound << " \\\\\n";
    }
    o << "\\bottomrule\n\\end{tabular}\n\\end{table}\n\n\\end{document}\n";
    return o.str();
}

}  // namespace fpv
