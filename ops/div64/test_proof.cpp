// The per-cell proof of the one-Halley divisions (ops/div64/proof.h): it proves the corrected
// variant, lists cells for the published one, its bounds hold and are nearly attained by the code's
// own arithmetic, and every failure a campaign finds lies in a listed cell.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/portability.h"
#include "corpus/counter_rng.h"
#include "ops/div64/impls.h"
#include "ops/div64/proof.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace div64::proof;
using div64::emulation_detail::kCorrectedSeedBias;
using div64::emulation_detail::kPublishedSeedBias;

template <uint64_t kBias>
uint64_t seed_of(uint64_t mantissa) {
    return div64::emulation_detail::reciprocal_seed<kBias>(mantissa);
}

template <uint64_t kBias>
uint64_t refined_of(uint64_t sy) {
    return div64::emulation_detail::refine_reciprocal<div64::Refinement::halley_once>(
        seed_of<kBias>(sy - (uint64_t{1} << 52)), sy << 11);
}

// The whole proof, once per variant for the suite: about a second each in a release build.
const ProofSummary& summary(uint64_t bias) {
    static const ProofSummary fixed = prove(&seed_of<kCorrectedSeedBias>);
    static const ProofSummary published = prove(&seed_of<kPublishedSeedBias>);
    return bias == kCorrectedSeedBias ? fixed : published;
}

// The exact residual 1 - y r1 of the code's refined reciprocal, over 2^kScaleBits.
mpz_class refined_residual(uint64_t sy, uint64_t r1) {
    mpz_class one, product = mpz_class(static_cast<unsigned long>(sy)) * mpz_class(static_cast<unsigned long>(r1));
    mpz_setbit(one.get_mpz_t(), 115);
    mpz_class scaled = one - product;
    mpz_mul_2exp(scaled.get_mpz_t(), scaled.get_mpz_t(), kScaleBits - 115);
    return scaled;
}

// Draw i of a random stream.
uint64_t draw(uint64_t stream, uint64_t i) { return mix64(mix64(stream) + i); }

mpz_class power_of_two(unsigned bits) {
    mpz_class z;
    mpz_setbit(z.get_mpz_t(), bits);
    return z;
}

TEST(Div64Proof, ProvesTheCorrectedHalleyDivisionInEveryCell) {
    const ProofSummary& s = summary(kCorrectedSeedBias);
    EXPECT_EQ(s.cells, kSeedCells);
    EXPECT_EQ(s.proved, kSeedCells);
    EXPECT_TRUE(s.failing.empty());
    EXPECT_LT(s.worst_error_ulps, 0.34);  // 0.3275 ulp: docs/div64_proof.md
    EXPECT_GT(s.worst_error_ulps, 0.3);
}

TEST(Div64Proof, ListsTheCellsWhereThePublishedResidualWraps) {
    const ProofSummary& s = summary(kPublishedSeedBias);
    EXPECT_EQ(s.failing.size(), 210399u);
    for (const CellBound& b : s.failing) {
        ASSERT_TRUE(b.residual_wraps) << b.cell;
        ASSERT_GE(b.wrap_from, b.sy_first);
        ASSERT_LE(b.wrap_from, b.sy_last);
    }
    EXPECT_EQ(s.failing.front().cell, 0u);  // 2^63 - 2^42 overestimates 1/y from y = 1 + 2^-21 on
}

// The seed is the same for every divisor of a cell: the premise of the whole argument.
TEST(Div64Proof, SeedDependsOnlyOnTheCell) {
    const uint64_t rng = 0x5eed;
    for (uint64_t i = 0; i < 20000; ++i) {
        const uint64_t mantissa = draw(rng, i) & 0x000fffffffffffffull;
        ASSERT_EQ(seed_of<kCorrectedSeedBias>(mantissa), seed_of<kCorrectedSeedBias>(mantissa & ~0xffffffffull));
    }
}

// Cells to brute-force: both ends, the worst one, and a spread.
std::vector<uint32_t> sample_cells(const ProofSummary& s) {
    std::vector<uint32_t> cells = {0, 1, kSeedCells - 1, s.worst_cell};
    for (uint32_t k = 0; k < 28; ++k) cells.push_back(k * 37449u + 1234u);
    return cells;
}

// The code's own r1 for divisors across a cell, ends included: the residual stays in the proved
// interval and comes within 2^-59 of both of its ends (the bound is not vacuous).
TEST(Div64Proof, RefinedResidualBoundHoldsAndIsNearlyAttained) {
    const mpz_class slack = power_of_two(kScaleBits - 59);
    const uint64_t rng = 0xce11;
    for (uint32_t cell : sample_cells(summary(kCorrectedSeedBias))) {
        const CellBound b = bound_cell(cell, seed_of<kCorrectedSeedBias>(uint64_t{cell} << 32));
        mpz_class low = b.refined_high, high = b.refined_low;
        for (uint64_t i = 0; i < 4096; ++i) {
            const uint64_t sy = i == 0 ? b.sy_first : i == 1 ? b.sy_last : b.sy_first + (draw(rng, cell * 4096ull + i) >> 32);
            const mpz_class eps1 = refined_residual(sy, refined_of<kCorrectedSeedBias>(sy));
            ASSERT_GE(eps1, b.refined_low) << "cell " << cell << " sy " << sy;
            ASSERT_LE(eps1, b.refined_high) << "cell " << cell << " sy " << sy;
            low = std::min(low, eps1);
            high = std::max(high, eps1);
        }
        EXPECT_LE(mpz_class(b.refined_high - high), slack) << "cell " << cell;
        EXPECT_LE(mpz_class(low - b.refined_low), slack) << "cell " << cell;
    }
}

// The quotient before truncation, A = sx 2^ns r1 / 2^63, against the exact one, Q = sx 2^ns / y:
// |A - Q| stays within the cell's bound, and the division is correctly rounded.
TEST(Div64Proof, QuotientErrorStaysWithinTheCellBound) {
    const uint64_t rng = 0xa11;
    double largest = 0;
    for (uint32_t cell : sample_cells(summary(kCorrectedSeedBias))) {
        const CellBound b = bound_cell(cell, seed_of<kCorrectedSeedBias>(uint64_t{cell} << 32));
        for (uint64_t i = 0; i < 2048; ++i) {
            const uint64_t sy = i < 1024 ? b.sy_first + (i & 7) : b.sy_first + (draw(rng, cell * 8192ull + i) >> 32);
            const uint64_t sx = (draw(rng, cell * 8192ull + 4096 + i) >> 11) | (uint64_t{1} << 52);
            const uint64_t r1 = refined_of<kCorrectedSeedBias>(sy);
            const unsigned ns = (static_cast<unsigned __int128>(sx) * r1 >> 63) < (uint64_t{1} << 52) ? 1 : 0;
            // (A - Q) * 2^63 sy = sx 2^ns (r1 sy - 2^115)
            mpz_class gap = mpz_class(static_cast<unsigned long>(r1)) * mpz_class(static_cast<unsigned long>(sy)) -
                            power_of_two(115);
            gap *= mpz_class(static_cast<unsigned long>(sx << ns));
            const double ulps = std::abs(gap.get_d()) / (std::ldexp(1.0, 63) * static_cast<double>(sy));
            ASSERT_LE(ulps, b.quotient_error_ulps * (1 + 1e-12)) << "cell " << cell;
            largest = std::max(largest, ulps);
            const uint64_t x = 0x3ff0000000000000ull | (sx & 0x000fffffffffffffull);
            const uint64_t y = 0x3ff0000000000000ull | (sy & 0x000fffffffffffffull);
            ASSERT_EQ(div64::EmuHalleyFixed::run(x, y), bits_of(double_of(x) / double_of(y)));
        }
    }
    EXPECT_GT(largest, 0.25);  // the worst cell's first divisors come close to its 0.3275 ulp
}

// Random normal operands: every wrong quotient of the published division has its divisor in a
// listed cell, at or above the cell's wrap threshold; the corrected one is never wrong.
TEST(Div64Proof, PublishedFailuresLieInListedCells) {
    const ProofSummary& s = summary(kPublishedSeedBias);
    std::vector<const CellBound*> by_cell(kSeedCells, nullptr);
    for (const CellBound& b : s.failing) by_cell[b.cell] = &b;
    const uint64_t rng = 0xd1f;
    uint64_t wrong = 0;
    for (uint64_t i = 0; i < 100000; ++i) {
        const uint64_t x = draw(rng, 2 * i) & 0x3fffffffffffffffull, y = (draw(rng, 2 * i + 1) & 0x000fffffffffffffull) | 0x3ff0000000000000ull;
        if ((x >> 52) == 0) continue;
        const uint64_t exact = bits_of(double_of(x) / double_of(y));
        ASSERT_EQ(div64::EmuHalleyFixed::run(x, y), exact);
        if (div64::EmuHalley::run(x, y) == exact) continue;
        ++wrong;
        const CellBound* b = by_cell[seed_cell_of_divisor(y)];
        ASSERT_NE(b, nullptr) << std::hex << x << " / " << y;
        ASSERT_GE(divisor_significand(y), b->wrap_from) << std::hex << x << " / " << y;
    }
    EXPECT_GT(wrong, 1000u);
}

// The command: both verdicts, and the stored failures of a CPU campaign placed in listed cells.
TEST(Div64ProofCli, ProvesOneListsTheOtherAndPlacesCampaignFailures) {
    const testing::CommandResult fixed = testing::run_fpverify({"prove-div64", "--impl", "div64.emu_halley_fixed"});
    EXPECT_EQ(fixed.status, 0) << fixed.err;
    EXPECT_TRUE(testing::contains(fixed.out, "proved: every cell (1048576 of 1048576)")) << fixed.out;

    testing::TempDir dir;
    const std::string db = dir.path("halley.db");
    const testing::CommandResult run = testing::run_fpverify(
        {"run", "--db", db, "--impl", "div64.emu_halley", "--classes", "normal,subnormal", "--count", "1e5",
         "--failures-kept", "100000", "--backend", "cpu", "--threads", "2", "--quiet"});
    ASSERT_EQ(run.status, 1) << run.err;  // the published division fails
    const testing::CommandResult published = testing::run_fpverify(
        {"prove-div64", "--impl", "div64.emu_halley", "--check-db", db, "--cells-out", dir.path("cells.txt")});
    EXPECT_EQ(published.status, 1) << published.err;
    EXPECT_TRUE(testing::contains(published.out, "not proved: 210399 of 1048576 cells fail")) << published.out;
    int placed = -1, stored = -2;
    const size_t at = published.out.find(" stored failures");
    ASSERT_NE(at, std::string::npos) << published.out;
    const size_t line = published.out.rfind('\n', at) + 1;
    ASSERT_EQ(std::sscanf(published.out.c_str() + line, "%d of %d", &placed, &stored), 2) << published.out;
    EXPECT_GT(stored, 1000);
    EXPECT_EQ(placed, stored);
    EXPECT_TRUE(testing::contains(testing::read_file(dir.path("cells.txt")), "cell 0 (significands"));

    const testing::CommandResult other = testing::run_fpverify({"prove-div64", "--impl", "div64.emu_nr"});
    EXPECT_EQ(other.status, 2);
}

}  // namespace
}  // namespace fpv
