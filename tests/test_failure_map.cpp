// Failure maps: the grid each op's traits choose, cells computed by hand from the bits, maps
// that add up to the tally's counts, failures that land in the cells their inputs name, and the
// Halley division's failures where its reciprocal seed is wrong (small divisor mantissas).
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "core/binary32.h"
#include "model/failure_map.h"
#include "model/tally.h"
#include "ops/catalogue.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

const OpInfo& op(const char* name) { return op_info(op_named(name)); }

TEST(FailureMap, TheGridFollowsTheOperandFormats) {
    const MapLayout div = map_layout(op("div64"));
    EXPECT_EQ(div.rows.feature, MapFeature::leading_bits);
    EXPECT_EQ(div.rows.operand, 0);
    EXPECT_EQ(div.cols.feature, MapFeature::leading_bits);
    EXPECT_EQ(div.cols.operand, 1) << "the divisor along the columns";
    EXPECT_EQ(axis_title(div.cols, op("div64")), "y: leading fraction bits");
    const MapLayout sqrt = map_layout(op("sqrt64"));
    EXPECT_EQ(sqrt.rows.feature, MapFeature::exponent_range);
    EXPECT_EQ(sqrt.cols.feature, MapFeature::leading_bits);
    const MapLayout ff = map_layout(op("ff_add"));
    EXPECT_EQ(ff.rows.feature, MapFeature::hi_lo_gap);
    EXPECT_EQ(ff.cols.feature, MapFeature::hi_lo_gap);
    const MapLayout ff_f = map_layout(op("ff_mul_f"));
    EXPECT_EQ(ff_f.rows.feature, MapFeature::hi_lo_gap);
    EXPECT_EQ(ff_f.cols.feature, MapFeature::leading_bits);
    EXPECT_EQ(ff_f.cols.format, Format::binary32);
    const MapLayout sweep = map_layout(op("rsqrt32"));
    EXPECT_EQ(sweep.rows.feature, MapFeature::exponent_range);
    EXPECT_EQ(sweep.rows.format, Format::binary32);
}

TEST(FailureMap, CellsAreTheBitsTheLayoutNames) {
    const MapLayout div = map_layout(op("div64"));
    // 1.5 = 1.10000...b, 1 + 1/32 = 1.00001b, -1.96875 = -1.11111b, 2^-1070 (subnormal: its stored fraction's top bits are 0).
    EXPECT_EQ(map_cell(div, bits_of(1.5), bits_of(1.03125)), 16 * kMapSide + 1);
    EXPECT_EQ(map_cell(div, bits_of(-1.96875), bits_of(0x1p-1070)), 31 * kMapSide + 0);
    const MapLayout sqrt = map_layout(op("sqrt64"));
    // 2^0 has exponent field 1023: bucket 1023 / 64 = 15; 1.75 = 1.11000b.
    EXPECT_EQ(map_cell(sqrt, bits_of(1.75), bits_of(1.75)), 15 * kMapSide + 24);
    EXPECT_EQ(bucket_label(sqrt.rows, 15), "2^-63..2^0");
    const auto pair = [](float hi, float lo) { return uint64_t{bits_of(hi)} << 32 | bits_of(lo); };
    EXPECT_EQ(gap_bucket(pair(1.0f, 0x1p-30f)), 30 - kGapBelow);
    EXPECT_EQ(gap_bucket(pair(1.0f, 0.0f)), kMapSide - 1);
    EXPECT_EQ(gap_bucket(pair(1.0f, 0x1p-80f)), kMapSide - 2);
    EXPECT_EQ(gap_bucket(pair(1.0f, 0.5f)), 0);
    EXPECT_EQ(bucket_label(map_layout(op("ff_add")).rows, 30 - kGapBelow), "30");
    const MapLayout sweep = map_layout(op("rsqrt32"));
    // 3 = 1.1b * 2^1: field 128, bucket 16; fraction 1.10000b.
    EXPECT_EQ(map_cell(sweep, bits_of(3.0f), bits_of(3.0f)), 16 * kMapSide + 16);
}

TEST(FailureMap, MergesLikeCountsAndOnlyInsideTheDomain) {
    Tally a, b;
    Verdict pass, fail, outside;
    fail.category = Category::wrong_value;
    outside.category = Category::outside_domain;
    a.record(0, {}, 0, pass, TallyLimits{}, 5);
    a.record(1, {}, 0, fail, TallyLimits{}, 5);
    b.record(2, {}, 0, fail, TallyLimits{}, 7);
    b.record(3, {}, 0, outside, TallyLimits{}, 7);
    b.record(4, {}, 0, pass, TallyLimits{});  // no cell: the map is left alone
    Tally ab = a, ba = b;
    ab.merge(b, TallyLimits{});
    ba.merge(a, TallyLimits{});
    EXPECT_EQ(ab, ba);
    EXPECT_EQ(ab.map.tested[5], 2u);
    EXPECT_EQ(ab.map.failed[5], 1u);
    EXPECT_EQ(ab.map.tested[7], 1u) << "the input outside the domain is not mapped";
    EXPECT_EQ(ab.map.total_failed(), ab.failed());
}

struct Cell {
    uint64_t tested = 0, failed = 0;
};

std::map<std::pair<int, int>, Cell> cells_of(const nlohmann::json& map) {
    std::map<std::pair<int, int>, Cell> out;
    for (const auto& c : map["cells"]) {
        out[{c["row"].get<int>(), c["column"].get<int>()}] = {c["tested"].get<uint64_t>(), c["failed"].get<uint64_t>()};
    }
    return out;
}

// Every failure is stored (fewer than --failures-kept): counting the stored failures' cells from
// their operands' bits must give the map's failed counts, cell by cell.
TEST(FailureMap, StoredFailuresFallInTheCellsTheirOperandsName) {
    TempDir dir;
    const std::string db = dir.path("h.db");
    ASSERT_EQ(run_fpverify({"run", "--db", db, "--impl", "div64.emu_halley", "--classes", "normal,ties,specials",
                            "--count", "20000", "--backend", "cpu", "--threads", "2", "--quiet", "--no-progress"})
                  .status,
              1);
    const nlohmann::json report = nlohmann::json::parse(run_fpverify({"report", "--db", db, "--format", "json"}).out);
    const MapLayout layout = map_layout(op("div64"));
    uint64_t all_failed = 0, low_failed = 0, all_tested = 0, low_tested = 0;
    for (const auto& unit : report["units"]) {
        const auto cells = cells_of(unit["failure_map"]);
        uint64_t tested = 0, failed = 0;
        for (const auto& [at, c] : cells) {
            tested += c.tested;
            failed += c.failed;
            // Divisors 1.00000b to 1.01001b: where the seed's reciprocal is too large.
            if (unit["class"] != "specials") {
                all_tested += c.tested;
                all_failed += c.failed;
                if (at.second < 10) {
                    low_tested += c.tested;
                    low_failed += c.failed;
                }
            }
        }
        EXPECT_EQ(tested, unit["tested"].get<uint64_t>() - unit["outside_domain"].get<uint64_t>()) << unit["class"];
        EXPECT_EQ(failed, unit["failed"].get<uint64_t>()) << unit["class"];
        EXPECT_FALSE(unit["failure_map"]["partial"].get<bool>());
        std::map<std::pair<int, int>, uint64_t> recounted;
        const std::string cls = unit["class"].get<std::string>();
        for (const auto& row : testing::sql_rows(db, "SELECT a, b FROM failures WHERE class = '" + cls + "'")) {
            const uint64_t x = std::stoull(row[0], nullptr, 16), y = std::stoull(row[1], nullptr, 16);
            const int cell = map_cell(layout, x, y);
            ++recounted[{cell / kMapSide, cell % kMapSide}];
        }
        ASSERT_EQ(unit["failures_stored"].get<uint64_t>(), unit["failed"].get<uint64_t>()) << "all failures kept";
        for (const auto& [at, c] : cells) EXPECT_EQ(c.failed, recounted[at]) << cls << " cell " << at.first << "," << at.second;
    }
    ASSERT_GT(all_failed, 500u);
    EXPECT_GT(static_cast<double>(low_failed), 0.9 * static_cast<double>(all_failed))
        << low_failed << " of " << all_failed << " failures have divisors below 1.01010b";
    EXPECT_LT(static_cast<double>(low_tested), 0.45 * static_cast<double>(all_tested));
}

// Every op family maps all its inputs inside the domain: float-float pairs by exponent gap and
// a binary32 sweep by binade.
TEST(FailureMap, EveryUnitOfEveryFamilyMapsItsInputsInsideTheDomain) {
    TempDir dir;
    const std::vector<std::vector<std::string>> runs = {
        {"--impl", "ff_add.accurate,ff_add.add22,ff_mul_f.dw_times_fp1", "--classes", "random,gap_wide,specials"},
        {"--impl", "f2d.shift_xor", "--classes", "range32:0x007ff000-0x0080ffff,random"}};
    int mapped = 0;
    std::string md;
    for (size_t k = 0; k < runs.size(); ++k) {
        const std::string db = dir.path("m" + std::to_string(k) + ".db");
        const auto status = run_fpverify(testing::concat({"run", "--db", db, "--count", "5000", "--backend", "cpu",
                                                          "--threads", "2", "--quiet", "--no-progress"},
                                                         runs[k]))
                                .status;
        ASSERT_LE(status, 1);
        const nlohmann::json report = nlohmann::json::parse(run_fpverify({"report", "--db", db, "--format", "json"}).out);
        for (const auto& unit : report["units"]) {
            uint64_t tested = 0, failed = 0;
            for (const auto& [at, c] : cells_of(unit["failure_map"])) {
                tested += c.tested;
                failed += c.failed;
            }
            EXPECT_EQ(tested, unit["tested"].get<uint64_t>() - unit["outside_domain"].get<uint64_t>())
                << unit["impl"] << " " << unit["class"];
            EXPECT_EQ(failed, unit["failed"].get<uint64_t>()) << unit["impl"] << " " << unit["class"];
            mapped += tested != 0;
        }
        md += run_fpverify({"report", "--db", db}).out;
    }
    EXPECT_GE(mapped, 8);
    EXPECT_TRUE(contains(md, "rows x: exponent gap hi - lo, columns y: exponent gap hi - lo")) << md;
    EXPECT_TRUE(contains(md, "rows x: exponent gap hi - lo, columns y: leading fraction bits")) << md;
    EXPECT_TRUE(contains(md, "rows a: binades, columns a: leading fraction bits")) << md;
}

}  // namespace
}  // namespace fpv
