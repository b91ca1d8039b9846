#include "reports/query.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cmath>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/usage_error.h"
#include "reports/sqlite_handle.h"

namespace fpv {

const std::vector<QueryPreset>& query_presets() {
    static const std::vector<QueryPreset> presets = {
        {"campaigns", "every campaign with its status, size and time",
         "SELECT id, name, status, created_at, seed, count_per_unit, backend, "
         "round(elapsed_seconds, 1) AS seconds FROM campaigns "
         "WHERE ?1 IS NULL OR id = ?1 ORDER BY id"},
        {"summary", "tested, failed, failure rate and max error per (impl, class)",
         "SELECT campaign_id AS campaign, impl, class, tested, failed, failure_rate, max_error, outside "
         "FROM unit_summary WHERE ?1 IS NULL OR campaign_id = ?1 "
         "ORDER BY campaign_id, impl, class"},
        {"failure-rates", "failures per impl over all its classes",
         "SELECT campaign_id AS campaign, impl, sum(tested) AS tested, sum(failed) AS failed, "
         "CAST(sum(failed) AS REAL) / (sum(tested) - sum(outside)) AS failure_rate, "
         "max(max_error) AS max_error, sum(outside) AS outside "
         "FROM units WHERE ?1 IS NULL OR campaign_id = ?1 GROUP BY campaign_id, impl "
         "ORDER BY campaign_id, impl"},
        {"worst", "the worst input of each (impl, class)",
         "SELECT campaign_id AS campaign, impl, class, input_index, a, b, c, result, expected, "
         "error, category FROM worst_cases WHERE inside = 1 AND rank = 0 "
         "AND (?1 IS NULL OR campaign_id = ?1) "
         "ORDER BY campaign_id, error DESC"},
        {"failures", "the stored failures (first 100), with ids for `fpverify repro`",
         "SELECT id, campaign_id AS campaign, impl, class, input_index, a, b, c, result, expected, "
         "error, category FROM failures WHERE ?1 IS NULL OR campaign_id = ?1 ORDER BY id "
         "LIMIT 100"},
        {"categories", "failure counts per category",
         "SELECT k.campaign_id AS campaign, u.impl, u.class, k.category, k.count "
         "FROM category_counts k JOIN units u USING (campaign_id, ordinal) "
         "WHERE k.category NOT IN ('exact', 'within_bound') AND (?1 IS NULL OR k.campaign_id = ?1) "
         "ORDER BY k.campaign_id, u.impl, u.class, k.count DESC"},
        {"histogram", "error histogram bins (floor(log2(error)); -100000: zero, 100000: inf)",
         "SELECT h.campaign_id AS campaign, u.impl, u.class, h.inside, h.bin, h.count "
         "FROM error_histogram h JOIN units u USING (campaign_id, ordinal) "
         "WHERE ?1 IS NULL OR h.campaign_id = ?1 ORDER BY h.campaign_id, u.impl, u.class, h.inside DESC, h.bin"},
        {"progress", "how far each unit has got (checkpoints)",
         "SELECT campaign_id AS campaign, impl, class, next_index, planned, "
         "round(100.0 * (next_index - begin_index) / max(planned - begin_index, 1), 2) AS percent FROM units "
         "WHERE ?1 IS NULL OR campaign_id = ?1 ORDER BY campaign_id, ordinal"},
    };
    return presets;
}

const QueryPreset* find_preset(std::string_view name) {
    for (const QueryPreset& p : query_presets()) {
        if (p.name == name) return &p;
    }
    return nullptr;
}

namespace {

std::string cell_text(const Statement& s, int i) {
    if (s.is_null(i)) return "NULL";
    return s.text(i);
}

std::string csv_escape(const std::string& v) {
    if (v.find_first_of(",\"\n") == std::string::npos) return v;
    std::string out = "\"";
    for (char c : v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// Called by SQLite every few thousand virtual-machine steps; a nonzero answer interrupts the
// statement.
int past_deadline(void* deadline) {
    return std::chrono::steady_clock::now() > *static_cast<std::chrono::steady_clock::time_point*>(deadline) ? 1 : 0;
}

// Clears the progress handler whatever way the query ends.
struct DeadlineGuard {
    sqlite3* db;
    ~DeadlineGuard() { sqlite3_progress_handler(db, 0, nullptr, nullptr); }
};

}  // namespace

void run_query(Store& store, std::string_view sql, std::optional<int64_t> campaign,
               QueryFormat format, std::ostream& out, double timeout_seconds) {
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(timeout_seconds));
    sqlite3_progress_handler(store.handle(), 10000, past_deadline, &deadline);
    const DeadlineGuard guard{store.handle()};
    std::unique_ptr<Statement> s;
    try {
        s = std::make_unique<Statement>(store.handle(), sql);
    } catch (const SqliteError& e) {
        throw UsageError(std::string("query: ") + e.what());
    }
    if (!s->read_only()) throw UsageError("query: only read-only statements are allowed");
    if (sqlite3_bind_parameter_count(s->raw()) >= 1) {
        if (campaign) {
            s->bind(1, *campaign);
        } else {
            s->bind_null(1);
        }
    } else if (campaign) {
        throw UsageError("query: --campaign needs a statement with the parameter ?1");
    }
    const int n = s->columns();
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i) names.push_back(s->column_name(i));
    std::vector<std::vector<std::string>> rows;
    nlohmann::json json_rows = nlohmann::json::array();
    try {
        while (s->step()) {
            std::vector<std::string> r;
            nlohmann::json obj = nlohmann::json::object();
            for (int i = 0; i < n; ++i) {
                r.push_back(cell_text(*s, i));
                switch (s->column_type(i)) {
                    case SQLITE_NULL: obj[names[i]] = nullptr; break;
                    case SQLITE_INTEGER: obj[names[i]] = s->int64(i); break;
                    case SQLITE_FLOAT: {
                        const double d = s->real(i);
                        obj[names[i]] = std::isfinite(d) ? nlohmann::json(d) : nlohmann::json(r.back());
                        break;
                    }
                    default: obj[names[i]] = r.back();
                }
            }
            rows.push_back(std::move(r));
            json_rows.push_back(std::move(obj));
        }
    } catch (const SqliteError& e) {
        if (sqlite3_errcode(store.handle()) == SQLITE_INTERRUPT) {
            char limit[32];
            std::snprintf(limit, sizeof limit, "%g", timeout_seconds);
            throw QueryTimeout(std::string("query: stopped after its time limit of ") + limit +
                               " s (--timeout)");
        }
        throw UsageError(std::string("query: ") + e.what());
    }
    if (format == QueryFormat::json) {
        out << json_rows.dump(2) << "\n";
        return;
    }
    if (format == QueryFormat::csv) {
        for (int i = 0; i < n; ++i) out << (i ? "," : "") << csv_escape(names[i]);
        out << "\n";
        for (const auto& r : rows) {
            for (int i = 0; i < n; ++i) out << (i ? "," : "") << csv_escape(r[i]);
            out << "\n";
        }
        return;
    }
    std::vector<size_t> width(n);
    for (int i = 0; i < n; ++i) width[i] = names[i].size();
    for (const auto& r : rows) {
        for (int i = 0; i < n; ++i) width[i] = std::max(width[i], r[i].size());
    }
    const auto line = [&](const std::vector<std::string>& cells) {
        for (int i = 0; i < n; ++i) {
            out << (i ? "  " : "") << cells[i];
            if (i + 1 < n) out << std::string(width[i] - cells[i].size(), ' ');
        }
        out << "\n";
    };
    line(names);
    std::vector<std::string> rule;
    for (int i = 0; i < n; ++i) rule.push_back(std::string(width[i], '-'));
    line(rule);
    for (const auto& r : rows) line(r);
    out << "(" << rows.size() << " row" << (rows.size() == 1 ? "" : "s") << ")\n";
}

}  // namespace fpv
