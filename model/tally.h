// What a campaign accumulates for one (impl, class) unit. A Tally is a value with an
// associative, commutative merge, so threads, batches, GPUs and shards combine in any order and
// give the same result: counts add, histograms add, the worst lists keep the largest errors
// (ties broken by input index) and the failure sample keeps the lowest input indices.
#pragma once

#include <array>
#include <tuple>
#include <cstdint>
#include <vector>

#include "core/operands.h"
#include "model/error_bins.h"
#include "model/failure_map.h"
#include "model/histogram.h"
#include "model/statistics/flush_changes.h"
#include "model/statistics/products_run.h"
#include "model/statistics/ulp_errors.h"
#include "model/statistics/ulp_steps.h"
#include "model/statistics/wrong_binades.h"
#include "model/statistics/wrong_runs.h"
#include "model/tally_limits.h"
#include "reference/verdict.h"

namespace fpv {

struct FailureRecord {
    uint64_t index = 0;
    Operands input;
    uint64_t result = 0;
    uint64_t expected = 0;
    double error = 0;
    Category category = Category::exact;

    friend bool operator==(const FailureRecord& a, const FailureRecord& b);
};

// True when a is a worse failure than b: larger error, then lower index.
bool worse_than(const FailureRecord& a, const FailureRecord& b);

struct Tally {
    uint64_t tested = 0;
    std::array<uint64_t, kCategoryCount> by_category{};
    Histogram error_histogram;                // measured errors inside the domain
    std::vector<FailureRecord> worst;         // largest measured errors inside, worst first
    Histogram outside_histogram;              // measured errors outside the domain
    std::vector<FailureRecord> outside_worst; // largest finite measured errors outside
    std::vector<FailureRecord> failures;      // failures, by index
    uint64_t reference_disagreements = 0;     // vector-file results that the reference contradicts
    std::vector<FailureRecord> disagreements; // a sample of those, by index (result = vector's)
    // The optional statistics (model/statistic.h): each merges, encodes and is stored by itself,
    // and the merge, the MPI codec and the store reach them through statistics().
    WrongRuns wrong_runs;                     // exhaustive sweeps: the wrong inputs exactly
    WrongBinades wrong_by_binade;             // exhaustive sweeps: the wrong inputs by binade
    UlpSteps step_counts;                     // binary32 results inside but not correctly rounded
    FailureMap map;                           // inside the domain: tested and failed by cell
    FlushChanges ftz_changed;                 // flush-to-zero impls: answers that flushing changed
    ProductsRun products_run;                 // whole-product impls: what ran (bit counts, native or not)
    UlpErrors ulp_errors;                     // matrix-product entries inside: fractional ulps from the rounded one
    auto statistics() {
        return std::tie(wrong_runs, wrong_by_binade, step_counts, map, ftz_changed, products_run, ulp_errors);
    }
    auto statistics() const {
        return std::tie(wrong_runs, wrong_by_binade, step_counts, map, ftz_changed, products_run, ulp_errors);
    }

    uint64_t count(Category c) const { return by_category[static_cast<size_t>(c)]; }
    uint64_t exact() const { return count(Category::exact); }
    uint64_t outside() const { return count(Category::outside_domain); }
    uint64_t inside() const { return tested - outside(); }
    uint64_t passed() const {
        return exact() + count(Category::within_bound) + count(Category::unclaimed);
    }
    uint64_t failed() const { return inside() - passed(); }
    bool has_failures() const { return failed() != 0; }
    double max_error() const { return worst.empty() ? 0.0 : worst.front().error; }

    // Inline: this runs for every judged input; measured errors and failures take slow paths.
    // `cell`: the input's failure-map cell (model/failure_map.h), or -1 to leave the map alone.
    void record(uint64_t index, const Operands& input, uint64_t result, const Verdict& v,
                const TallyLimits& limits, int cell = -1) {
        ++tested;
        ++by_category[static_cast<size_t>(v.category)];
        if (cell >= 0 && v.inside()) map.add(cell, 1, v.failed() ? 1 : 0);
        if (v.measured || v.failed()) record_details(index, input, result, v, limits);
    }
    void record_details(uint64_t index, const Operands& input, uint64_t result, const Verdict& v,
                        const TallyLimits& limits);
    // Exhaustive sweeps call this for each wrong input, in increasing order within a thread.
    void record_wrong(uint32_t bits, const TallyLimits& limits);
    void record_disagreement(uint64_t index, const Operands& input, uint64_t vector_result,
                             uint64_t reference_result, const TallyLimits& limits);
    void merge(const Tally& other, const TallyLimits& limits);

    bool operator==(const Tally&) const = default;
};

}  // namespace fpv
