#include "reports/error_against.h"

#include <charconv>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/usage_error.h"
#include "model/input_set.h"
#include "model/json_text.h"
#include "model/text_format.h"
#include "reports/svg_plot.h"

namespace fpv {
namespace {

using json = nlohmann::json;
using doc::Text;

// A class spec's numeric arguments: "spread:phi=4:k=256" -> name "spread", {phi: 4, k: 256};
// false for a spec with anything else after its name.
struct ClassArguments {
    std::string name;
    std::map<std::string, double> numbers;  // by key, so that a family's text is one order
};

bool numeric_arguments(const std::string& spec, ClassArguments& out) {
    const size_t colon = spec.find(':');
    if (colon == std::string::npos) return false;
    out.name = spec.substr(0, colon);
    out.numbers.clear();
    std::string_view rest = std::string_view(spec).substr(colon + 1);
    while (!rest.empty()) {
        const size_t end = std::min(rest.find(':'), rest.size());
        const std::string_view arg = rest.substr(0, end);
        const size_t equals = arg.find('=');
        if (equals == std::string_view::npos) return false;
        double value = 0;
        const std::string_view digits = arg.substr(equals + 1);
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc() || ptr != digits.data() + digits.size()) return false;
        out.numbers[std::string(arg.substr(0, equals))] = value;
        rest = end < rest.size() ? rest.substr(end + 1) : std::string_view();
    }
    return !out.numbers.empty();
}

// A stored class name in its class's one spelling ("uniform:k=0x100:n=64" as "uniform:k=256"),
// or as stored where its class has none or no longer reads it.
std::string one_spelling(const std::string& spec) {
    try {
        return canonical_class_name(spec);
    } catch (const UsageError&) {
        return spec;
    }
}

// The classes a plot spans: the name and every argument but the one plotted ("spread:k=256").
std::string family_of(const ClassArguments& c, const std::string& plotted) {
    std::string family = c.name;
    for (const auto& [key, value] : c.numbers) {
        if (key == plotted) continue;
        family += ":" + key + "=" + number_text(value);
    }
    return family;
}

struct Plot {
    std::string argument, family;
    std::map<std::string, std::map<double, double>> errors;  // impl -> argument -> largest error
    std::set<double> values;
};

}  // namespace

void error_against_section(doc::Document& d, const CampaignReport& report) {
    std::map<std::pair<std::string, std::string>, Plot> plots;  // (argument, family)
    std::vector<std::string> impl_order;
    std::map<std::string, std::string> unit_of;
    for (const ImplSummary& s : report.impls) {
        impl_order.push_back(s.impl);
        unit_of[s.impl] = s.error_unit;
    }
    for (const UnitState& u : report.units) {
        ClassArguments c;
        if (u.tally.inside() == 0 || !numeric_arguments(one_spelling(u.input_class), c)) continue;
        for (const auto& [key, value] : c.numbers) {
            const std::string family = family_of(c, key);
            Plot& p = plots[{key, family}];
            p.argument = key;
            p.family = family;
            // Units of one shape (spelled two ways before spellings were made one) show the
            // largest error among them, whichever came last.
            const double error = u.tally.max_error();
            const auto [at, fresh] = p.errors[u.impl].emplace(value, error);
            if (!fresh && error > at->second) at->second = error;
            p.values.insert(value);
        }
    }
    bool first = true;
    for (const auto& [where, p] : plots) {
        if (p.values.size() < 2) continue;
        if (first) {
            d.heading(2, "Error against the classes' arguments");
            d.paragraph("The largest error of each impl in classes that differ in one argument alone, each impl a line "
                        "(each emulation beside the native product it stands in for).");
            d.data()["error_against"] = json::array();
            first = false;
        }
        std::vector<svg::Series> series;
        std::vector<Text> head{Text(p.argument)};
        json j_series = json::array();
        std::string unit = "ulp";
        for (const std::string& impl : impl_order) {
            const auto found = p.errors.find(impl);
            if (found == p.errors.end()) continue;
            unit = unit_of[impl];
            svg::Series s{impl, {}};
            json points = json::array();
            for (const auto& [x, e] : found->second) {
                s.points.emplace_back(x, e);
                points.push_back({{p.argument, x}, {"max_error", json_number(e)}});
            }
            series.push_back(std::move(s));
            head.push_back(Text().code(impl));
            j_series.push_back({{"impl", impl}, {"points", std::move(points)}});
        }
        doc::Table t("error-against", head, "l" + std::string(series.size(), 'r'));
        for (double x : p.values) {
            std::vector<Text> row{Text(number_text(x))};
            for (const svg::Series& s : series) {
                const auto& errors = p.errors.at(s.label);
                const auto at = errors.find(x);
                row.push_back(at == errors.end() ? Text("-") : Text(error_text(at->second)));
            }
            t.rows.push_back(std::move(row));
            t.row_class.push_back("");
        }
        const std::string title = "largest error (" + unit + ") against " + p.argument + ", classes " + p.family;
        d.paragraph(Text("Against ").code(p.argument).plain(", classes ").code(p.family + ":" + p.argument + "=...").plain(
            " (largest error, " + unit + "):"));
        d.table(std::move(t));
        d.plot(svg::error_against(p.argument, unit, series, title));
        d.data()["error_against"].push_back(
            {{"argument", p.argument}, {"classes", p.family}, {"unit", unit}, {"series", std::move(j_series)}});
    }
}

}  // namespace fpv
