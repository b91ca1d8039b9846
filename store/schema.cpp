#include "store/schema.h"

#include <iterator>
#include <string>

#include "model/input_set.h"
#include "model/value_format.h"
#include "ops/catalogue.h"
#include "store/sqlite_handle.h"
#include "store/store.h"
#include "store/store_rows.h"

namespace fpv::schema {

// Who works on a campaign (docs/database.md, "One writer per campaign"); heartbeat in Unix seconds.
const char* const kLeasesTable = R"sql(
CREATE TABLE leases (
    campaign_id  INTEGER PRIMARY KEY,
    host         TEXT NOT NULL,
    pid          INTEGER NOT NULL,
    token        TEXT NOT NULL,
    acquired_at  TEXT NOT NULL,
    heartbeat    REAL NOT NULL
);
)sql";

// Version 8's record of what ran in whole-product impls (model/statistics/products_run.h).
const char* const kProductsRunTable = R"sql(
CREATE TABLE products_run (
    campaign_id       INTEGER NOT NULL,
    ordinal           INTEGER NOT NULL,
    mantissa_bits     INTEGER NOT NULL,
    products          INTEGER NOT NULL,
    compared          INTEGER NOT NULL,
    identical         INTEGER NOT NULL,
    differing_entries INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, mantissa_bits)
);
)sql";

// Version 9's entries of matrix products by their error in ulps of the correctly rounded entry
// (model/statistics/ulp_errors.h), in the log2 bins of error_histogram.
const char* const kUlpErrorsTable = R"sql(
CREATE TABLE ulp_errors (
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    bin         INTEGER NOT NULL,
    count       INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, bin)
);
)sql";

// Version 7's failure maps (model/failure_map.h): inputs inside the domain, by cell.
const char* const kFailureMapTable = R"sql(
CREATE TABLE failure_map (
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    cell        INTEGER NOT NULL,
    tested      INTEGER NOT NULL,
    failed      INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, cell)
);
)sql";

const char* const kCoreTables = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE campaigns (
    id                INTEGER PRIMARY KEY,
    name              TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('running', 'paused', 'finished', 'partial')),
    created_at        TEXT NOT NULL,
    finished_at       TEXT,
    seed              INTEGER NOT NULL,
    count_per_unit    INTEGER NOT NULL,
    backend           TEXT NOT NULL,
    threads           INTEGER NOT NULL,
    batch_size        INTEGER NOT NULL,
    failures_kept     INTEGER NOT NULL,
    worst_kept        INTEGER NOT NULL,
    impls             TEXT NOT NULL,
    classes           TEXT NOT NULL,
    command_line      TEXT NOT NULL,
    host              TEXT NOT NULL,
    fpverify_version  TEXT NOT NULL,
    elapsed_seconds   REAL NOT NULL DEFAULT 0,
    gpu_wait_seconds  REAL NOT NULL DEFAULT 0,
    host_wait_seconds REAL NOT NULL DEFAULT 0,
    notes             TEXT NOT NULL DEFAULT '',
    reference         TEXT NOT NULL DEFAULT 'mpfr' CHECK (reference IN ('mpfr', 'fast', 'exact')),
    strict_nan        INTEGER NOT NULL DEFAULT 0,
    shard_index       INTEGER NOT NULL DEFAULT 0,
    shard_count       INTEGER NOT NULL DEFAULT 1,
    merged_from       TEXT NOT NULL DEFAULT ''
);
CREATE TABLE units (
    campaign_id   INTEGER NOT NULL REFERENCES campaigns(id),
    ordinal       INTEGER NOT NULL,
    impl          TEXT NOT NULL,
    op            TEXT NOT NULL,
    class         TEXT NOT NULL,
    planned       INTEGER NOT NULL,
    next_index    INTEGER NOT NULL,
    tested        INTEGER NOT NULL,
    passed        INTEGER NOT NULL,
    failed        INTEGER NOT NULL,
    outside       INTEGER NOT NULL DEFAULT 0,
    max_error     REAL,
    reference_disagreements INTEGER NOT NULL DEFAULT 0,
    failures_stored INTEGER NOT NULL DEFAULT 0,
    source_digest TEXT NOT NULL DEFAULT '',
    input_key     TEXT NOT NULL DEFAULT '',
    generator_version INTEGER NOT NULL DEFAULT 0,
    seconds       REAL NOT NULL DEFAULT 0,
    ftz_changed   INTEGER NOT NULL DEFAULT 0,
    exhaustive    INTEGER NOT NULL DEFAULT 0,
    wrong_runs_overflow INTEGER NOT NULL DEFAULT 0,
    begin_index   INTEGER NOT NULL DEFAULT 0,
    map_partial   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (campaign_id, ordinal)
);
CREATE TABLE wrong_runs (
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    first_bits  INTEGER NOT NULL,
    last_bits   INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, first_bits)
);
CREATE TABLE wrong_binades (
    campaign_id    INTEGER NOT NULL,
    ordinal        INTEGER NOT NULL,
    sign           INTEGER NOT NULL,
    exponent_field INTEGER NOT NULL,
    count          INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, sign, exponent_field)
);
CREATE TABLE ulp_steps (
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    steps       INTEGER NOT NULL,
    count       INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, steps)
);
CREATE TABLE category_counts (
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    category    TEXT NOT NULL,
    count       INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, category)
);
CREATE TABLE error_histogram (
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    inside      INTEGER NOT NULL,
    bin         INTEGER NOT NULL,
    count       INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, inside, bin)
);
CREATE TABLE worst_cases (
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    inside      INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    impl        TEXT NOT NULL,
    class       TEXT NOT NULL,
    input_index INTEGER NOT NULL,
    a           TEXT NOT NULL,
    b           TEXT NOT NULL,
    c           TEXT NOT NULL DEFAULT '0x0000000000000000',
    result      TEXT NOT NULL,
    expected    TEXT NOT NULL,
    error       REAL NOT NULL,
    category    TEXT NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, inside, rank)
);
CREATE TABLE failures (
    id          INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    impl        TEXT NOT NULL,
    class       TEXT NOT NULL,
    input_index INTEGER NOT NULL,
    a           TEXT NOT NULL,
    b           TEXT NOT NULL,
    c           TEXT NOT NULL DEFAULT '0x0000000000000000',
    result      TEXT NOT NULL,
    expected    TEXT NOT NULL,
    error       REAL NOT NULL,
    category    TEXT NOT NULL
);
CREATE INDEX failures_by_unit ON failures (campaign_id, ordinal, input_index);
CREATE TABLE disagreements (
    campaign_id     INTEGER NOT NULL,
    ordinal         INTEGER NOT NULL,
    input_index     INTEGER NOT NULL,
    a               TEXT NOT NULL,
    b               TEXT NOT NULL,
    c               TEXT NOT NULL DEFAULT '0x0000000000000000',
    vector_result   TEXT NOT NULL,
    reference_result TEXT NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, input_index)
);
CREATE VIEW unit_summary AS
    SELECT campaign_id, impl, class, tested, failed,
           CASE WHEN tested > outside THEN CAST(failed AS REAL) / (tested - outside) END AS failure_rate,
           max_error, outside, planned, next_index
    FROM units;
)sql";

void create(sqlite3* db) {
    execute(db, kCoreTables);
    execute(db, kLeasesTable);
    execute(db, kFailureMapTable);
    execute(db, kProductsRunTable);
    execute(db, kUlpErrorsTable);
    Statement meta(db, "INSERT INTO meta (key, value) VALUES ('application', 'fpverify'), ('schema_version', ?)");
    meta.bind(1, std::to_string(kSchemaVersion)).run();
}

std::string version_of(sqlite3* db, const std::string& path) {
    try {
        Statement app(db, "SELECT value FROM meta WHERE key = 'application'");
        if (!app.step() || app.text(0) != "fpverify") throw SqliteError("no fpverify metadata");
    } catch (const SqliteError&) {
        throw UsageError("'" + path + "' is not an fpverify database");
    }
    Statement version(db, "SELECT value FROM meta WHERE key = 'schema_version'");
    return version.step() ? version.text(0) : "none";
}

namespace {

// Widening a CHECK constraint of the campaigns table leaves every row valid, so the table's
// stored definition is edited in place, as SQLite documents for such changes (a rebuild would
// have to drop the view over it first). `from` and `to` are SQL string literals' contents.
void widen_check(sqlite3* db, const std::string& from, const std::string& to) {
    int64_t schema_cookie = 0;
    {
        Statement cookie(db, "PRAGMA schema_version");
        if (cookie.step()) schema_cookie = cookie.int64(0);
    }
    execute(db, "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(sql, '" + from + "', '" + to +
                    "') WHERE type = 'table' AND name = 'campaigns';");
    execute(db, "PRAGMA schema_version = " + std::to_string(schema_cookie + 1));
    execute(db, "PRAGMA writable_schema = OFF");
}

// Each step takes a file of version `from` to the next; migrate() runs it in a transaction of
// its own that also sets the new version, so a file is always at one version or the next.

// Version 2 held two operand words and did not record what a unit's inputs depend on. Its
// inputs came from the generators of version 1 of every class, under the same keys, so the keys
// and versions are recomputed from each unit's op, class and seed; units of ops or classes this
// build does not know keep none, and a resume of them is refused.
void add_third_operands_and_input_keys(sqlite3* db) {
    execute(db, R"sql(
        ALTER TABLE worst_cases ADD COLUMN c TEXT NOT NULL DEFAULT '0x0000000000000000';
        ALTER TABLE failures ADD COLUMN c TEXT NOT NULL DEFAULT '0x0000000000000000';
        ALTER TABLE disagreements ADD COLUMN c TEXT NOT NULL DEFAULT '0x0000000000000000';
        ALTER TABLE units ADD COLUMN input_key TEXT NOT NULL DEFAULT '';
        ALTER TABLE units ADD COLUMN generator_version INTEGER NOT NULL DEFAULT 0;
    )sql");
    Statement units(db, R"sql(
        SELECT u.campaign_id, u.ordinal, u.op, u.class, c.seed
        FROM units u JOIN campaigns c ON c.id = u.campaign_id)sql");
    Statement update(db, "UPDATE units SET input_key = ?, generator_version = ? WHERE campaign_id = ? AND ordinal = ?");
    while (units.step()) {
        const OpInfo* op = find_op(units.text(2));
        if (op == nullptr) continue;
        try {
            const InputSet set = resolve_class(units.text(3), op->id, static_cast<uint64_t>(units.int64(4)),
                                               ClassLoad::identity_only);
            update.reset();
            // Version 1: what generated them then, whatever the class's version is now.
            update.bind(1, hex64(set.key)).bind(2, int64_t{1}).bind(3, units.int64(0));
            update.bind(4, units.int64(1)).run();
        } catch (const UsageError&) {
            // A class this build does not know: the unit keeps no key.
        }
    }
}

// Version 3 had no strict-NaN campaigns.
void add_strict_nan(sqlite3* db) {
    execute(db, "ALTER TABLE campaigns ADD COLUMN strict_nan INTEGER NOT NULL DEFAULT 0");
}

// Version 4 had no exact reference.
void allow_exact_reference(sqlite3* db) {
    widen_check(db, "CHECK (reference IN (''mpfr'', ''fast''))", "CHECK (reference IN (''mpfr'', ''fast'', ''exact''))");
}

// Version 5 had no leases, shards, merges or paused campaigns.
void add_leases_and_shards(sqlite3* db) {
    execute(db, R"sql(
        ALTER TABLE campaigns ADD COLUMN shard_index INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE campaigns ADD COLUMN shard_count INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE campaigns ADD COLUMN merged_from TEXT NOT NULL DEFAULT '';
        ALTER TABLE units ADD COLUMN begin_index INTEGER NOT NULL DEFAULT 0;
    )sql");
    execute(db, kLeasesTable);
    widen_check(db, "CHECK (status IN (''running'', ''finished''))",
                "CHECK (status IN (''running'', ''paused'', ''finished'', ''partial''))");
}

// Version 6 had no failure maps: units already under way keep a map of what they judge from
// now on, marked partial.
void add_failure_maps(sqlite3* db) {
    execute(db, "ALTER TABLE units ADD COLUMN map_partial INTEGER NOT NULL DEFAULT 0");
    execute(db, kFailureMapTable);
    execute(db, "UPDATE units SET map_partial = 1 WHERE tested > 0");
}

// Version 7 had no whole-product impls, hence nothing to record of what ran in them.
void add_products_run(sqlite3* db) { execute(db, kProductsRunTable); }

// Version 8 measured no entry's error in ulps: its units keep none (the report says so).
void add_ulp_errors(sqlite3* db) { execute(db, kUlpErrorsTable); }

struct Migration {
    int from;
    void (*apply)(sqlite3* db);
};

constexpr Migration kMigrations[] = {{2, add_third_operands_and_input_keys},
                                     {3, add_strict_nan},
                                     {4, allow_exact_reference},
                                     {5, add_leases_and_shards},
                                     {6, add_failure_maps},
                                     {7, add_products_run},
                                     {8, add_ulp_errors}};
static_assert(std::size(kMigrations) != 0 && std::rbegin(kMigrations)->from + 1 == kSchemaVersion,
              "the last migration ends at the current schema version");

}  // namespace

bool migrates_from(const std::string& version) {
    for (const Migration& m : kMigrations) {
        if (version == std::to_string(m.from)) return true;
    }
    return false;
}

std::string migrated_versions() {
    return std::to_string(std::begin(kMigrations)->from) + " to " + std::to_string(std::rbegin(kMigrations)->from);
}

void migrate(sqlite3* db, const std::string& path) {
    for (const Migration& m : kMigrations) {
        Transaction t(db);
        // Past this step already, possibly migrated by another process meanwhile.
        if (version_of(db, path) != std::to_string(m.from)) continue;
        m.apply(db);
        execute(db, "UPDATE meta SET value = '" + std::to_string(m.from + 1) + "' WHERE key = 'schema_version'");
        t.commit();
    }
}

}  // namespace fpv::schema
