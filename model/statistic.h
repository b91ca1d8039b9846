// The optional parts of a tally (model/tally.h), each a type that carries everything the layers
// need of it: its merge, its rows (which are at once its MPI encoding and what the store writes
// into its table, under the unit's campaign id and ordinal), and at most one column of the units
// table. The tally, the MPI codec (model/tally_codec.cpp) and the store (store/store_write.cpp,
// store/store_read.cpp) iterate over Tally::statistics() and never name one; the reports render
// each in a section of its own (docs/architecture.md, "Add a tally statistic").
//
// A statistic S declares:
//   static constexpr StatisticTable table    its table, key and value columns (integers); a
//                                            table named "" for a statistic that is one column
//                                            of the units table only
//   static constexpr std::string_view unit_column   a column of units it keeps, or ""
//   void merge(const S&, const TallyLimits&)  associative and commutative, as every tally part
//   bool operator==(const S&) const
//   std::vector<StatisticRow> rows() const     keys then values, one row per nonzero entry
//   void add_row(std::span<const int64_t>)     the inverse; std::invalid_argument when malformed
//   int64_t unit_value() const, void set_unit_value(int64_t)   where unit_column is not ""
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "model/tally_limits.h"

namespace fpv {

struct StatisticTable {
    std::string_view name;
    std::span<const std::string_view> keys, values;
    // Rows rewritten whole at each commit (a list that may shrink), instead of one upsert a key.
    bool replace = false;
};

using StatisticRow = std::vector<int64_t>;

template <class S>
concept Statistic = requires(S s, const S& other, std::span<const int64_t> row) {
    { S::table } -> std::convertible_to<StatisticTable>;
    { S::unit_column } -> std::convertible_to<std::string_view>;
    s.merge(other, TallyLimits{});
    { other == other } -> std::convertible_to<bool>;
    { other.rows() } -> std::convertible_to<std::vector<StatisticRow>>;
    s.add_row(row);
};

// What names a statistic (its table, or the unit column of one without a table), in the MPI codec.
template <Statistic S>
constexpr std::string_view statistic_name(const S&) {
    return S::table.name.empty() ? S::unit_column : S::table.name;
}

// A unit column's value, for statistics that keep one (the others: 0, never written).
template <Statistic S>
int64_t unit_value_of(const S& s) {
    if constexpr (S::unit_column.empty()) {
        return 0;
    } else {
        return s.unit_value();
    }
}

template <Statistic S>
void set_unit_value_of(S& s, int64_t value) {
    if constexpr (!S::unit_column.empty()) s.set_unit_value(value);
}

}  // namespace fpv
