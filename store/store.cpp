#include "store/store.h"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <thread>

#include "core/usage_error.h"
#include "store/database_checks.h"
#include "store/database_file.h"
#include "store/schema.h"
#include "store/sqlite_handle.h"

namespace fpv {

uint64_t parse_hex64(const std::string& text) {
    std::string_view digits(text);
    if (digits.starts_with("0x") || digits.starts_with("0X")) digits.remove_prefix(2);
    uint64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, 16);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
        throw UsageError("not a 64-bit hexadecimal value: '" + text + "'");
    }
    return v;
}

std::string utc_now_as(const char* format) {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char out[32];
    std::strftime(out, sizeof out, format, &utc);
    return out;
}

std::string utc_now_iso8601() { return utc_now_as("%Y-%m-%dT%H:%M:%SZ"); }

namespace {

FileAccess file_access(Store::Mode mode) {
    switch (mode) {
        case Store::Mode::read_write: return FileAccess::create;
        case Store::Mode::write_existing: return FileAccess::read_write;
        case Store::Mode::read_only: return FileAccess::read_only;
    }
    return FileAccess::read_only;
}

// Switching a file to WAL needs it alone. Two processes that create one database at once both
// ask, and SQLite refuses one of them at once, without its busy handler (waiting could deadlock):
// that one has let go of the file and asks again until the other has switched, for as long as the
// busy timeout would wait.
void switch_to_wal(sqlite3* db) {
    constexpr int kStepMs = 5, kPatienceMs = 10000;
    for (int waited = 0;; waited += kStepMs) {
        const int rc = sqlite3_exec(db, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
        if (rc == SQLITE_OK) return;
        if ((rc & 0xff) != SQLITE_BUSY || waited >= kPatienceMs) throw_sqlite_error(db, rc);
        std::this_thread::sleep_for(std::chrono::milliseconds(kStepMs));
    }
}

}  // namespace

Store::Store(const std::string& path, Mode mode) : path_(path) {
    db_ = open_database_file(path, file_access(mode));
    try {
        allow_checkpoint_on_close(db_, false);
        require_file_backed(db_, path);
        if (mode != Mode::read_only && sqlite3_db_readonly(db_, "main") == 1) {
            throw UsageError("database '" + path + "' is read-only; campaigns need to write it");
        }
        if (!(mode == Mode::read_write && create_schema_if_empty())) check_existing(mode);
        if (mode == Mode::read_only) {
            execute(db_, "PRAGMA query_only=ON");
        } else {
            switch_to_wal(db_);
            execute(db_, "PRAGMA synchronous=NORMAL");
            start_watching();
        }
    } catch (const SqliteError& e) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw UsageError("cannot use database '" + path + "': " + e.what());
    } catch (const DatabaseIoError& e) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw DatabaseIoError("database '" + path + "': " + e.what());
    } catch (...) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw;
    }
}

Store::~Store() {
    // A connection that wrote folds its -wal into the file as it closes, as SQLite does, if the
    // file is still its own; one that wrote nothing (a reader, a resume refused) leaves both files
    // as they were.
    if (db_ != nullptr && !lost_ && sqlite3_total_changes64(db_) > 0) {
        try {
            close_checked();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "fpverify: %s\n", e.what());
        }
    }
    sqlite3_close(db_);
}

bool Store::empty() {
    Statement count(db_, "SELECT count(*) FROM sqlite_schema");
    count.step();
    return count.int64(0) == 0;
}

// Under the write lock: two processes creating one database at once may both find it empty, and
// only the first to take the lock creates the schema.
bool Store::create_schema_if_empty() {
    if (!empty()) return false;
    Transaction t(db_);
    if (!empty()) return false;  // another process created it meanwhile
    schema::create(db_);
    t.commit();
    return true;
}

// Every check runs before anything is written (a migration, the switch to WAL, a campaign), and
// for readers too: one rule for a damaged file, whichever command meets it.
void Store::check_existing(Mode mode) {
    require_intact(db_, path_);
    try {
        if (empty()) throw UsageError("'" + path_ + "' is empty: it holds no fpverify database");
        schema::version_of(db_, path_);  // "not an fpverify database" comes before finer complaints
        require_tables_of_every_version(db_, path_);
    } catch (const UsageError& e) {
        throw UsageError(e.what() + foreign_wal_diagnosis(path_));
    }
    require_its_own_wal(db_, path_);
    check_schema(mode);
    require_complete_schema(db_, path_, schema::kCoreTables);
    require_complete_schema(db_, path_, schema::kFailureMapTable);
    require_complete_schema(db_, path_, schema::kProductsRunTable);
    require_complete_schema(db_, path_, schema::kUlpErrorsTable);
}

void Store::check_schema(Mode mode) {
    std::string found = schema::version_of(db_, path_);
    if (schema::migrates_from(found)) {
        // Migrated in place on first open, by a connection that may write even when this one
        // only reads.
        if (mode == Mode::read_write) {
            schema::migrate(db_, path_);
        } else {
            sqlite3* writer = nullptr;
            try {
                writer = open_database_file(path_, FileAccess::read_write);
                if (sqlite3_db_readonly(writer, "main") == 1) {
                    throw UsageError("database '" + path_ + "' has schema version " + found +
                                     " and cannot be written; fpverify "
                                     "migrates it to version " + std::to_string(kSchemaVersion) +
                                     " in place, which needs write access");
                }
                schema::migrate(writer, path_);
            } catch (...) {
                sqlite3_close(writer);
                throw;
            }
            sqlite3_close(writer);
        }
        found = schema::version_of(db_, path_);
    }
    if (found != std::to_string(kSchemaVersion)) {
        throw UsageError("database '" + path_ + "' has schema version " + found +
                         "; this fpverify reads and writes version " + std::to_string(kSchemaVersion) +
                         " and migrates versions " + schema::migrated_versions());
    }
}

}  // namespace fpv
