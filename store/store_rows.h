// How the store's tables spell what they hold: 64-bit words as hexadecimal text, lists as JSON,
// counts below 2^63 as SQLite's signed integers. Shared by the store's reads, writes and migrations.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/operands.h"
#include "core/printable.h"
#include "store/sqlite_handle.h"
#include "store/store.h"

namespace fpv {

// SQLite integers are signed; 64-bit counts and seeds below 2^63 are stored as they are.
inline int64_t as_sql(uint64_t v) { return static_cast<int64_t>(v); }

inline Operands operands_of(const Statement& s, int a_column) {
    return {parse_hex64(s.text(a_column)), parse_hex64(s.text(a_column + 1)), parse_hex64(s.text(a_column + 2))};
}

inline std::string json_list(const std::vector<std::string>& items) {
    return nlohmann::json(items).dump();
}

// A list read back from the database at `path`. Text that is not a JSON list of strings can only
// come from a damaged or hand-edited file: DatabaseDamaged (exit status 2), as SQLite's own
// corruption errors are, never a JSON library's exception (exit status 3, "resumable").
inline std::vector<std::string> parse_json_list(const std::string& text, const std::string& path) {
    try {
        return nlohmann::json::parse(text).get<std::vector<std::string>>();
    } catch (const nlohmann::json::exception&) {
        throw DatabaseDamaged("database '" + path + "' is damaged: a stored list is not a JSON list of strings: '" +
                              printable(text.substr(0, 80)) + "'");
    }
}

}  // namespace fpv
