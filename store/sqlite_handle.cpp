#include "store/sqlite_handle.h"

#include <cerrno>
#include <cstring>

namespace fpv {
namespace {

// Failures of the system rather than of the file or the request: a full disk, an I/O error, no
// memory, and a file that could not be opened for one of those reasons.
bool system_failure(sqlite3* db, int primary) {
    if (primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_NOMEM) return true;
    if (primary != SQLITE_CANTOPEN) return false;
    const int e = sqlite3_system_errno(db);
    return e == ENOSPC || e == EDQUOT || e == EIO || e == EMFILE || e == ENFILE || e == ENOMEM;
}

std::string damaged_text(sqlite3* db, int primary) {
    const char* file = sqlite3_db_filename(db, "main");
    const std::string name = file != nullptr && *file != '\0' ? file : "(unnamed)";
    const std::string what = primary == SQLITE_NOTADB ? "is not an SQLite database, or its header is damaged"
                                                      : "is damaged";
    return "database '" + name + "' " + what + " (SQLite: " + sqlite3_errmsg(db) +
           "); fpverify reads nothing more from it. sqlite3's .recover copies what is left into a new file";
}

// The system's reason (errno) for an error `primary` of `db`, 0 if none is known. SQLite keeps no
// errno for a full disk (SQLITE_FULL is ENOSPC or a write cut short by it), and its record of
// errno is read when the error is reported, by which time later calls may have cleared it: the
// main file's own last errno stands in.
int system_reason(sqlite3* db, int primary) {
    if (primary == SQLITE_FULL) return ENOSPC;
    if (db == nullptr || (primary != SQLITE_IOERR && primary != SQLITE_CANTOPEN)) return 0;
    int e = sqlite3_system_errno(db);
    if (e == 0) sqlite3_file_control(db, "main", SQLITE_FCNTL_LAST_ERRNO, &e);
    return e;
}

}  // namespace

std::string sqlite_error_text(sqlite3* db, int rc) {
    std::string text = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    const int e = system_reason(db, rc & 0xff);
    if (e != 0) text += std::string(" (") + std::strerror(e) + ")";
    return text;
}

void throw_sqlite_error(sqlite3* db, int rc, const std::string& doing) {
    const int primary = (db != nullptr ? sqlite3_extended_errcode(db) : rc) & 0xff;
    if ((primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) && sqlite3_db_readonly(db, "main") == 1) {
        throw DatabaseDamaged(damaged_text(db, primary));
    }
    const std::string text = (doing.empty() ? std::string() : doing + ": ") + sqlite_error_text(db, primary);
    if (db != nullptr && system_failure(db, primary)) throw DatabaseIoError(text);
    throw SqliteError(text);
}

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
    const char* tail = nullptr;
    const int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, &tail);
    if (rc != SQLITE_OK) throw_sqlite_error(db, rc);
    if (stmt_ == nullptr) throw SqliteError("empty SQL statement");
    for (; tail != nullptr && tail < sql.data() + sql.size(); ++tail) {
        if (*tail != ' ' && *tail != '\n' && *tail != '\t' && *tail != '\r' && *tail != ';') {
            sqlite3_finalize(stmt_);
            throw SqliteError("only one SQL statement at a time");
        }
    }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int i, int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
}
Statement& Statement::bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
}
Statement& Statement::bind(int i, std::string_view v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
}
Statement& Statement::bind_null(int i) {
    sqlite3_bind_null(stmt_, i);
    return *this;
}
Statement& Statement::bind_optional(int i, std::optional<double> v) {
    return v ? bind(i, *v) : bind_null(i);
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw_sqlite_error(db_, rc);
}

void Statement::run() {
    while (step()) {
    }
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

int Statement::columns() const { return sqlite3_column_count(stmt_); }
std::string Statement::column_name(int i) const { return sqlite3_column_name(stmt_, i); }
int Statement::column_type(int i) const { return sqlite3_column_type(stmt_, i); }
int64_t Statement::int64(int i) const { return sqlite3_column_int64(stmt_, i); }
double Statement::real(int i) const { return sqlite3_column_double(stmt_, i); }
std::string Statement::text(int i) const {
    // Every byte SQLite holds: text may hold NUL bytes, which a C string would end at.
    const unsigned char* t = sqlite3_column_text(stmt_, i);
    if (t == nullptr) return std::string();
    return std::string(reinterpret_cast<const char*>(t), static_cast<size_t>(sqlite3_column_bytes(stmt_, i)));
}
std::string Statement::blob(int i) const {
    const void* b = sqlite3_column_blob(stmt_, i);
    if (b == nullptr) return std::string();
    return std::string(static_cast<const char*>(b), static_cast<size_t>(sqlite3_column_bytes(stmt_, i)));
}
bool Statement::is_null(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
bool Statement::read_only() const { return sqlite3_stmt_readonly(stmt_) != 0; }

void execute(sqlite3* db, std::string_view sql) {
    const int rc = sqlite3_exec(db, std::string(sql).c_str(), nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) throw_sqlite_error(db, rc);
}

Transaction::Transaction(sqlite3* db) : db_(db), open_(true) { execute(db, "BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
    if (open_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    execute(db_, "COMMIT");
    open_ = false;
}

}  // namespace fpv
