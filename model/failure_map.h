// Where in the input space an impl fails: inputs inside the domain, tested and failed, counted
// over a 32 x 32 grid of operand features that the op's operand formats choose (an op is asked
// what it is, never which):
//   two or three operands   rows: operand 0's feature, columns: operand 1's
//   one operand             rows: its exponent range (32 ranges of the exponent field),
//                           columns: its feature
// where a binary64 or binary32 operand's feature is the leading 5 bits of its stored fraction
// and a float-float pair's is the exponent gap between hi and lo. For div64 the columns are
// the divisor's leading bits, which is where a too-large reciprocal seed shows. The cell is a
// pure function of the input, on the host and the GPU alike, so maps merge like counts.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/formats.h"
#include "core/operands.h"
#include "core/op_traits.h"
#include "core/portability.h"
#include "model/statistic.h"

namespace fpv {

inline constexpr int kMapSide = 32;
inline constexpr int kMapCells = kMapSide * kMapSide;

enum class MapFeature : uint8_t {
    leading_bits,    // the leading 5 bits of the stored fraction
    hi_lo_gap,       // exponent field of hi minus that of lo (see gap_bucket)
    exponent_range,  // the exponent field's leading 5 bits (8 binary32 binades, 64 binary64)
    entry_row,       // a matrix entry's row modulo 32: its row within a 32 x 32 tile
    entry_column,    // and its column
};

struct MapAxis {
    MapFeature feature = MapFeature::leading_bits;
    int operand = 0;
    Format format = Format::binary64;
};

struct MapLayout {
    MapAxis rows, cols;
};

constexpr MapAxis main_axis(Format f, int operand) {
    return {f == Format::pair32 ? MapFeature::hi_lo_gap : MapFeature::leading_bits, operand, f};
}

template <size_t N>
constexpr MapLayout map_layout(const std::array<Operand, N>& operands, int arity) {
    // A matrix entry is placed within its tile: tiled kernels fail in patterns of their tiles.
    if (operands[0].format == Format::entry) {
        return {{MapFeature::entry_row, 0, Format::entry}, {MapFeature::entry_column, 0, Format::entry}};
    }
    if (arity >= 2) return {main_axis(operands[0].format, 0), main_axis(operands[1].format, 1)};
    return {{MapFeature::exponent_range, 0, operands[0].format}, main_axis(operands[0].format, 0)};
}

template <class Op>
inline constexpr MapLayout map_layout_of = map_layout(Op::operands, arity<Op>);

inline MapLayout map_layout(const OpInfo& op) { return map_layout(op.operands, op.arity); }

// The gap buckets: 0 for a gap of 20 or less (or lo above hi), 1-29 for gaps 21-49, 30 for 50
// or more, 31 for lo = 0 or a non-finite hi. Normalised pairs have gaps of 24 and more.
inline constexpr int kGapBelow = 20;

FPV_HD FPV_INLINE int gap_bucket(uint64_t word) {
    const uint32_t hi = static_cast<uint32_t>(word >> 32), lo = static_cast<uint32_t>(word);
    const int hi_field = static_cast<int>((hi >> 23) & 0xff), lo_field = static_cast<int>((lo >> 23) & 0xff);
    if ((lo & 0x7fffffffu) == 0 || hi_field == 0xff) return kMapSide - 1;
    const int gap = hi_field - lo_field;
    if (gap <= kGapBelow) return 0;
    return gap - kGapBelow < kMapSide - 2 ? gap - kGapBelow : kMapSide - 2;
}

FPV_HD FPV_INLINE int map_feature(const MapAxis& axis, uint64_t word) {
    const bool wide = axis.format == Format::binary64;
    switch (axis.feature) {
        case MapFeature::leading_bits:
            return static_cast<int>((wide ? word >> 47 : word >> 18) & 31u);
        case MapFeature::hi_lo_gap:
            return gap_bucket(word);
        case MapFeature::exponent_range:
            if (axis.format == Format::pair32) word >>= 32;  // hi's
            return static_cast<int>((wide ? word >> 58 : word >> 26) & 31u);
        case MapFeature::entry_row:
            return static_cast<int>((word >> 32) & 31u);
        case MapFeature::entry_column:
            return static_cast<int>(word & 31u);
    }
    return 0;
}

FPV_HD FPV_INLINE int map_cell(const MapLayout& layout, uint64_t row_word, uint64_t col_word) {
    return map_feature(layout.rows, row_word) * kMapSide + map_feature(layout.cols, col_word);
}

template <class Op>
FPV_HD FPV_INLINE int map_cell_of(const Operands& in) {
    constexpr MapLayout layout = map_layout_of<Op>;
    return map_cell(layout, in.word(layout.rows.operand), in.word(layout.cols.operand));
}

// What a row or column stands for, for the reports: "x: leading fraction bits",
// and each bucket's label ("1.00101", "gap 21", "2^-127..2^-120").
std::string axis_title(const MapAxis& axis, const OpInfo& op);
std::string bucket_label(const MapAxis& axis, int bucket);

// Tested and failed inputs inside the domain, by cell; both empty until the first count. A tally
// statistic (model/statistic.h).
struct FailureMap {
    static constexpr std::array<std::string_view, 1> kKeys{"cell"};
    static constexpr std::array<std::string_view, 2> kValues{"tested", "failed"};
    static constexpr StatisticTable table{"failure_map", kKeys, kValues};
    static constexpr std::string_view unit_column = "";

    std::vector<uint64_t> tested, failed;

    void add(int cell, uint64_t tested_count, uint64_t failed_count) {
        if (tested.empty()) {
            tested.assign(kMapCells, 0);
            failed.assign(kMapCells, 0);
        }
        tested[static_cast<size_t>(cell)] += tested_count;
        failed[static_cast<size_t>(cell)] += failed_count;
    }
    void merge(const FailureMap& other);
    void merge(const FailureMap& other, const TallyLimits&) { merge(other); }
    std::vector<StatisticRow> rows() const;
    void add_row(std::span<const int64_t> row);
    bool empty() const { return tested.empty(); }
    uint64_t total_tested() const;
    uint64_t total_failed() const;
    bool operator==(const FailureMap& other) const;
};

}  // namespace fpv
