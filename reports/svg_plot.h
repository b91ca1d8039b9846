// The reports' plots, as inline SVG: self-contained (no script, no external asset, no font but
// the page's), black on white with one hue per meaning, so they print. Each is one <svg>
// element with class "plot" and a data-plot attribute naming its kind, a <title> saying what it
// shows, and labelled axes. All SVG the reports draw is made here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/op_traits.h"
#include "model/failure_map.h"
#include "model/tally.h"

namespace fpv::svg {

// Counts per log2 error bin on a log scale: data-plot="histogram".
std::string error_histogram(const Histogram& h, const std::string& unit, const std::string& title);

// A failure rate with its 95 % interval, or the upper bound where nothing failed.
struct RateRow {
    std::string label;
    uint64_t failed = 0, inside = 0;
};
// data-plot="class-rates"
std::string failure_rates(const std::vector<RateRow>& rows, const std::string& title);

// The failure map as a heat map: failure rate per cell on a log colour scale, cells without
// failures pale, cells never tested blank: data-plot="failure-map".
std::string failure_map(const FailureMap& map, const OpInfo& op, const std::string& title);

// Float-float impls: the measured maximum error against the proven bound, log2 of u^2:
// data-plot="ff-bounds".
struct BoundRow {
    std::string label;
    double measured = -1;     // < 0: nothing measured
    double bound = 0;         // 0: no proven bound
    bool error_free = false;  // the result must be exact
};
std::string bounds(const std::vector<BoundRow>& rows);

// Binary32 sweeps: wrong inputs by binade (exponent field, each sign): data-plot="binades".
std::string wrong_binades(const std::vector<uint64_t>& wrong_by_binade, const std::string& title);

// Two campaigns: each unit's failure rate then and now with its 95 % interval:
// data-plot="compare-rates".
struct CompareRow {
    std::string label, verdict;  // verdict: "better", "worse", "unchanged"
    uint64_t failed_then = 0, inside_then = 0, failed_now = 0, inside_now = 0;
};
std::string compared_rates(const std::vector<CompareRow>& rows);

// The largest error of each impl against a numeric argument of its classes (gemm64's k or phi),
// one line an impl, the errors on a log2 scale (0 at the foot): data-plot="error-against".
struct Series {
    std::string label;
    std::vector<std::pair<double, double>> points;  // (argument, error >= 0), by argument
};
std::string error_against(const std::string& argument, const std::string& unit, const std::vector<Series>& series,
                          const std::string& title);

}  // namespace fpv::svg
