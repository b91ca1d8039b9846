#include "model/tally.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fpv {
namespace {

bool lower_index(const FailureRecord& a, const FailureRecord& b) { return a.index < b.index; }

// Keeps the first `keep` elements of the union of two lists sorted by `before`.
template <class Less>
void merge_capped(std::vector<FailureRecord>& into, const std::vector<FailureRecord>& from,
                  size_t keep, Less before) {
    std::vector<FailureRecord> merged;
    merged.reserve(std::min(keep, into.size() + from.size()));
    std::merge(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(merged),
               before);
    if (merged.size() > keep) merged.resize(keep);
    into = std::move(merged);
}

template <class Less>
void insert_capped(std::vector<FailureRecord>& list, const FailureRecord& r, size_t keep,
                   Less before) {
    if (list.size() >= keep && (keep == 0 || !before(r, list.back()))) return;
    list.insert(std::upper_bound(list.begin(), list.end(), r, before), r);
    if (list.size() > keep) list.pop_back();
}

}  // namespace

bool worse_than(const FailureRecord& a, const FailureRecord& b) {
    if (a.error != b.error) return a.error > b.error;
    return a.index < b.index;
}

bool operator==(const FailureRecord& a, const FailureRecord& b) {
    return a.index == b.index && a.input == b.input && a.result == b.result && a.expected == b.expected && a.category == b.category &&
           (a.error == b.error || (std::isnan(a.error) && std::isnan(b.error)));
}

void Tally::record_details(uint64_t index, const Operands& input, uint64_t result,
                           const Verdict& v, const TallyLimits& limits) {
    const FailureRecord r{index, input, result, v.expected, v.error, v.category};
    if (v.measured) {
        if (v.inside()) {
            error_histogram.add(error_bin(v.error));
            insert_capped(worst, r, limits.worst_kept, worse_than);
        } else {
            // Outside, non-finite outcomes only count (the histogram's infinite bin); the worst
            // list keeps the largest finite errors, which say more.
            outside_histogram.add(error_bin(v.error));
            if (std::isfinite(v.error)) insert_capped(outside_worst, r, limits.worst_kept, worse_than);
        }
    }
    if (v.failed()) insert_capped(failures, r, limits.failures_kept, lower_index);
    if (v.steps > 0 && v.inside()) step_counts.record(v.steps);
    if (v.ulps >= 0 && v.inside()) ulp_errors.record(v.ulps);
}

void Tally::record_wrong(uint32_t bits, const TallyLimits& limits) {
    wrong_by_binade.record(bits);
    wrong_runs.record(bits, limits);
}

void Tally::record_disagreement(uint64_t index, const Operands& input, uint64_t vector_result,
                                uint64_t reference_result, const TallyLimits& limits) {
    ++reference_disagreements;
    const FailureRecord r{index, input, vector_result, reference_result, 0, Category::exact};
    insert_capped(disagreements, r, limits.failures_kept, lower_index);
}

void Tally::merge(const Tally& other, const TallyLimits& limits) {
    tested += other.tested;
    for (size_t i = 0; i < by_category.size(); ++i) by_category[i] += other.by_category[i];
    error_histogram.merge(other.error_histogram);
    merge_capped(worst, other.worst, limits.worst_kept, worse_than);
    outside_histogram.merge(other.outside_histogram);
    merge_capped(outside_worst, other.outside_worst, limits.worst_kept, worse_than);
    merge_capped(failures, other.failures, limits.failures_kept, lower_index);
    reference_disagreements += other.reference_disagreements;
    merge_capped(disagreements, other.disagreements, limits.failures_kept, lower_index);
    std::apply([&](auto&... mine) {
        std::apply([&](const auto&... theirs) { (mine.merge(theirs, limits), ...); }, other.statistics());
    }, statistics());
}

}  // namespace fpv
