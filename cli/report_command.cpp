// `fpverify report`: a campaign's report in Markdown, HTML, JSON or LaTeX, or its comparison
// with an earlier campaign (--compare), which can gate a build (--fail-on-regression).
#include <cstdio>

#include "cli/command.h"
#include "cli/common_options.h"
#include "model/text_format.h"
#include "reports/campaign_report.h"
#include "reports/comparison.h"
#include "reports/output_file.h"
#include "store/database_ref.h"

namespace fpv {
namespace {

class ReportCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{"report", "write a campaign's report"};
        database_.add_to(c, "campaign id (default: newest)");
        output_.add_to(c, "md | html | json | latex (booktabs tables, a document pdflatex compiles)", "md", true);
        c.add("--compare", &compare_,
                      "OLD.db or OLD.db:ID: compare with that campaign, unit by unit (rates, a test at 5 %, "
                      "categories, worst cases)");
        c.add("--fail-on-regression", &fail_on_regression_, "with --compare: exit 1 when any unit got worse");
        return c;
    }
    int run(const Invocation&) override;

private:
    int compare(const CampaignReport& now) const;

    DatabaseOptions database_;
    OutputOptions output_;
    std::string compare_;
    bool fail_on_regression_ = false;
};

int ReportCommand::run(const Invocation&) {
    output_.check({"md", "html", "json", "latex"});
    if (!compare_.empty() && output_.format == "latex") throw UsageError("--compare: write md, html or json");
    if (fail_on_regression_ && compare_.empty()) throw UsageError("--fail-on-regression needs --compare");
    std::vector<std::string> read = {database_.db};
    if (!compare_.empty()) read.push_back(parse_database_ref(compare_, "--compare").path);
    refuse_output_over_databases(output_.out, read);
    Store store = database_.open(Store::Mode::read_only);
    const int64_t id = store.chosen_campaign(database_.campaign, false);
    const CampaignReport report = load_report(store, id);
    if (!compare_.empty()) return compare(report);
    output_.deliver(output_.format == "json"    ? render_json(report)
                    : output_.format == "html"  ? render_html(report)
                    : output_.format == "latex" ? render_latex(report)
                                                : render_markdown(report));
    return kExitClean;
}

// With --fail-on-regression: exit 1 when a unit got worse, and also when the comparison cannot
// show that none did: no unit pairs, or the new campaign judged nothing of a paired unit (a gate
// that passed on no evidence would pass a build whose campaign never ran).
int ReportCommand::compare(const CampaignReport& now) const {
    const DatabaseRef ref = parse_database_ref(compare_, "--compare");
    Store old_store(ref.path, Store::Mode::read_only);
    const CampaignReport then =
        load_report(old_store, old_store.chosen_campaign(ref.campaign, false));
    const CampaignComparison c = compare_campaigns(then, now);
    output_.deliver(output_.format == "json"   ? render_comparison_json(c)
                    : output_.format == "html" ? render_comparison_html(c)
                                               : render_comparison_markdown(c));
    if (!fail_on_regression_) return kExitClean;
    const std::string missing = c.missing_data();
    if (!missing.empty()) {
        std::fprintf(stderr, "fpverify: --fail-on-regression: %s; that nothing got worse is not shown\n",
                     terminal_text(missing).c_str());
        return kExitFailures;
    }
    return c.regressed() ? kExitFailures : kExitClean;
}

}  // namespace

std::unique_ptr<Command> make_report_command() { return std::make_unique<ReportCommand>(); }

}  // namespace fpv
