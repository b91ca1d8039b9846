// Tallies merge associatively and commutatively, so any split of the work gives one result.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "model/tally.h"

namespace fpv {
namespace {

struct Event {
    uint64_t index;
    Verdict verdict;
};

std::vector<Event> events(int n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<Event> list;
    for (int i = 0; i < n; ++i) {
        Verdict v;
        const int kind = static_cast<int>(rng() % 10);
        if (kind < 6) {
            v.category = Category::exact;
        } else {
            v.category = kind == 9 ? Category::spurious_infinity : Category::wrong_value;
            v.error = kind == 9 ? INFINITY : std::ldexp(1.0, static_cast<int>(rng() % 60)) * (1 + rng() % 7);
            if (kind == 8) v.error = 2.0;  // many ties in error, broken by index
            v.measured = true;
        }
        v.expected = rng();
        list.push_back({static_cast<uint64_t>(i), v});
    }
    return list;
}

Tally tally_of(const std::vector<Event>& list, const TallyLimits& limits) {
    Tally t;
    for (const Event& e : list) t.record(e.index, {e.index, ~e.index}, e.index * 3, e.verdict, limits);
    return t;
}

TEST(Tally, AnySplitAndOrderGivesTheSameTally) {
    const TallyLimits limits{5, 7};
    const std::vector<Event> all = events(3000, 1);
    const Tally whole = tally_of(all, limits);
    std::mt19937 rng(2);
    for (int trial = 0; trial < 20; ++trial) {
        std::vector<Event> shuffled = all;
        std::shuffle(shuffled.begin(), shuffled.end(), rng);
        // Split into a random number of pieces and merge them in a random order.
        const size_t pieces = 1 + rng() % 9;
        std::vector<Tally> parts(pieces);
        for (size_t i = 0; i < shuffled.size(); ++i) {
            parts[rng() % pieces].record(shuffled[i].index, {shuffled[i].index, ~shuffled[i].index},
                                         shuffled[i].index * 3, shuffled[i].verdict, limits);
        }
        std::shuffle(parts.begin(), parts.end(), rng);
        Tally merged;
        for (const Tally& p : parts) merged.merge(p, limits);
        ASSERT_EQ(merged, whole) << "trial " << trial;
    }
}

TEST(Tally, KeepsTheWorstErrorsAndTheFirstFailures) {
    const TallyLimits limits{3, 4};
    const std::vector<Event> all = events(2000, 3);
    const Tally t = tally_of(all, limits);
    uint64_t failed = 0;
    std::vector<uint64_t> failing;
    for (const Event& e : all) {
        if (e.verdict.failed()) {
            ++failed;
            failing.push_back(e.index);
        }
    }
    EXPECT_EQ(t.tested, all.size());
    EXPECT_EQ(t.failed(), failed);
    ASSERT_EQ(t.failures.size(), 4u);
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(t.failures[i].index, failing[i]);
    ASSERT_EQ(t.worst.size(), 3u);
    EXPECT_TRUE(std::isinf(t.worst[0].error));
    EXPECT_TRUE(std::is_sorted(t.worst.begin(), t.worst.end(), worse_than));
    EXPECT_EQ(t.error_histogram.total(), failed);
}

TEST(Tally, OutsideTheDomainCountsApartAndKeepsFiniteWorstCases) {
    const TallyLimits limits{4, 10};
    Tally t;
    Verdict outside;
    outside.category = Category::outside_domain;
    outside.measured = true;
    outside.error = INFINITY;
    t.record(1, {}, 0, outside, limits);
    outside.error = 7.0;
    t.record(2, {}, 0, outside, limits);
    Verdict inside;
    inside.category = Category::within_bound;
    inside.measured = true;
    inside.error = 1.5;
    t.record(3, {}, 0, inside, limits);
    EXPECT_EQ(t.tested, 3u);
    EXPECT_EQ(t.outside(), 2u);
    EXPECT_EQ(t.inside(), 1u);
    EXPECT_EQ(t.failed(), 0u);
    EXPECT_EQ(t.passed(), 1u);
    EXPECT_EQ(t.outside_histogram.total(), 2u);
    ASSERT_EQ(t.outside_worst.size(), 1u);  // the infinite one is only counted
    EXPECT_EQ(t.outside_worst[0].error, 7.0);
    ASSERT_EQ(t.worst.size(), 1u);
    EXPECT_EQ(t.max_error(), 1.5);
    EXPECT_TRUE(t.failures.empty());
}

TEST(Tally, HistogramQuantilesAreTheBinsTheirRanksFallIn) {
    Histogram h;
    EXPECT_THROW(h.quantile_bin(0.5), std::logic_error);
    h.add(kBinZeroError, 2);
    h.add(-3, 3);
    h.add(0, 4);
    h.add(kBinInfiniteError, 1);
    // Ten errors: ranks 1-2 are zeros, 3-5 in bin -3, 6-9 in bin 0, 10 infinite.
    EXPECT_EQ(h.quantile_bin(0.1), kBinZeroError);
    EXPECT_EQ(h.quantile_bin(0.2), kBinZeroError);
    EXPECT_EQ(h.quantile_bin(0.21), -3);
    EXPECT_EQ(h.quantile_bin(0.5), -3);
    EXPECT_EQ(h.quantile_bin(0.51), 0);
    EXPECT_EQ(h.quantile_bin(0.9), 0);
    EXPECT_EQ(h.quantile_bin(0.99), kBinInfiniteError);
    EXPECT_EQ(h.quantile_bin(1.0), kBinInfiniteError);
    EXPECT_THROW(h.quantile_bin(0.0), std::logic_error);
}

TEST(Tally, HistogramBinsAreFloorLog2WithZeroAndInfinityApart) {
    EXPECT_EQ(error_bin(1.0), 0);
    EXPECT_EQ(error_bin(1.999), 0);
    EXPECT_EQ(error_bin(0.5), -1);
    EXPECT_EQ(error_bin(0.75), -1);
    EXPECT_EQ(error_bin(3e15), 51);
    EXPECT_EQ(error_bin(0.0), kBinZeroError);
    EXPECT_EQ(error_bin(INFINITY), kBinInfiniteError);
    EXPECT_EQ(error_bin(NAN), kBinInfiniteError);
    EXPECT_EQ(error_bin(0x1p-1074), -1074);
    EXPECT_EQ(error_bin(0x1.fp-1030), -1030);
}

// The bins come from the bits (the GPU computes them too): they must be std::ilogb's.
TEST(Tally, HistogramBinsFromBitsAreIlogbOfEveryBinade) {
    std::mt19937_64 rng(13);
    for (int i = 0; i < 200000; ++i) {
        const uint64_t bits = rng() & ~(uint64_t{1} << 63);
        const double e = double_of(bits);
        if (e == 0 || !std::isfinite(e)) continue;
        ASSERT_EQ(error_bin(e), std::ilogb(e)) << e;
        ASSERT_EQ(error_bin_of_slot(error_slot(error_bin(e))), error_bin(e));
    }
    for (int b = -1073; b <= 1023; ++b) {
        ASSERT_EQ(error_bin(std::ldexp(1.0, b)), b);
        ASSERT_EQ(error_bin(std::nextafter(std::ldexp(1.0, b), 0.0)), b - 1);
    }
}

// A wrong set as maximal runs: from any split into contiguous chunks recorded in increasing
// order within each piece, merged in any order.
TEST(Tally, WrongRunsAreMaximalWhateverTheSplit) {
    const TallyLimits limits{5, 7, 100};
    std::mt19937 rng(9);
    std::vector<uint32_t> wrong;
    std::vector<WrongRun> runs;
    for (uint32_t bits = 0x3f000000u; bits < 0x3f000000u + 20000; ++bits) {
        if ((bits / 97) % 3 == 0 || bits % 1009 == 0) {
            wrong.push_back(bits);
            if (!runs.empty() && runs.back().last + 1 == bits) {
                runs.back().last = bits;
            } else {
                runs.push_back({bits, bits});
            }
        }
    }
    ASSERT_LT(runs.size(), limits.runs_kept);
    for (int trial = 0; trial < 20; ++trial) {
        // Contiguous chunks dealt to pieces, as OpenMP's dynamic schedule deals them to threads.
        const size_t pieces = 1 + rng() % 6;
        std::vector<Tally> parts(pieces);
        for (size_t at = 0; at < wrong.size();) {
            const size_t chunk = 1 + rng() % 300;
            Tally& part = parts[rng() % pieces];
            for (size_t i = at; i < std::min(wrong.size(), at + chunk); ++i) part.record_wrong(wrong[i], limits);
            at += chunk;
        }
        std::shuffle(parts.begin(), parts.end(), rng);
        Tally merged;
        for (const Tally& p : parts) merged.merge(p, limits);
        ASSERT_EQ(merged.wrong_runs.runs, runs) << "trial " << trial;
        ASSERT_FALSE(merged.wrong_runs.overflow);
        ASSERT_EQ(merged.wrong_by_binade.counts[0x3f000000u >> 23], wrong.size());
    }
}

TEST(Tally, TooManyWrongRunsBecomeAnOverflowFlagButTheBinadeCountsStay) {
    const TallyLimits limits{5, 7, 10};
    Tally a, b;
    for (uint32_t i = 0; i < 30; i += 2) a.record_wrong(0x40000000u + i, limits);  // 15 runs
    for (uint32_t i = 0; i < 6; i += 2) b.record_wrong(0xc0000000u + i, limits);   // 3 runs
    EXPECT_FALSE(a.wrong_runs.overflow);  // pieces may hold more than runs_kept before merging
    Tally merged;
    merged.merge(b, limits);
    EXPECT_FALSE(merged.wrong_runs.overflow);
    EXPECT_EQ(merged.wrong_runs.runs.size(), 3u);
    merged.merge(a, limits);
    EXPECT_TRUE(merged.wrong_runs.overflow);
    EXPECT_TRUE(merged.wrong_runs.runs.empty());
    EXPECT_EQ(merged.wrong_by_binade.counts[0x40000000u >> 23], 15u);
    EXPECT_EQ(merged.wrong_by_binade.counts[0xc0000000u >> 23], 3u);
}

}  // namespace
}  // namespace fpv
