// The database's schema: the tables of the current version, how an older version is brought to
// it in place, and the version a file declares (docs/database.md, "Schema" and "Migrations").
#pragma once

#include <sqlite3.h>

#include <string>

namespace fpv::schema {

// The tables of version kSchemaVersion (store/store.h) but for leases, failure maps, products run
// and ulp errors.
extern const char* const kCoreTables;
// Version 6's leases, version 7's failure maps, version 8's products run and version 9's ulp
// errors, which migrations add to older files.
extern const char* const kLeasesTable;
extern const char* const kFailureMapTable;
extern const char* const kProductsRunTable;
extern const char* const kUlpErrorsTable;

// The schema and its metadata written into an empty database (inside the caller's transaction).
void create(sqlite3* db);
// The schema version an fpverify database declares; throws UsageError for another file.
std::string version_of(sqlite3* db, const std::string& path);
// Brings a database of an older version (2 to 8) to the current one, step by step.
void migrate(sqlite3* db, const std::string& path);
// Whether migrate() takes a database of `version` to the current one, and the versions it takes
// ("2 to 8"), as the migrations list them.
bool migrates_from(const std::string& version);
std::string migrated_versions();

}  // namespace fpv::schema
