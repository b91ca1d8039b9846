#include "model/statistics/wrong_runs.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace fpv {
namespace {

// Runs per thread before giving up: the campaign's limit plus one piece per chunk of work a
// thread may see in a batch, so that splitting the work never decides whether runs are kept.
constexpr size_t kRunSlack = size_t{1} << 16;

void merge_runs(std::vector<WrongRun>& into, const std::vector<WrongRun>& from) {
    std::vector<WrongRun> all;
    all.reserve(into.size() + from.size());
    std::merge(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(all),
               [](const WrongRun& a, const WrongRun& b) { return a.first < b.first; });
    std::vector<WrongRun> joined;
    for (const WrongRun& r : all) {
        if (!joined.empty() && static_cast<uint64_t>(joined.back().last) + 1 >= r.first) {
            joined.back().last = std::max(joined.back().last, r.last);
        } else {
            joined.push_back(r);
        }
    }
    into = std::move(joined);
}

}  // namespace

void WrongRuns::record(uint32_t bits, const TallyLimits& limits) {
    if (overflow) return;
    if (!runs.empty() && static_cast<uint64_t>(runs.back().last) + 1 == bits) {
        runs.back().last = bits;
        return;
    }
    if (runs.size() >= limits.runs_kept + kRunSlack) {
        overflow = true;
        runs.clear();
        return;
    }
    runs.push_back({bits, bits});
}

void WrongRuns::merge(const WrongRuns& other, const TallyLimits& limits) {
    overflow = overflow || other.overflow;
    if (!overflow) merge_runs(runs, other.runs);
    if (overflow || runs.size() > limits.runs_kept) {
        overflow = true;
        runs.clear();
    }
}

std::vector<StatisticRow> WrongRuns::rows() const {
    std::vector<StatisticRow> out;
    out.reserve(runs.size());
    for (const WrongRun& r : runs) out.push_back({int64_t{r.first}, int64_t{r.last}});
    return out;
}

void WrongRuns::add_row(std::span<const int64_t> row) {
    if (row.size() != 2 || row[0] < 0 || row[1] < row[0] || row[1] > int64_t{UINT32_MAX} ||
        (!runs.empty() && row[0] <= int64_t{runs.back().last})) {
        throw std::invalid_argument("malformed wrong_runs row");
    }
    runs.push_back({static_cast<uint32_t>(row[0]), static_cast<uint32_t>(row[1])});
}

}  // namespace fpv
