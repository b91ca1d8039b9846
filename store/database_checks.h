// Checks of an opened database before fpverify trusts its layout or adds to it. Each throws
// UsageError (exit status 2) naming the file and what is wrong with it.
#pragma once

#include <sqlite3.h>

#include <string>
#include <string_view>

namespace fpv {

// Refuses a connection whose main database lives in memory or in a temporary file (`--db ""`,
// `--db :memory:`, a URI with mode=memory): a campaign run into it would vanish on exit.
void require_file_backed(sqlite3* db, const std::string& path);

// Runs PRAGMA quick_check and refuses a damaged file, quoting SQLite's first findings: new
// campaigns added to it could be lost with it, and what is read from it could be silently wrong.
// When the file alone is sound, adds foreign_wal_diagnosis.
void require_intact(sqlite3* db, const std::string& path);

// Where a database refused as read with its -wal is a sound fpverify database without it, a
// sentence saying that the -wal probably belongs to another database (to add to the refusal);
// otherwise empty. SQLite cannot tell: a -wal names no database.
std::string foreign_wal_diagnosis(const std::string& path);

// Refuses a database whose -wal belongs to another database: read with it, a campaign of the file
// is gone or another (SQLite cannot tell: a -wal names no database, and another fpverify
// database's pages fit). Needs the campaigns table; reads the file alone without locks, so a
// mismatch is confirmed on a sound read of it.
void require_its_own_wal(sqlite3* db, const std::string& path);

// Refuses a database that lacks one of the tables every fpverify schema since version 2 has
// (the oldest that is migrated), such as one holding only the meta table: called before a
// migration, which would otherwise stamp a new version on a file it cannot use.
void require_tables_of_every_version(sqlite3* db, const std::string& path);

// Refuses a database that lacks a table, view or column of `schema` (the SQL that creates the
// current schema), such as one holding only the meta table: every command would otherwise stop
// at its first query with an SQLite error.
void require_complete_schema(sqlite3* db, const std::string& path, std::string_view schema);

}  // namespace fpv
