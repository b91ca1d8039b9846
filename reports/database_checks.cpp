#include "reports/database_checks.h"

#include <map>
#include <set>
#include <utility>

#include "core/usage_error.h"
#include "reports/sqlite_handle.h"

namespace fpv {
namespace {

// Each table's and view's type and column names.
struct Layout {
    std::map<std::string, std::pair<std::string, std::set<std::string>>> objects;
};

Layout layout_of(sqlite3* db) {
    Layout layout;
    Statement objects(db, "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'");
    Statement columns(db, "SELECT name FROM pragma_table_info(?)");
    while (objects.step()) {
        auto& [type, names] = layout.objects[objects.text(0)];
        type = objects.text(1);
        columns.reset();
        columns.bind(1, objects.text(0));
        while (columns.step()) names.insert(columns.text(0));
    }
    return layout;
}

// The layout `schema` creates, in a scratch in-memory database.
Layout layout_of_schema(std::string_view schema) {
    sqlite3* scratch = nullptr;
    if (sqlite3_open_v2(":memory:", &scratch, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        sqlite3_close(scratch);
        throw SqliteError("cannot open an in-memory database to compare schemas");
    }
    try {
        execute(scratch, schema);
        Layout layout = layout_of(scratch);
        sqlite3_close(scratch);
        return layout;
    } catch (...) {
        sqlite3_close(scratch);
        throw;
    }
}

}  // namespace

void require_file_backed(sqlite3* db, const std::string& path) {
    const char* file = sqlite3_db_filename(db, "main");
    if (file == nullptr || *file == '\0') {
        throw UsageError("--db: '" + path + "' names an in-memory or temporary database, which vanishes when fpverify "
                         "exits; give the path of a file" +
                         (path.empty() ? std::string() : " (./" + path + " for a file of that name)"));
    }
}

void require_intact(sqlite3* db, const std::string& path) {
    std::string findings;
    try {
        Statement check(db, "PRAGMA quick_check(3)");
        while (check.step()) {
            const std::string line = check.text(0);
            if (line != "ok") findings += (findings.empty() ? "" : "; ") + line;
        }
    } catch (const SqliteError& e) {
        findings = e.what();  // damage the check itself cannot get past, such as a garbled root page
    }
    if (!findings.empty()) {
        throw UsageError("database '" + path + "' is damaged (SQLite's quick_check: " + findings +
                         "); fpverify adds nothing to it. What is intact may still be reported; sqlite3's .recover "
                         "copies what is left into a new file");
    }
}

void require_tables_of_every_version(sqlite3* db, const std::string& path) {
    static constexpr const char* kTablesOfVersion2[] = {
        "meta",     "campaigns",   "units",      "wrong_runs", "wrong_binades", "ulp_steps",
        "category_counts", "error_histogram", "worst_cases", "failures", "disagreements"};
    Statement table(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?");
    for (const char* name : kTablesOfVersion2) {
        table.reset();
        table.bind(1, std::string_view(name));
        if (!table.step()) {
            throw UsageError("'" + path + "' is not a complete fpverify database: it has no table '" + name + "'");
        }
    }
}

void require_complete_schema(sqlite3* db, const std::string& path, std::string_view schema) {
    const Layout expected = layout_of_schema(schema);
    const Layout found = layout_of(db);
    for (const auto& [name, want] : expected.objects) {
        const auto it = found.objects.find(name);
        if (it == found.objects.end() || it->second.first != want.first) {
            throw UsageError("'" + path + "' is not a complete fpverify database: it has no " + want.first + " '" +
                             name + "'");
        }
        for (const std::string& column : want.second) {
            if (!it->second.second.contains(column)) {
                throw UsageError("'" + path + "' is not a complete fpverify database: " + want.first + " '" + name +
                                 "' has no column '" + column + "'");
            }
        }
    }
}

}  // namespace fpv
