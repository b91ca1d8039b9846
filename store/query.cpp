#include "store/query.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/usage_error.h"
#include "model/json_text.h"
#include "store/sqlite_handle.h"
#include "model/text_format.h"

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

// One value of a row as read: its text (SQLite's, for numbers; a BLOB as SQL writes it, X'00FF'),
// or SQL NULL. Every byte of it: a NUL in text is kept, not taken for its end.
struct Cell {
    bool null = false;
    std::string text;
};

std::string blob_literal(const std::string& bytes) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out = "X'";
    for (const unsigned char b : bytes) {
        out += kHex[b >> 4];
        out += kHex[b & 15];
    }
    return out + "'";
}

// For the table, read on a terminal: NULL as the word, control characters and escape sequences
// stored in the database as \xNN (as `status` and the reports show them), so that a stored name
// cannot drive the terminal.
std::string table_text(const Cell& c) { return c.null ? "NULL" : terminal_text(c.text); }

// RFC 4180, as Python's csv module and pandas read it: a field holding a comma, a double quote,
// CR or LF is quoted, its quotes doubled. SQL NULL is an empty field and the empty string a
// quoted one (""), so that the two stay apart (PostgreSQL's COPY ... CSV writes them so too).
std::string csv_field(const Cell& c) {
    if (c.null) return "";
    if (!c.text.empty() && c.text.find_first_of(",\"\r\n") == std::string::npos) return c.text;
    std::string out = "\"";
    for (char ch : c.text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

// The longest time limit kept as a deadline, about 31.7 years. steady_clock counts nanoseconds in
// 64 bits, about 292 years from its epoch: a longer limit (1e10 s, 106752 d) would overflow the
// conversion. A limit beyond this one is no practical limit, and is kept as this one.
constexpr double kLongestQueryTimeoutSeconds = 1e9;

std::chrono::steady_clock::time_point deadline_after(double seconds) {
    const double kept = seconds < kLongestQueryTimeoutSeconds ? seconds : kLongestQueryTimeoutSeconds;
    return std::chrono::steady_clock::now() +
           std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(kept));
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

void write_csv(const std::vector<std::string>& names, const std::vector<std::vector<Cell>>& rows, std::ostream& out) {
    // LF ends a record: RFC 4180 says CRLF, but every CSV reader takes either and Unix tools want
    // LF; a CR or LF inside a field is quoted, so records stay apart.
    for (size_t i = 0; i < names.size(); ++i) out << (i ? "," : "") << csv_field({false, names[i]});
    out << "\n";
    for (const auto& r : rows) {
        for (size_t i = 0; i < r.size(); ++i) out << (i ? "," : "") << csv_field(r[i]);
        out << "\n";
    }
}

void write_table(const std::vector<std::string>& names, const std::vector<std::vector<Cell>>& rows, std::ostream& out) {
    const size_t n = names.size();
    std::vector<std::vector<std::string>> shown;
    std::vector<std::string> header;
    for (const std::string& name : names) header.push_back(terminal_text(name));
    for (const auto& r : rows) {
        std::vector<std::string> cells;
        for (const Cell& c : r) cells.push_back(table_text(c));
        shown.push_back(std::move(cells));
    }
    std::vector<size_t> width(n);
    for (size_t i = 0; i < n; ++i) width[i] = header[i].size();
    for (const auto& r : shown) {
        for (size_t i = 0; i < n; ++i) width[i] = std::max(width[i], r[i].size());
    }
    const auto line = [&](const std::vector<std::string>& cells) {
        for (size_t i = 0; i < n; ++i) {
            out << (i ? "  " : "") << cells[i];
            if (i + 1 < n) out << std::string(width[i] - cells[i].size(), ' ');
        }
        out << "\n";
    };
    line(header);
    std::vector<std::string> rule;
    for (size_t i = 0; i < n; ++i) rule.push_back(std::string(width[i], '-'));
    line(rule);
    for (const auto& r : shown) line(r);
    out << "(" << rows.size() << " row" << (rows.size() == 1 ? "" : "s") << ")\n";
}

}  // namespace

void run_query(Store& store, std::string_view sql, std::optional<int64_t> campaign,
               QueryFormat format, std::ostream& out, double timeout_seconds) {
    auto deadline = deadline_after(timeout_seconds);
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
    std::vector<std::vector<Cell>> rows;
    nlohmann::json json_rows = nlohmann::json::array();
    try {
        while (s->step()) {
            std::vector<Cell> r;
            nlohmann::json obj = nlohmann::json::object();
            for (int i = 0; i < n; ++i) {
                const int type = s->column_type(i);
                r.push_back(type == SQLITE_NULL   ? Cell{true, ""}
                            : type == SQLITE_BLOB ? Cell{false, blob_literal(s->blob(i))}
                                                  : Cell{false, s->text(i)});
                switch (type) {
                    case SQLITE_NULL: obj[names[i]] = nullptr; break;
                    case SQLITE_INTEGER: obj[names[i]] = s->int64(i); break;
                    case SQLITE_FLOAT: obj[names[i]] = json_number(s->real(i)); break;  // "inf" as in the report
                    default: obj[names[i]] = r.back().text;
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
    switch (format) {
        case QueryFormat::json: out << json_text(json_rows); break;
        case QueryFormat::csv: write_csv(names, rows, out); break;
        case QueryFormat::table: write_table(names, rows, out); break;
    }
}

}  // namespace fpv
