// A tally statistic's rows (model/statistic.h) written into its table and read back, for any
// statistic: the store iterates over Tally::statistics() and never names one.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/usage_error.h"
#include "model/statistic.h"
#include "store/sqlite_handle.h"

namespace fpv {

namespace statistic_sql {

inline std::string column_list(const StatisticTable& t) {
    std::string list = "campaign_id, ordinal";
    for (const std::string_view k : t.keys) list += ", " + std::string(k);
    for (const std::string_view v : t.values) list += ", " + std::string(v);
    return list;
}

// INSERT of one row; an upsert on the keys unless the table's rows are replaced whole.
inline std::string insert(const StatisticTable& t) {
    std::string sql = "INSERT INTO " + std::string(t.name) + " (" + column_list(t) + ") VALUES (?, ?";
    for (size_t i = 0; i < t.keys.size() + t.values.size(); ++i) sql += ", ?";
    sql += ")";
    if (t.replace) return sql;
    sql += " ON CONFLICT (campaign_id, ordinal";
    for (const std::string_view k : t.keys) sql += ", " + std::string(k);
    sql += ") DO UPDATE SET ";
    for (size_t i = 0; i < t.values.size(); ++i) {
        sql += (i == 0 ? "" : ", ") + std::string(t.values[i]) + " = excluded." + std::string(t.values[i]);
    }
    return sql;
}

inline std::string select(const StatisticTable& t) {
    std::string sql = "SELECT ";
    for (size_t i = 0; i < t.keys.size() + t.values.size(); ++i) {
        sql += (i == 0 ? "" : ", ") +
               std::string(i < t.keys.size() ? t.keys[i] : t.values[i - t.keys.size()]);
    }
    sql += " FROM " + std::string(t.name) + " WHERE campaign_id = ? AND ordinal = ? ORDER BY ";
    for (size_t i = 0; i < t.keys.size(); ++i) sql += (i == 0 ? "" : ", ") + std::string(t.keys[i]);
    return sql;
}

}  // namespace statistic_sql

// ", column = ?" for a statistic that keeps a column of the units table, "" for the others: the
// store sets the columns in the one UPDATE of a unit's counts, binding unit_value_of(s) in order.
template <Statistic S>
std::string unit_column_assignment(const S&) {
    return S::unit_column.empty() ? std::string() : ", " + std::string(S::unit_column) + " = ?";
}

// Binds the statistic's unit column value, if it keeps one, at `at` and moves past it.
template <Statistic S>
void bind_unit_column(Statement& update, int& at, const S& s) {
    if constexpr (!S::unit_column.empty()) update.bind(at++, unit_value_of(s));
}

// Writes the unit's rows of `s` (inside the caller's transaction); its unit column goes with the
// unit's counts (unit_column_assignment).
template <Statistic S>
void write_statistic(sqlite3* db, int64_t campaign_id, int ordinal, const S& s) {
    if constexpr (S::table.name.empty()) return;  // a unit column only
    if (S::table.replace) {
        Statement clear(db, "DELETE FROM " + std::string(S::table.name) + " WHERE campaign_id = ? AND ordinal = ?");
        clear.bind(1, campaign_id).bind(2, int64_t{ordinal}).run();
    }
    const std::vector<StatisticRow> rows = s.rows();
    if (rows.empty()) return;
    Statement insert(db, statistic_sql::insert(S::table));
    for (const StatisticRow& row : rows) {
        insert.reset();
        insert.bind(1, campaign_id).bind(2, int64_t{ordinal});
        for (size_t i = 0; i < row.size(); ++i) insert.bind(static_cast<int>(i) + 3, row[i]);
        insert.run();
    }
}

// Reads the unit's rows of `s`; a malformed row is a UsageError naming the database and table.
template <Statistic S>
void read_statistic(sqlite3* db, const std::string& path, int64_t campaign_id, int ordinal, S& s) {
    if constexpr (!S::unit_column.empty()) {
        Statement u(db, "SELECT " + std::string(S::unit_column) + " FROM units WHERE campaign_id = ? AND ordinal = ?");
        u.bind(1, campaign_id).bind(2, int64_t{ordinal});
        if (u.step()) set_unit_value_of(s, u.int64(0));
    }
    if constexpr (S::table.name.empty()) return;
    Statement rows(db, statistic_sql::select(S::table));
    rows.bind(1, campaign_id).bind(2, int64_t{ordinal});
    const size_t columns = S::table.keys.size() + S::table.values.size();
    StatisticRow row(columns);
    while (rows.step()) {
        for (size_t i = 0; i < columns; ++i) row[i] = rows.int64(static_cast<int>(i));
        try {
            s.add_row(row);
        } catch (const std::invalid_argument&) {
            throw UsageError("database '" + path + "' has a malformed " + std::string(S::table.name) + " row");
        }
    }
}

}  // namespace fpv
