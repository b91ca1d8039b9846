#include "reports/comparison.h"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "ops/catalogue.h"
#include "model/json_text.h"
#include "reports/report_document.h"
#include "reports/svg_plot.h"
#include "model/text_format.h"

namespace fpv {
namespace {

std::vector<std::string> failure_categories(const Tally& t) {
    std::vector<std::string> names;
    for (int i = 0; i < kCategoryCount; ++i) {
        const auto c = static_cast<Category>(i);
        if (t.by_category[static_cast<size_t>(i)] != 0 && is_failure(c)) names.emplace_back(category_name(c));
    }
    return names;
}

std::vector<std::string> missing_from(const std::vector<std::string>& these, const std::vector<std::string>& there) {
    std::vector<std::string> out;
    for (const std::string& name : these) {
        if (std::find(there.begin(), there.end(), name) == there.end()) out.push_back(name);
    }
    return out;
}

// The unit of `impl` (any impl, where empty) of that op and class. Units of different ops never
// pair: a class of one name draws other inputs for another op, and their errors are not alike.
const UnitState* find_unit(const CampaignReport& r, const std::string& impl, const std::string& op,
                           const std::string& input_class) {
    for (const UnitState& u : r.units) {
        if ((impl.empty() || u.impl == impl) && u.op == op && u.input_class == input_class) return &u;
    }
    return nullptr;
}

// The op of a campaign of one impl (its units'), or "" if it has none.
std::string only_op(const CampaignReport& r) { return r.units.empty() ? "" : r.units.front().op; }

std::string error_unit_of(const CampaignReport& r, const std::string& impl) {
    for (const ImplSummary& s : r.impls) {
        if (s.impl == impl) return s.error_unit;
    }
    return "ulp";
}

std::string rate_text(uint64_t failed, uint64_t inside, const RateInterval& ci) {
    if (inside == 0) return "no data";  // 0/0
    char text[96];
    std::snprintf(text, sizeof text, "%.3g [%.2g, %.2g]", static_cast<double>(failed) / static_cast<double>(inside),
                  ci.low, ci.high);
    return text;
}

std::string worst_text(const std::optional<double>& e) { return e ? error_text(*e) : "-"; }

std::string list_text(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? "-" : out;
}

}  // namespace

std::string UnitComparison::verdict() const {
    if (!in_old) return "new unit";
    if (!in_new) return "gone";
    if (!comparable()) return "no data";
    return std::string(trend_name(trend));
}

bool CampaignComparison::regressed() const {
    return std::any_of(units.begin(), units.end(), [](const UnitComparison& u) { return u.trend == Trend::worse; });
}

size_t CampaignComparison::paired() const {
    return static_cast<size_t>(
        std::count_if(units.begin(), units.end(), [](const UnitComparison& u) { return u.in_old && u.in_new; }));
}

std::string CampaignComparison::missing_data() const {
    const std::string campaigns = "campaign " + std::to_string(new_campaign.id) + " (" + new_campaign.spec.name +
                                  ") and campaign " + std::to_string(old_campaign.id) + " (" + old_campaign.spec.name + ")";
    if (paired() == 0) return "no unit (impl, class) is in both " + campaigns + ": nothing was compared";
    std::string empty;
    size_t count = 0;
    for (const UnitComparison& u : units) {
        if (!u.missing_now()) continue;
        if (++count <= 5) empty += (empty.empty() ? "" : ", ") + u.impl + " x " + u.input_class;
    }
    if (count == 0) return "";
    return std::to_string(count) + " of the " + std::to_string(paired()) + " units in both " + campaigns +
           " judged nothing" + (count == 1 ? "" : " each") + " in campaign " + std::to_string(new_campaign.id) + " (" +
           empty + (count > 5 ? ", ..." : "") + ")";
}

CampaignComparison compare_campaigns(const CampaignReport& old_report, const CampaignReport& new_report) {
    CampaignComparison c;
    c.old_campaign = old_report.campaign;
    c.new_campaign = new_report.campaign;
    c.old_database = old_report.database;
    c.new_database = new_report.database;
    const auto fill = [](UnitComparison& u, const UnitState* then, const UnitState* now) {
        u.in_old = then != nullptr;
        u.in_new = now != nullptr;
        std::vector<std::string> old_categories, new_categories;
        if (then != nullptr) {
            u.old_tested = then->tally.tested;
            u.old_inside = then->tally.inside();
            u.old_failed = then->tally.failed();
            if (!then->tally.worst.empty()) u.old_worst = then->tally.max_error();
            old_categories = failure_categories(then->tally);
        }
        if (now != nullptr) {
            u.new_tested = now->tally.tested;
            u.new_inside = now->tally.inside();
            u.new_failed = now->tally.failed();
            if (!now->tally.worst.empty()) u.new_worst = now->tally.max_error();
            new_categories = failure_categories(now->tally);
        }
        u.old_interval = rate_interval(u.old_failed, u.old_inside);
        u.new_interval = rate_interval(u.new_failed, u.new_inside);
        if (u.comparable()) {
            u.p_value = equal_rates_p_value(u.old_failed, u.old_inside, u.new_failed, u.new_inside);
            u.trend = compare_rates(u.old_failed, u.old_inside, u.new_failed, u.new_inside);
            u.appeared = missing_from(new_categories, old_categories);
            u.vanished = missing_from(old_categories, new_categories);
        }
    };
    // One impl on each side under two names: the same classes are compared (a fix against the
    // impl it fixes); otherwise units pair by impl and class.
    const bool by_class = old_report.campaign.spec.impls.size() == 1 && new_report.campaign.spec.impls.size() == 1 &&
                          old_report.campaign.spec.impls != new_report.campaign.spec.impls &&
                          only_op(old_report) == only_op(new_report);
    const std::string old_name = by_class ? old_report.campaign.spec.impls.front() : "";
    for (const UnitState& now : new_report.units) {
        UnitComparison u;
        u.impl = now.impl;
        u.old_impl = old_name;
        u.input_class = now.input_class;
        u.error_unit = error_unit_of(new_report, now.impl);
        fill(u, find_unit(old_report, by_class ? "" : now.impl, now.op, now.input_class), &now);
        c.units.push_back(std::move(u));
    }
    for (const ImplSummary& now : new_report.impls) {
        for (const ImplSummary& then : old_report.impls) {
            if ((by_class || then.impl == now.impl) && then.op == now.op && (!then.merged.map.empty() || !now.merged.map.empty())) {
                c.maps.push_back({then.impl, now.impl, now.op, then.merged.map, now.merged.map});
            }
        }
    }
    for (const UnitState& then : old_report.units) {
        if (find_unit(new_report, by_class ? "" : then.impl, then.op, then.input_class) != nullptr) continue;
        UnitComparison u;
        u.impl = then.impl;
        u.input_class = then.input_class;
        u.error_unit = error_unit_of(old_report, then.impl);
        fill(u, &then, nullptr);
        c.units.push_back(std::move(u));
    }
    return c;
}

namespace {

doc::Document comparison_document(const CampaignComparison& c) {
    doc::Document d;
    d.heading(1, doc::Text("fpverify comparison: campaign " + std::to_string(c.new_campaign.id) + " (")
                     .user(c.new_campaign.spec.name)
                     .plain(") against campaign " + std::to_string(c.old_campaign.id) + " (")
                     .user(c.old_campaign.spec.name)
                     .plain(")"));
    d.paragraph(doc::Text("Now: campaign " + std::to_string(c.new_campaign.id) + " of ")
                    .code(c.new_database)
                    .plain("; then: campaign " + std::to_string(c.old_campaign.id) + " of ")
                    .code(c.old_database)
                    .plain("."));
    d.paragraph(doc::Text("Failure rates inside each impl's domain with 95 % intervals (Wilson; the one-sided bound "
                          "when nothing failed). Verdict: the conditional binomial test of equal rates, two-sided at "
                          "5 %: ")
                    .code("worse")
                    .plain(" or ")
                    .code("better")
                    .plain(" when p < 0.05, ")
                    .code("unchanged")
                    .plain(" otherwise."));
    int worse = 0, better = 0, no_data = 0;
    for (const UnitComparison& u : c.units) {
        worse += u.trend == Trend::worse;
        better += u.trend == Trend::better;
        no_data += u.in_old && u.in_new && !u.comparable();
    }
    d.paragraph(doc::Text()
                    .strong(std::to_string(worse) + " worse, " + std::to_string(better) + " better")
                    .plain(" of " + std::to_string(c.units.size()) + " units" +
                           (no_data != 0 ? "; " + std::to_string(no_data) + " in both without data to compare (" +
                                               "no input judged inside the domain on one side or both)"
                                         : "") +
                           "."));
    if (c.paired() == 0) {
        d.paragraph(doc::Text()
                        .strong("No unit pairs")
                        .plain(": no (impl, class) of this campaign is in the other, so nothing was compared."));
    } else if (!c.missing_data().empty()) {
        doc::Text missing = doc::Text().strong("No data now").plain(": units that campaign " +
                                                                    std::to_string(c.new_campaign.id) + " judged nothing of:");
        for (const UnitComparison& u : c.units) {
            if (u.missing_now()) missing.plain(" ").code(u.impl).plain(" x ").code(u.input_class).plain(";");
        }
        d.paragraph(missing);
    }
    doc::Table t("comparison", {"impl", "class", "then: failed / inputs", "rate then", "now: failed / inputs", "rate now", "p",
                          "verdict", "new categories", "vanished", "worst then", "worst now"}, "llrlrlrlllrr");
    std::vector<svg::CompareRow> plotted;
    for (const UnitComparison& u : c.units) {
        char p[32];
        std::snprintf(p, sizeof p, "%.3g", u.p_value);
        const std::string verdict = u.verdict();
        doc::Text impl;
        if (!u.old_impl.empty()) impl.code(u.old_impl).plain(" → ");
        impl.code(u.impl);
        t.rows.push_back({impl, doc::Text().code(u.input_class),
                          u.in_old ? grouped(u.old_failed) + " / " + grouped(u.old_inside) : "-",
                          u.in_old ? rate_text(u.old_failed, u.old_inside, u.old_interval) : "-",
                          u.in_new ? grouped(u.new_failed) + " / " + grouped(u.new_inside) : "-",
                          u.in_new ? rate_text(u.new_failed, u.new_inside, u.new_interval) : "-",
                          u.comparable() ? p : "-",
                          u.trend == Trend::worse ? doc::Text().strong("worse") : doc::Text(verdict),
                          list_text(u.appeared), list_text(u.vanished), worst_text(u.old_worst),
                          worst_text(u.new_worst)});
        t.row_class.push_back(u.comparable() ? std::string(trend_name(u.trend)) : "");
        plotted.push_back({(u.old_impl.empty() ? "" : u.old_impl + " → ") + u.impl + " x " + u.input_class, verdict,
                           u.old_failed, u.old_inside, u.new_failed, u.new_inside});
    }
    d.table(std::move(t));
    d.plot(svg::compared_rates(plotted));
    for (const MapComparison& m : c.maps) {
        d.heading(2, doc::Text("Failure maps: ").code(m.impl_then).plain(" then, ").code(m.impl_now).plain(" now"));
        d.paragraph(grouped(m.then.total_failed()) + " of " + grouped(m.then.total_tested()) + " failed then, " +
                    grouped(m.now.total_failed()) + " of " + grouped(m.now.total_tested()) + " now.");
        d.plot(svg::failure_map(m.then, op_info(m.op), "failure map then: " + m.impl_then));
        d.plot(svg::failure_map(m.now, op_info(m.op), "failure map now: " + m.impl_now));
    }
    return d;
}

}  // namespace

std::string render_comparison_markdown(const CampaignComparison& c) { return doc::to_markdown(comparison_document(c)); }

std::string render_comparison_html(const CampaignComparison& c) {
    return doc::to_html(comparison_document(c), "fpverify comparison: campaign " + std::to_string(c.new_campaign.id) +
                                                    " against campaign " + std::to_string(c.old_campaign.id));
}

std::string render_comparison_json(const CampaignComparison& c) {
    using nlohmann::json;
    const std::string missing = c.missing_data();
    json units = json::array();
    const auto optional_error = [](const std::optional<double>& e) { return e ? json_number(*e) : json(nullptr); };
    // One side's counts; its rate and interval are null for 0/0.
    const auto side = [&](uint64_t tested, uint64_t inside, uint64_t failed, const RateInterval& ci,
                          const std::optional<double>& worst) {
        const bool rate = inside != 0;
        return json{{"tested", tested},
                    {"inside", inside},
                    {"failed", failed},
                    {"failure_rate", rate ? json(static_cast<double>(failed) / static_cast<double>(inside)) : json(nullptr)},
                    {"interval_95", rate ? json::array({ci.low, ci.high}) : json(nullptr)},
                    {"max_error", optional_error(worst)}};
    };
    for (const UnitComparison& u : c.units) {
        const bool paired = u.in_old && u.in_new;
        units.push_back({{"impl", u.impl},
                         {"old_impl", u.old_impl.empty() ? json(nullptr) : json(u.old_impl)},
                         {"class", u.input_class},
                         {"in_old", u.in_old},
                         {"in_new", u.in_new},
                         {"old", side(u.old_tested, u.old_inside, u.old_failed, u.old_interval, u.old_worst)},
                         {"new", side(u.new_tested, u.new_inside, u.new_failed, u.new_interval, u.new_worst)},
                         {"p_value", u.comparable() ? json(u.p_value) : json(nullptr)},
                         // Units in one campaign only keep their old verdict; in_old and in_new tell them.
                         {"verdict", paired ? u.verdict() : std::string(trend_name(u.trend))},
                         {"appeared_categories", u.appeared},
                         {"vanished_categories", u.vanished},
                         {"error_unit", u.error_unit}});
    }
    const json out = {{"old_campaign", {{"id", c.old_campaign.id}, {"name", c.old_campaign.spec.name},
                                        {"database", c.old_database}}},
                      {"new_campaign", {{"id", c.new_campaign.id}, {"name", c.new_campaign.spec.name},
                                        {"database", c.new_database}}},
                      {"test", "conditional binomial test of equal failure rates, two-sided, alpha 0.05"},
                      {"regressed", c.regressed()},
                      {"paired_units", c.paired()},
                      {"missing_data", missing.empty() ? json(nullptr) : json(missing)},
                      {"units", units}};
    return json_text(out);
}

}  // namespace fpv
