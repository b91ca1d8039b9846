#include "store/database_checks.h"

#include <filesystem>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/printable.h"
#include "core/usage_error.h"
#include "store/database_file.h"
#include "store/sqlite_handle.h"

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

// What PRAGMA quick_check finds wrong, its first findings joined; empty for a sound file.
std::string quick_check_findings(sqlite3* db) {
    std::string findings;
    try {
        Statement check(db, "PRAGMA quick_check(3)");
        while (check.step()) {
            std::string line = check.text(0);
            if (line == "ok") continue;
            for (size_t at = line.find('\n'); at != std::string::npos; at = line.find('\n', at)) {
                line.replace(at, 1, "; ");  // the first finding comes after a heading line
            }
            findings += (findings.empty() ? "" : "; ") + line;
        }
    } catch (const SqliteError& e) {
        findings = e.what();  // damage the check itself cannot get past, such as a garbled root page
    } catch (const DatabaseDamaged&) {
        findings = sqlite3_errmsg(db);
    }
    return findings;
}

bool has_wal_beside(const std::string& path) {
    std::error_code ignored;
    return std::filesystem::file_size(path + "-wal", ignored) > 0 && !ignored;
}

// Whether the database file read without its -wal is a sound fpverify database.
bool file_alone_sound(const std::string& path) {
    sqlite3* alone = nullptr;
    bool sound = false;
    try {
        alone = open_file_without_its_wal(path);
        if (quick_check_findings(alone).empty()) {
            Statement app(alone, "SELECT value FROM meta WHERE key = 'application'");
            sound = app.step() && app.text(0) == "fpverify";
        }
    } catch (const std::exception&) {
        // Not even that.
    }
    sqlite3_close(alone);
    return sound;
}

using Rows = std::vector<std::vector<std::string>>;

Rows rows_of(sqlite3* db, std::string_view sql) {
    Rows rows;
    Statement s(db, sql);
    while (s.step()) {
        std::vector<std::string> row;
        for (int i = 0; i < s.columns(); ++i) row.push_back(s.text(i));
        rows.push_back(std::move(row));
    }
    return rows;
}

// What identifies a campaign: set when it is created and never changed; no campaign is ever
// deleted. Every schema version has these columns. (Two campaigns started in one second with one
// command line on one host cannot be told apart.)
constexpr std::string_view kCampaignIdentities =
    "SELECT id, created_at, seed, name, command_line, host, impls, classes, count_per_unit FROM campaigns ORDER BY id";

// The campaigns of the file read alone, without its -wal; nothing when it cannot be read so.
Rows campaigns_of_file_alone(const std::string& path, bool only_if_intact) {
    sqlite3* alone = nullptr;
    Rows rows;
    try {
        alone = open_file_without_its_wal(path);
        if (!only_if_intact || quick_check_findings(alone).empty()) rows = rows_of(alone, kCampaignIdentities);
    } catch (const std::exception&) {
        // Older than its tables, say: nothing to compare.
    }
    sqlite3_close(alone);
    return rows;
}

// The first campaign of `alone` that `seen` lacks or holds another campaign in place of, as a
// sentence; empty when there is none.
std::string campaign_replaced(const Rows& alone, const Rows& seen) {
    std::map<std::string, const std::vector<std::string>*> by_id;
    for (const auto& row : seen) by_id[row[0]] = &row;
    const auto described = [](const std::vector<std::string>& row) {
        return "campaign " + row[0] + " ('" + printable(row[3]) + "', created " + row[1] + ")";
    };
    for (const auto& row : alone) {
        const auto it = by_id.find(row[0]);
        if (it == by_id.end()) return "the file holds " + described(row) + ", which is gone when read with the -wal";
        if (*it->second != row) {
            return "the file holds " + described(row) + ", which reads as " + described(*it->second) + " with the -wal";
        }
    }
    return "";
}

}  // namespace

void require_its_own_wal(sqlite3* db, const std::string& path) {
    if (!has_wal_beside(path)) return;
    const Rows seen = rows_of(db, kCampaignIdentities);
    if (campaign_replaced(campaigns_of_file_alone(path, false), seen).empty()) return;
    // Read again, trusting the file alone only if it is sound: a live writer may have been
    // checkpointing into it, which a read without locks can catch half done.
    const std::string replaced = campaign_replaced(campaigns_of_file_alone(path, true), seen);
    if (replaced.empty()) return;
    throw UsageError("database '" + path + "': its write-ahead log '" + path + "-wal' belongs to another database (" +
                     replaced + "; no campaign is ever changed so). Was another database copied over this one while "
                     "its -wal was still there? fpverify changed neither file; move the -wal away if it is not this "
                     "database's");
}

void require_file_backed(sqlite3* db, const std::string& path) {
    const char* file = sqlite3_db_filename(db, "main");
    if (file == nullptr || *file == '\0') {
        throw UsageError("--db: '" + path + "' names an in-memory or temporary database, which vanishes when fpverify "
                         "exits; give the path of a file" +
                         (path.empty() ? std::string() : " (./" + path + " for a file of that name)"));
    }
}

std::string foreign_wal_diagnosis(const std::string& path) {
    if (!has_wal_beside(path) || !file_alone_sound(path)) return "";
    return ". Read without its write-ahead log '" + path + "-wal', '" + path +
           "' is a sound fpverify database: that -wal probably belongs to another database (was another database "
           "copied over this one while its -wal was still there?). fpverify changed neither file; move the -wal away "
           "if it is not this database's";
}

void require_intact(sqlite3* db, const std::string& path) {
    const std::string findings = quick_check_findings(db);
    if (findings.empty()) return;
    const std::string diagnosis = foreign_wal_diagnosis(path);
    if (!diagnosis.empty()) {
        throw UsageError("database '" + path + "' is damaged as read with its -wal (SQLite's quick_check: " +
                         findings + ")" + diagnosis);
    }
    throw UsageError("database '" + path + "' is damaged (SQLite's quick_check: " + findings +
                     "); fpverify reads and adds nothing, and leaves the file as it is. sqlite3's .recover copies "
                     "what is left into a new file");
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
