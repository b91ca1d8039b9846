#include "reports/sqlite_handle.h"

namespace fpv {

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
    const char* tail = nullptr;
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, &tail) !=
        SQLITE_OK) {
        throw SqliteError(sqlite3_errmsg(db));
    }
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
    throw SqliteError(sqlite3_errmsg(db_));
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
    const unsigned char* t = sqlite3_column_text(stmt_, i);
    return t == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(t));
}
bool Statement::is_null(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
bool Statement::read_only() const { return sqlite3_stmt_readonly(stmt_) != 0; }

void execute(sqlite3* db, std::string_view sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, std::string(sql).c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        std::string text = message != nullptr ? message : "unknown SQLite error";
        sqlite3_free(message);
        throw SqliteError(text);
    }
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
