// Read-only SQL over a campaign database, and named presets for common questions.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "store/store.h"

namespace fpv {

struct QueryPreset {
    std::string_view name;
    std::string_view description;
    std::string_view sql;  // ?1 is the campaign id, or NULL for every campaign
};

const std::vector<QueryPreset>& query_presets();
const QueryPreset* find_preset(std::string_view name);

enum class QueryFormat { table, csv, json };

// Runs one read-only statement and writes its rows. Throws UsageError for a statement that
// would write, a syntax error, or more than one statement, and QueryTimeout when it runs
// longer than `timeout_seconds` (SQLite interrupts it from its progress handler).
void run_query(Store& store, std::string_view sql, std::optional<int64_t> campaign,
               QueryFormat format, std::ostream& out, double timeout_seconds);

class QueryTimeout : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr double kDefaultQueryTimeoutSeconds = 60;

}  // namespace fpv
