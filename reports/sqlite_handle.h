// Thin RAII wrappers over the SQLite C API, turning errors into exceptions.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fpv {

class SqliteError : public std::runtime_error {
public:
    explicit SqliteError(const std::string& message) : std::runtime_error(message) {}
};

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
