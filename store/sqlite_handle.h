// Thin RAII wrappers over the SQLite C API, turning errors into exceptions.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/usage_error.h"

namespace fpv {

class SqliteError : public std::runtime_error {
public:
    explicit SqliteError(const std::string& message) : std::runtime_error(message) {}
};

// A read found the database damaged (SQLITE_CORRUPT, SQLITE_NOTADB) on a connection that only
// reads: nothing can be done about it but to recover the file, so it is the input's fault (exit
// status 2), and the message names the file. A writer that meets damage stops as at any failure
// of the system (exit status 3, resumable once the file is repaired).
class DatabaseDamaged : public UsageError {
public:
    using UsageError::UsageError;
};

// The system failed at reading or writing a database (a full disk, an I/O error, no memory):
// exit status 3, with the system's own reason in the message.
class DatabaseIoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws the exception above that fits the error `rc` of `db`, `doing` saying what failed.
[[noreturn]] void throw_sqlite_error(sqlite3* db, int rc, const std::string& doing = "");
// SQLite's message for the last error of `db`, with the system's reason (errno) where it has one.
std::string sqlite_error_text(sqlite3* db, int rc);

class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int i, int64_t v);
    Statement& bind(int i, double v);
    Statement& bind(int i, std::string_view v);
    Statement& bind_null(int i);
    Statement& bind_optional(int i, std::optional<double> v);

    bool step();  // true while a row is available
    void run();   // steps to completion
    void reset();

    int columns() const;
    std::string column_name(int i) const;
    int column_type(int i) const;
    int64_t int64(int i) const;
    double real(int i) const;
    std::string text(int i) const;
    std::string blob(int i) const;  // a BLOB's bytes
    bool is_null(int i) const;
    bool read_only() const;
    sqlite3_stmt* raw() { return stmt_; }

private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

void execute(sqlite3* db, std::string_view sql);

// BEGIN IMMEDIATE ... COMMIT, rolled back if not committed.
class Transaction {
public:
    explicit Transaction(sqlite3* db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    sqlite3* db_;
    bool open_;
};

}  // namespace fpv
