// What a campaign accumulates for one (impl, class) unit. A Tally is a value with an
// associative, commutative merge, so threads, batches, GPUs and shards combine in any order and
// give the same result: counts add, histograms add, the worst list keeps the largest errors
// (ties broken by input index) and the failure sample keeps the lowest input indices.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "corpus/operands.h"
#include "reference/verdict.h"

namespace fpv {

struct TallyLimits {
    size_t worst_kept = 16;      // largest errors kept, with their inputs
    size_t failures_kept = 1000; // failures kept as a sample, lowest input indices first
};

struct FailureRecord {
    uint64_t index = 0;
    Operands input;
    uint64_t result = 0;
    uint64_t expected = 0;
    double error = 0;
    Category category = Category::exact;

    friend bool operator==(const FailureRecord& a, const FailureRecord& b);
};

// Histogram bins: floor(log2(error)) for finite positive errors, and two special bins.
inline constexpr int kBinZeroError = -100000;
inline constexpr int kBinInfiniteError = 100000;
int error_bin(double error);

// True when a is a worse failure than b: larger error, then lower index.
bool worse_than(const FailureRecord& a, const FailureRecord& b);

struct Tally {
    uint64_t tested = 0;
    std::array<uint64_t, kCategoryCount> by_category{};
    std::map<int, uint64_t> error_histogram;  // over failures only
    std::vector<FailureRecord> worst;         // sorted, worst first
    std::vector<FailureRecord> failures;      // sorted by index
    uint64_t reference_disagreements = 0;     // vector-file results that the reference contradicts
    std::vector<FailureRecord> disagreements; // a sample of those, by index (result = vector's)

    uint64_t exact() const { return by_category[static_cast<size_t>(Category::exact)]; }
    uint64_t failed() const { return tested - exact(); }
    bool has_failures() const { return failed() != 0; }
    double max_error() const { return worst.empty() ? 0.0 : worst.front().error; }

    // Inline: this runs for every judged input; failures take the slow path.
    void record(uint64_t index, const Operands& input, uint64_t result, const Verdict& v,
                const TallyLimits& limits) {
        ++tested;
        ++by_category[static_cast<size_t>(v.category)];
        if (v.failed()) record_failure(index, input, result, v, limits);
    }
    void record_failure(uint64_t index, const Operands& input, uint64_t result, const Verdict& v,
                        const TallyLimits& limits);
    void record_disagreement(uint64_t index, const Operands& input, uint64_t vector_result,
                             uint64_t reference_result, const TallyLimits& limits);
    void merge(const Tally& other, const TallyLimits& limits);

    bool operator==(const Tally&) const = default;
};

}  // namespace fpv
