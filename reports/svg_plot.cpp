#include "reports/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "model/rate_comparison.h"
#include "reports/report_document.h"
#include "model/text_format.h"

namespace fpv::svg {
namespace {

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", v);
    return b;
}

std::string rate_text(double r) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3g", r);
    return b;
}

// One plot being drawn; coordinates in SVG user units, which the page scales.
class Canvas {
public:
    Canvas(std::string kind, double width, double height, std::string title)
        : kind_(std::move(kind)), width_(width), height_(height), title_(std::move(title)) {}

    void rect(double x, double y, double w, double h, const std::string& fill, const std::string& tip = "",
              const std::string& stroke = "") {
        o_ << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(std::max(w, 0.0))
           << "\" height=\"" << num(std::max(h, 0.0)) << "\" fill=\"" << fill << "\""
           << (stroke.empty() ? "" : " stroke=\"" + stroke + "\" stroke-width=\"0.5\"");
        if (tip.empty()) {
            o_ << "/>";
        } else {
            o_ << "><title>" << doc::html_escape(tip) << "</title></rect>";
        }
    }
    void line(double x1, double y1, double x2, double y2, const std::string& stroke = "#000", double width = 1,
              bool dashed = false) {
        o_ << "<line x1=\"" << num(x1) << "\" y1=\"" << num(y1) << "\" x2=\"" << num(x2) << "\" y2=\"" << num(y2)
           << "\" stroke=\"" << stroke << "\" stroke-width=\"" << num(width) << "\""
           << (dashed ? " stroke-dasharray=\"4 3\"" : "") << "/>";
    }
    void circle(double x, double y, double r, const std::string& fill, const std::string& tip) {
        o_ << "<circle cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"" << num(r) << "\" fill=\"" << fill
           << "\" stroke=\"#000\" stroke-width=\"0.7\"><title>" << doc::html_escape(tip) << "</title></circle>";
    }
    // anchor: start, middle or end; vertical: rotated to read upwards.
    void text(double x, double y, const std::string& s, const char* anchor = "middle", double size = 11,
              bool vertical = false) {
        o_ << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" font-size=\"" << num(size)
           << "\" text-anchor=\"" << anchor << "\"";
        if (vertical) o_ << " transform=\"rotate(-90 " << num(x) << " " << num(y) << ")\"";
        o_ << ">" << doc::html_escape(s) << "</text>";
    }
    std::string str() const {
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" data-plot=\"" + kind_ +
               "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) + "\" width=\"" + num(width_) +
               "\" height=\"" + num(height_) + "\" role=\"img\" aria-label=\"" + doc::html_escape(title_) +
               "\" font-family=\"sans-serif\"><title>" + doc::html_escape(title_) + "</title>" + o_.str() +
               "</svg>";
    }

private:
    std::string kind_;
    double width_, height_;
    std::string title_;
    std::ostringstream o_;
};

// A linear map from values to coordinates (of log10 values, for log scales).
struct Scale {
    double v0, v1, p0, p1;
    double at(double v) const { return p0 + (std::clamp(v, v0, v1) - v0) / (v1 - v0) * (p1 - p0); }
};

std::string power_of_ten(int k) { return k == 0 ? "1" : "1e" + std::to_string(k); }

// A log10 axis of counts from 1 to 10^top along the y scale, ticks and grid at each power.
void count_axis(Canvas& c, const Scale& y, int top, double left, double right, const std::string& title) {
    const int step = top > 8 ? 2 : 1;
    for (int k = 0; k <= top; k += step) {
        c.line(left, y.at(k), right, y.at(k), "#ddd", 0.5);
        c.text(left - 4, y.at(k) + 4, power_of_ten(k), "end", 10);
    }
    c.text(14, (y.p0 + y.p1) / 2, title, "middle", 11, true);
}

// A log10 axis of rates along the x scale, from 10^lo to 1.
void rate_axis(Canvas& c, const Scale& x, int lo, double top, double bottom) {
    const int step = -lo > 10 ? 2 : 1;
    for (int k = lo; k <= 0; k += step) {
        c.line(x.at(k), top, x.at(k), bottom, "#ddd", 0.5);
        c.text(x.at(k), bottom + 14, power_of_ten(k), "middle", 10);
    }
    c.text((x.p0 + x.p1) / 2, bottom + 30, "failure rate (log scale), 95 % interval; where none failed, the upper bound",
           "middle", 11);
}

// The exponent of the smallest rate the rows need shown.
int lowest_rate_exponent(const std::vector<double>& lows) {
    double lowest = 1;
    for (double v : lows) {
        if (v > 0) lowest = std::min(lowest, v);
    }
    return std::max(-30, static_cast<int>(std::floor(std::log10(lowest))) - (lowest < 1 ? 0 : 1));
}

// One rate: its interval and a point, or the bound as a bracket open to the left.
void rate_mark(Canvas& c, const Scale& x, double y, uint64_t failed, uint64_t inside, const std::string& colour,
               const std::string& label) {
    if (inside == 0) {
        c.text(x.p0 + 4, y + 4, "not tested", "start", 10);
        return;
    }
    const RateInterval ci = rate_interval(failed, inside);
    if (failed == 0) {
        const double at = x.at(std::log10(ci.high));
        c.line(x.p0, y, at, y, colour, 1.5, true);
        c.line(at, y - 5, at, y + 5, colour, 2);
        c.text(at + 4, y + 4, "< " + rate_text(ci.high) + " (none of " + grouped(inside) + " failed)", "start", 10);
        return;
    }
    const double rate = static_cast<double>(failed) / static_cast<double>(inside);
    c.line(x.at(std::log10(ci.low)), y, x.at(std::log10(ci.high)), y, colour, 2);
    c.line(x.at(std::log10(ci.low)), y - 4, x.at(std::log10(ci.low)), y + 4, colour, 1.5);
    c.line(x.at(std::log10(ci.high)), y - 4, x.at(std::log10(ci.high)), y + 4, colour, 1.5);
    c.circle(x.at(std::log10(rate)), y, 4, colour,
             label + ": " + grouped(failed) + " of " + grouped(inside) + " failed, rate " + rate_text(rate) +
                 ", 95 % interval [" + rate_text(ci.low) + ", " + rate_text(ci.high) + "]");
}

// Sequential reds from pale to dark, t in [0, 1].
std::string red(double t) {
    t = std::clamp(t, 0.0, 1.0);
    const auto mix = [t](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * t)); };
    char b[16];
    std::snprintf(b, sizeof b, "#%02x%02x%02x", mix(0xfc, 0x67), mix(0xc5, 0x00), mix(0xae, 0x0d));
    return b;
}

constexpr const char* kNoFailure = "#e3f1e3";

}  // namespace

std::string error_histogram(const Histogram& h, const std::string& unit, const std::string& title) {
    int lo = 0, hi = 0;
    bool finite = false, zero = false, infinite = false;
    uint64_t most = 1;
    h.for_each([&](int bin, uint64_t count) {
        most = std::max(most, count);
        if (bin == kBinZeroError) {
            zero = true;
        } else if (bin == kBinInfiniteError) {
            infinite = true;
        } else {
            lo = finite ? std::min(lo, bin) : bin;
            hi = finite ? std::max(hi, bin) : bin;
            finite = true;
        }
    });
    // Columns: zero, then every bin from lo to hi, then infinity.
    const int columns = (zero ? 1 : 0) + (finite ? hi - lo + 1 : 0) + (infinite ? 1 : 0);
    const double left = 70, right = 700, top = 20, bottom = 250;
    Canvas c("histogram", 720, 300, title);
    const int decades = std::max(1, static_cast<int>(std::ceil(std::log10(static_cast<double>(most)))));
    const Scale y{-0.3, static_cast<double>(decades), bottom, top};
    count_axis(c, y, decades, left, right, "inputs (log scale)");
    const double width = (right - left) / std::max(columns, 1);
    const int label_every = std::max(1, columns / 12);
    int column = 0;
    const auto bar = [&](int bin, const std::string& label) {
        uint64_t count = 0;
        h.for_each([&](int b, uint64_t n) {
            if (b == bin) count = n;
        });
        const double x = left + column * width;
        if (count != 0) {
            const double yt = y.at(std::log10(static_cast<double>(count)));
            c.rect(x + width * 0.1, yt, width * 0.8, bottom - yt, "#4a78b5",
                   bin_label(bin) + " " + unit + ": " + grouped(count) + " inputs");
        }
        if (column % label_every == 0 || bin == kBinZeroError || bin == kBinInfiniteError) {
            c.text(x + width / 2, bottom + 14, label, "middle", 10);
        }
        ++column;
    };
    if (zero) bar(kBinZeroError, "0");
    if (finite) {
        for (int b = lo; b <= hi; ++b) bar(b, "2^" + std::to_string(b));
    }
    if (infinite) bar(kBinInfiniteError, "inf");
    c.line(left, bottom, right, bottom);
    c.line(left, top, left, bottom);
    c.text((left + right) / 2, bottom + 36, "error (" + unit + "), bins [2^k, 2^(k+1)) on a log2 scale", "middle", 11);
    return c.str();
}

std::string failure_rates(const std::vector<RateRow>& rows, const std::string& title) {
    std::vector<double> lows;
    for (const RateRow& r : rows) {
        const RateInterval ci = rate_interval(r.failed, r.inside);
        if (r.inside != 0) lows.push_back(r.failed != 0 ? ci.low : ci.high);
    }
    const int lo = lowest_rate_exponent(lows);
    const double left = 190, right = 700, top = 10, row_height = 24;
    const double bottom = top + row_height * static_cast<double>(rows.size()) + 6;
    Canvas c("class-rates", 720, bottom + 40, title);
    const Scale x{static_cast<double>(lo), 0, left, right};
    rate_axis(c, x, lo, top, bottom);
    for (size_t i = 0; i < rows.size(); ++i) {
        const double y = top + row_height * (static_cast<double>(i) + 0.5);
        c.text(left - 6, y + 4, rows[i].label, "end", 11);
        rate_mark(c, x, y, rows[i].failed, rows[i].inside, rows[i].failed ? "#b2182b" : "#2c7a2c", rows[i].label);
    }
    c.line(left, bottom, right, bottom);
    return c.str();
}

std::string failure_map(const FailureMap& map, const OpInfo& op, const std::string& title) {
    const MapLayout layout = map_layout(op);
    double lowest = 1, highest = 0;
    for (int i = 0; i < kMapCells; ++i) {
        if (map.empty() || map.failed[static_cast<size_t>(i)] == 0) continue;
        const double rate = static_cast<double>(map.failed[static_cast<size_t>(i)]) /
                            static_cast<double>(map.tested[static_cast<size_t>(i)]);
        lowest = std::min(lowest, rate);
        highest = std::max(highest, rate);
    }
    const int lo = static_cast<int>(std::floor(std::log10(lowest)));
    const int hi = std::max(lo + 1, static_cast<int>(std::ceil(std::log10(std::max(highest, 1e-300)))));
    const double cell = 14, left = 130, top = 10, side = cell * kMapSide;
    Canvas c("failure-map", left + side + 20, top + side + 110, title);
    for (int row = 0; row < kMapSide; ++row) {
        for (int col = 0; col < kMapSide; ++col) {
            const size_t i = static_cast<size_t>(row * kMapSide + col);
            const double x = left + col * cell, y = top + row * cell;
            if (map.empty() || map.tested[i] == 0) {
                c.rect(x, y, cell, cell, "#ffffff", "", "#eee");
                continue;
            }
            const std::string where =
                bucket_label(layout.rows, row) + ", " + bucket_label(layout.cols, col) + ": ";
            if (map.failed[i] == 0) {
                c.rect(x, y, cell, cell, kNoFailure, where + "none of " + grouped(map.tested[i]) + " failed");
                continue;
            }
            const double rate = static_cast<double>(map.failed[i]) / static_cast<double>(map.tested[i]);
            c.rect(x, y, cell, cell, red((std::log10(rate) - lo) / (hi - lo)),
                   where + grouped(map.failed[i]) + " of " + grouped(map.tested[i]) + " failed (" + rate_text(rate) +
                       ")");
        }
    }
    for (int k = 0; k < kMapSide; k += 4) {
        c.text(left - 4, top + (k + 0.5) * cell + 4, bucket_label(layout.rows, k), "end", 9);
        c.text(left + (k + 0.5) * cell, top + side + 12, bucket_label(layout.cols, k), "middle", 9);
    }
    c.text(left + side / 2, top + side + 28, axis_title(layout.cols, op), "middle", 11);
    c.text(12, top + side / 2, axis_title(layout.rows, op), "middle", 11, true);
    // The legend: the colour scale of rates, then the two kinds of cell without failures.
    const double ly = top + side + 44, lw = side * 0.6;
    for (int s = 0; s < 40; ++s) c.rect(left + lw * s / 40, ly, lw / 40 + 0.5, 10, red(s / 39.0));
    c.text(left, ly + 22, power_of_ten(lo), "middle", 9);
    c.text(left + lw, ly + 22, power_of_ten(hi), "middle", 9);
    c.text(left + lw / 2, ly + 22, "failure rate per cell (log scale)", "middle", 9);
    c.rect(left + lw + 16, ly, 10, 10, kNoFailure, "", "#999");
    c.text(left + lw + 30, ly + 9, "tested, none failed", "start", 9);
    c.rect(left + lw + 16, ly + 16, 10, 10, "#ffffff", "", "#999");
    c.text(left + lw + 30, ly + 25, "not tested", "start", 9);
    if (highest == 0) c.text(left + side / 2, ly + 44, "no failure in any cell", "middle", 11);
    return c.str();
}

std::string bounds(const std::vector<BoundRow>& rows) {
    double lo = 0, hi = 1;
    bool any = false;
    for (const BoundRow& r : rows) {
        for (const double v : {r.measured, r.bound}) {
            if (!(v > 0)) continue;
            const double l = std::log2(v);
            lo = any ? std::min(lo, l) : l;
            hi = any ? std::max(hi, l) : l;
            any = true;
        }
    }
    lo = std::floor(lo) - 1;
    hi = std::ceil(hi) + 1;
    const double left = 190, right = 700, top = 10, row_height = 26;
    const double bottom = top + row_height * static_cast<double>(rows.size()) + 6;
    Canvas c("ff-bounds", 720, bottom + 44, "measured maximum error against the proven bound");
    const Scale x{lo, hi, left, right};
    const int step = std::max(1, static_cast<int>((hi - lo) / 10));
    for (int k = static_cast<int>(lo); k <= static_cast<int>(hi); k += step) {
        c.line(x.at(k), top, x.at(k), bottom, "#ddd", 0.5);
        c.text(x.at(k), bottom + 14, "2^" + std::to_string(k), "middle", 10);
    }
    for (size_t i = 0; i < rows.size(); ++i) {
        const BoundRow& r = rows[i];
        const double y = top + row_height * static_cast<double>(i);
        c.text(left - 6, y + row_height / 2 + 4, r.label, "end", 11);
        if (r.measured > 0) {
            const bool over = r.error_free || (r.bound > 0 && r.measured > r.bound);
            c.rect(left, y + 6, x.at(std::log2(r.measured)) - left, row_height - 12, over ? "#b2182b" : "#4a78b5",
                   r.label + ": measured " + error_text(r.measured) + " u^2");
        } else {
            c.text(left + 4, y + row_height / 2 + 4, r.measured == 0 ? "measured 0 (exact)" : "nothing measured",
                   "start", 10);
        }
        if (r.bound > 0) {
            const double bx = x.at(std::log2(r.bound));
            c.line(bx, y + 2, bx, y + row_height - 2, "#000", 2.5);
            c.text(bx + 4, y + 11, "bound " + error_text(r.bound), "start", 9);
        } else {
            c.text(right, y + 11, r.error_free ? "error-free: must be exact" : "no proven bound", "end", 9);
        }
    }
    c.line(left, bottom, right, bottom);
    c.text((left + right) / 2, bottom + 32,
           "relative error in u^2 = 2^-48 (log2 scale); bar: measured maximum, black mark: proven bound", "middle", 11);
    return c.str();
}

std::string wrong_binades(const std::vector<uint64_t>& wrong_by_binade, const std::string& title) {
    uint64_t most = 1;
    for (uint64_t n : wrong_by_binade) most = std::max(most, n);
    const int decades = std::max(1, static_cast<int>(std::ceil(std::log10(static_cast<double>(most)))));
    const double left = 70, right = 70 + 2.5 * 256, top = 16, middle = 136, bottom = 256;
    Canvas c("binades", right + 20, bottom + 44, title);
    // Positive inputs upwards, negative ones downwards, both on log scales from the middle.
    const Scale up{-0.3, static_cast<double>(decades), middle, top};
    const Scale down{-0.3, static_cast<double>(decades), middle, bottom};
    for (int k = 0; k <= decades; k += decades > 8 ? 2 : 1) {
        c.line(left, up.at(k), right, up.at(k), "#ddd", 0.5);
        c.line(left, down.at(k), right, down.at(k), "#ddd", 0.5);
        c.text(left - 4, up.at(k) + 4, power_of_ten(k), "end", 9);
        c.text(left - 4, down.at(k) + 4, power_of_ten(k), "end", 9);
    }
    c.text(left + 4, top - 4, "positive inputs", "start", 10);
    c.text(left + 4, bottom + 12, "negative inputs", "start", 10);
    for (size_t i = 0; i < wrong_by_binade.size() && i < 512; ++i) {
        if (wrong_by_binade[i] == 0) continue;
        const bool negative = i >= 256;
        const int field = static_cast<int>(i & 255);
        const Scale& s = negative ? down : up;
        const double v = s.at(std::log10(static_cast<double>(wrong_by_binade[i])));
        c.rect(left + 2.5 * field, std::min(v, middle), 2.5, std::abs(v - middle), "#b2182b",
               std::string(negative ? "-" : "+") + "binade, exponent field " + std::to_string(field) + ": " +
                   grouped(wrong_by_binade[i]) + " wrong");
    }
    c.line(left, middle, right, middle);
    for (int field = 0; field < 256; field += 32) {
        c.text(left + 2.5 * field, bottom + 26, "2^" + std::to_string(field - 127), "middle", 9);
    }
    c.text((left + right) / 2, bottom + 40, "binade (exponent field; 2^-127 is zero and the subnormals)", "middle", 10);
    c.text(14, middle, "wrong inputs (log scale)", "middle", 10, true);
    return c.str();
}

std::string compared_rates(const std::vector<CompareRow>& rows) {
    std::vector<double> lows;
    for (const CompareRow& r : rows) {
        for (const auto& [failed, inside] : {std::pair{r.failed_then, r.inside_then}, std::pair{r.failed_now, r.inside_now}}) {
            const RateInterval ci = rate_interval(failed, inside);
            if (inside != 0) lows.push_back(failed != 0 ? ci.low : ci.high);
        }
    }
    const int lo = lowest_rate_exponent(lows);
    const double left = 330, right = 880, top = 10, row_height = 34;
    const double bottom = top + row_height * static_cast<double>(rows.size()) + 6;
    Canvas c("compare-rates", 900, bottom + 56, "failure rates then and now");
    const Scale x{static_cast<double>(lo), 0, left, right};
    rate_axis(c, x, lo, top, bottom);
    for (size_t i = 0; i < rows.size(); ++i) {
        const CompareRow& r = rows[i];
        const double y = top + row_height * static_cast<double>(i);
        // Long labels keep their end (the class); the tooltips of the marks say it all.
        constexpr size_t kLongest = 52;
        c.text(left - 6, y + 14, r.label.size() > kLongest ? "..." + r.label.substr(r.label.size() - kLongest) : r.label,
               "end", 11);
        c.text(left - 6, y + 27, r.verdict, "end", 10);
        const std::string now = r.verdict == "worse" ? "#b2182b" : r.verdict == "better" ? "#2c7a2c" : "#333";
        rate_mark(c, x, y + 10, r.failed_then, r.inside_then, "#999", r.label + " then");
        rate_mark(c, x, y + 24, r.failed_now, r.inside_now, now, r.label + " now");
    }
    c.line(left, bottom, right, bottom);
    c.text(left, bottom + 44, "grey: then; coloured: now (red worse, green better, black unchanged)", "start", 10);
    return c.str();
}

std::string error_against(const std::string& argument, const std::string& unit, const std::vector<Series>& series,
                          const std::string& title) {
    static const char* const kHues[] = {"#1f5fa8", "#c0392b", "#27864a", "#8e44ad", "#d35400", "#555555"};
    double x_lo = INFINITY, x_hi = -INFINITY, y_lo = INFINITY, y_hi = -INFINITY;
    for (const Series& s : series) {
        for (const auto& [x, e] : s.points) {
            x_lo = std::min(x_lo, x);
            x_hi = std::max(x_hi, x);
            if (e > 0 && std::isfinite(e)) {
                y_lo = std::min(y_lo, std::floor(std::log2(e)));
                y_hi = std::max(y_hi, std::ceil(std::log2(e)));
            }
        }
    }
    if (!(y_lo <= y_hi)) y_lo = y_hi = 0;
    if (y_hi == y_lo) y_hi = y_lo + 1;
    // k spans powers of two: a log2 axis then; phi a few units: a linear one.
    const bool log_x = x_lo > 0 && x_hi / x_lo >= 8;
    const auto xv = [&](double x) { return log_x ? std::log2(x) : x; };
    const double left = 70, right = 470, top = 40, bottom = 230, foot = bottom + 14, infinite = top - 20;
    Canvas c("error-against", 780, 290, title);  // room on the right for impls' names
    const Scale x{xv(x_lo), x_hi > x_lo ? xv(x_hi) : xv(x_lo) + 1, left, right};
    const Scale y{y_lo, y_hi, bottom - 18, top};  // errors of 0 on a row of their own below, infinities above
    const int y_step = std::max(1, static_cast<int>(std::ceil((y_hi - y_lo) / 10)));
    for (int k = static_cast<int>(y_lo); k <= static_cast<int>(y_hi); k += y_step) {
        c.line(left, y.at(k), right, y.at(k), "#ddd", 0.5);
        c.text(left - 4, y.at(k) + 4, "2^" + std::to_string(k), "end", 10);
    }
    c.text(left - 4, bottom + 4, "0", "end", 10);
    c.text(left - 4, infinite + 4, "inf", "end", 10);
    c.text(14, (top + bottom) / 2, "largest error (" + unit + ", log2 scale)", "middle", 11, true);
    std::vector<double> ticks;
    for (const Series& s : series) {
        for (const auto& point : s.points) ticks.push_back(point.first);
    }
    std::sort(ticks.begin(), ticks.end());
    ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());
    for (double t : ticks) {
        c.line(x.at(xv(t)), top, x.at(xv(t)), bottom, "#eee", 0.5);
        c.text(x.at(xv(t)), foot + 12, number_text(t), "middle", 10);
    }
    c.text((left + right) / 2, foot + 30, argument + (log_x ? " (log2 scale)" : ""), "middle", 11);
    const auto y_of = [&](double e) {
        if (!(e > 0)) return bottom;
        if (!std::isfinite(e)) return infinite;
        return y.at(std::log2(e));
    };
    for (size_t i = 0; i < series.size(); ++i) {
        const Series& s = series[i];
        const std::string hue = kHues[i % (sizeof kHues / sizeof kHues[0])];
        for (size_t p = 0; p + 1 < s.points.size(); ++p) {
            c.line(x.at(xv(s.points[p].first)), y_of(s.points[p].second), x.at(xv(s.points[p + 1].first)),
                   y_of(s.points[p + 1].second), hue, 1.5, i % 2 == 1);
        }
        for (const auto& [px, e] : s.points) {
            c.circle(x.at(xv(px)), y_of(e), 3, hue,
                     s.label + ": " + argument + " = " + number_text(px) + ", largest error " + rate_text(e) + " " + unit);
        }
        const double legend_y = top + 6 + 16 * static_cast<double>(i);
        c.line(right + 16, legend_y, right + 36, legend_y, hue, 1.5, i % 2 == 1);
        c.text(right + 40, legend_y + 4, s.label, "start", 10);
    }
    return c.str();
}

}  // namespace fpv::svg
