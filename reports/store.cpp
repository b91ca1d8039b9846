#include "reports/store.h"

#include <charconv>
#include <cmath>
#include <ctime>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/usage_error.h"
#include "reports/database_checks.h"
#include "reports/database_file.h"
#include "reports/sqlite_handle.h"
#include "reports/value_format.h"
#include "model/input_set.h"
#include "ops/catalogue.h"

namespace fpv {
namespace {

// Who works on a campaign (docs/database.md, "One writer per campaign"); heartbeat in Unix seconds.
constexpr const char* kLeasesTable = R"sql(
CREATE TABLE leases (
    campaign_id  INTEGER PRIMARY KEY,
    host         TEXT NOT NULL,
    pid          INTEGER NOT NULL,
    token        TEXT NOT NULL,
    acquired_at  TEXT NOT NULL,
    heartbeat    REAL NOT NULL
);
)sql";

// Version 7's failure maps (model/failure_map.h): inputs inside the domain, by cell.
constexpr const char* kFailureMapTable = R"sql(
CREATE TABLE failure_map (
    campaign_id INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    cell        INTEGER NOT NULL,
    tested      INTEGER NOT NULL,
    failed      INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, ordinal, cell)
);
)sql";

constexpr const char* kSchema = R"sql(
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

// SQLite integers are signed; 64-bit counts and seeds below 2^63 are stored as they are.
int64_t as_sql(uint64_t v) { return static_cast<int64_t>(v); }

Operands operands_of(const Statement& s, int a_column) {
    return {parse_hex64(s.text(a_column)), parse_hex64(s.text(a_column + 1)), parse_hex64(s.text(a_column + 2))};
}

std::string json_list(const std::vector<std::string>& items) {
    return nlohmann::json(items).dump();
}

std::vector<std::string> parse_json_list(const std::string& text) {
    return nlohmann::json::parse(text).get<std::vector<std::string>>();
}

}  // namespace

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

std::string utc_now_iso8601() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char out[32];
    std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return out;
}

namespace {

FileAccess file_access(Store::Mode mode) {
    switch (mode) {
        case Store::Mode::read_write: return FileAccess::create;
        case Store::Mode::write_existing: return FileAccess::read_write;
        case Store::Mode::read_only: return FileAccess::read_only;
    }
    return FileAccess::read_only;
}

// Whether closing the connection may checkpoint its -wal into the file. Not before the connection
// has written: a -wal that is not the file's own (copied beside it with another database) would be
// copied into it, and a refused file keeps its bytes, -wal included.
void checkpoint_on_close(sqlite3* db, bool allowed) {
    sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, allowed ? 0 : 1, nullptr);
}

// The schema version an fpverify database declares; throws UsageError for another file.
std::string schema_version_of(sqlite3* db, const std::string& path) {
    try {
        Statement app(db, "SELECT value FROM meta WHERE key = 'application'");
        if (!app.step() || app.text(0) != "fpverify") throw SqliteError("no fpverify metadata");
    } catch (const SqliteError&) {
        throw UsageError("'" + path + "' is not an fpverify database");
    }
    Statement version(db, "SELECT value FROM meta WHERE key = 'schema_version'");
    return version.step() ? version.text(0) : "none";
}

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

// Version 4 had no exact reference.
void migrate_from_v4(sqlite3* db, const std::string& path) {
    Transaction t(db);
    if (schema_version_of(db, path) != "4") return;  // another process migrated it meanwhile
    widen_check(db, "CHECK (reference IN (''mpfr'', ''fast''))", "CHECK (reference IN (''mpfr'', ''fast'', ''exact''))");
    execute(db, "UPDATE meta SET value = '5' WHERE key = 'schema_version'");
    t.commit();
}

// Version 5 had no leases, shards, merges or paused campaigns.
void migrate_from_v5(sqlite3* db, const std::string& path) {
    Transaction t(db);
    if (schema_version_of(db, path) != "5") return;  // another process migrated it meanwhile
    execute(db, R"sql(
        ALTER TABLE campaigns ADD COLUMN shard_index INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE campaigns ADD COLUMN shard_count INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE campaigns ADD COLUMN merged_from TEXT NOT NULL DEFAULT '';
        ALTER TABLE units ADD COLUMN begin_index INTEGER NOT NULL DEFAULT 0;
    )sql");
    execute(db, kLeasesTable);
    widen_check(db, "CHECK (status IN (''running'', ''finished''))",
                "CHECK (status IN (''running'', ''paused'', ''finished'', ''partial''))");
    execute(db, "UPDATE meta SET value = '6' WHERE key = 'schema_version'");
    t.commit();
}

// Version 6 had no failure maps: units already under way keep a map of what they judge from
// now on, marked partial.
void migrate_from_v6(sqlite3* db, const std::string& path) {
    Transaction t(db);
    if (schema_version_of(db, path) != "6") return;  // another process migrated it meanwhile
    execute(db, "ALTER TABLE units ADD COLUMN map_partial INTEGER NOT NULL DEFAULT 0");
    execute(db, kFailureMapTable);
    execute(db, R"sql(
        UPDATE units SET map_partial = 1 WHERE tested > 0;
        UPDATE meta SET value = '7' WHERE key = 'schema_version';
    )sql");
    t.commit();
}

// Version 3 had no strict-NaN campaigns.
void migrate_from_v3(sqlite3* db, const std::string& path) {
    Transaction t(db);
    if (schema_version_of(db, path) != "3") return;  // another process migrated it meanwhile
    execute(db, R"sql(
        ALTER TABLE campaigns ADD COLUMN strict_nan INTEGER NOT NULL DEFAULT 0;
        UPDATE meta SET value = '4' WHERE key = 'schema_version';
    )sql");
    t.commit();
}

// Version 2 held two operand words and did not record what a unit's inputs depend on. Its
// inputs came from the generators of version 1 of every class, under the same keys, so the keys
// and versions are recomputed from each unit's op, class and seed; units of ops or classes this
// build does not know keep none, and a resume of them is refused.
void migrate_from_v2(sqlite3* db, const std::string& path) {
    Transaction t(db);
    if (schema_version_of(db, path) != "2") return;  // another process migrated it meanwhile
    execute(db, R"sql(
        ALTER TABLE worst_cases ADD COLUMN c TEXT NOT NULL DEFAULT '0x0000000000000000';
        ALTER TABLE failures ADD COLUMN c TEXT NOT NULL DEFAULT '0x0000000000000000';
        ALTER TABLE disagreements ADD COLUMN c TEXT NOT NULL DEFAULT '0x0000000000000000';
        ALTER TABLE units ADD COLUMN input_key TEXT NOT NULL DEFAULT '';
        ALTER TABLE units ADD COLUMN generator_version INTEGER NOT NULL DEFAULT 0;
        UPDATE meta SET value = '3' WHERE key = 'schema_version';
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
            update.bind(1, hex64(set.key)).bind(2, int64_t{set.version}).bind(3, units.int64(0));
            update.bind(4, units.int64(1)).run();
        } catch (const UsageError&) {
            // A class this build does not know: the unit keeps no key.
        }
    }
    t.commit();
}

// Brings a database of an older version to the current one, step by step.
void migrate(sqlite3* db, const std::string& path) {
    migrate_from_v2(db, path);
    migrate_from_v3(db, path);
    migrate_from_v4(db, path);
    migrate_from_v5(db, path);
    migrate_from_v6(db, path);
}

}  // namespace

Store::Store(const std::string& path, Mode mode) : path_(path) {
    db_ = open_database_file(path, file_access(mode));
    try {
        checkpoint_on_close(db_, false);
        require_file_backed(db_, path);
        if (mode != Mode::read_only && sqlite3_db_readonly(db_, "main") == 1) {
            throw UsageError("database '" + path + "' is read-only; campaigns need to write it");
        }
        if (!(mode == Mode::read_write && create_schema_if_empty())) check_existing(mode);
        if (mode == Mode::read_only) {
            execute(db_, "PRAGMA query_only=ON");
        } else {
            execute(db_, "PRAGMA journal_mode=WAL");
            execute(db_, "PRAGMA synchronous=NORMAL");
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
    // A connection that wrote folds its -wal into the file as it closes, as SQLite does; one that
    // wrote nothing (a reader, a resume refused) leaves both files as they were.
    if (db_ != nullptr) checkpoint_on_close(db_, sqlite3_total_changes64(db_) > 0);
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
    execute(db_, kSchema);
    execute(db_, kLeasesTable);
    execute(db_, kFailureMapTable);
    Statement meta(db_, "INSERT INTO meta (key, value) VALUES ('application', 'fpverify'), "
                        "('schema_version', ?)");
    meta.bind(1, std::to_string(kSchemaVersion)).run();
    t.commit();
    return true;
}

// Every check runs before anything is written (a migration, the switch to WAL, a campaign), and
// for readers too: one rule for a damaged file, whichever command meets it.
void Store::check_existing(Mode mode) {
    require_intact(db_, path_);
    try {
        if (empty()) throw UsageError("'" + path_ + "' is empty: it holds no fpverify database");
        schema_version_of(db_, path_);  // "not an fpverify database" comes before finer complaints
        require_tables_of_every_version(db_, path_);
    } catch (const UsageError& e) {
        throw UsageError(e.what() + foreign_wal_diagnosis(path_));
    }
    require_its_own_wal(db_, path_);
    check_schema(mode);
    require_complete_schema(db_, path_, kSchema);
    require_complete_schema(db_, path_, kFailureMapTable);
}

void Store::check_schema(Mode mode) {
    std::string found = schema_version_of(db_, path_);
    if (found == "2" || found == "3" || found == "4" || found == "5" || found == "6") {
        // Migrated in place on first open, by a connection that may write even when this one
        // only reads.
        if (mode == Mode::read_write) {
            migrate(db_, path_);
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
                migrate(writer, path_);
            } catch (...) {
                sqlite3_close(writer);
                throw;
            }
            sqlite3_close(writer);
        }
        found = schema_version_of(db_, path_);
    }
    if (found != std::to_string(kSchemaVersion)) {
        throw UsageError("database '" + path_ + "' has schema version " + found +
                         "; this fpverify reads and writes version " + std::to_string(kSchemaVersion) +
                         " and migrates versions 2 to 6");
    }
}

int64_t Store::create_campaign(const CampaignSpec& spec, const std::vector<UnitState>& units,
                               const std::string& host, const std::string& version,
                               const std::string& notes, const LeaseOwner* owner) {
    Transaction t(db_);
    Statement c(db_, R"sql(
        INSERT INTO campaigns (name, status, created_at, seed, count_per_unit, backend, threads,
            batch_size, failures_kept, worst_kept, impls, classes, command_line, host,
            fpverify_version, notes, reference, strict_nan, shard_index, shard_count)
        VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    c.bind(1, spec.name).bind(2, utc_now_iso8601()).bind(3, as_sql(spec.seed));
    c.bind(4, as_sql(spec.count)).bind(5, spec.backend).bind(6, int64_t{spec.threads});
    c.bind(7, as_sql(spec.batch)).bind(8, as_sql(spec.limits.failures_kept));
    c.bind(9, as_sql(spec.limits.worst_kept)).bind(10, json_list(spec.impls));
    c.bind(11, json_list(spec.classes)).bind(12, spec.command_line).bind(13, host);
    c.bind(14, version).bind(15, notes).bind(16, std::string(reference_mode_name(spec.reference)));
    c.bind(17, int64_t{spec.strict_nan ? 1 : 0}).bind(18, int64_t{spec.shard_index});
    c.bind(19, int64_t{spec.shard_count}).run();
    const int64_t id = sqlite3_last_insert_rowid(db_);
    Statement u(db_, R"sql(
        INSERT INTO units (campaign_id, ordinal, impl, op, class, planned, next_index, tested,
            passed, failed, source_digest, exhaustive, input_key, generator_version, begin_index)
        VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?))sql");
    for (const UnitState& unit : units) {
        u.reset();
        u.bind(1, id).bind(2, int64_t{unit.ordinal}).bind(3, unit.impl).bind(4, unit.op);
        u.bind(5, unit.input_class).bind(6, as_sql(unit.planned)).bind(7, as_sql(unit.begin_index));
        u.bind(8, unit.digest).bind(9, int64_t{unit.exhaustive ? 1 : 0}).bind(10, hex64(unit.input_key));
        u.bind(11, int64_t{unit.generator_version}).bind(12, as_sql(unit.begin_index)).run();
    }
    if (owner != nullptr) take_lease(id, *owner);
    t.commit();
    return id;
}

void Store::commit_batch(int64_t campaign_id, const UnitState& unit,
                         std::span<const FailureRecord> new_failures, double elapsed_seconds,
                         double gpu_wait_seconds, double host_wait_seconds) {
    Transaction t(db_);
    check_lease(campaign_id);
    if (!lease_token_.empty()) {
        Statement beat(db_, "UPDATE leases SET heartbeat = ? WHERE campaign_id = ?");
        beat.bind(1, unix_seconds_now()).bind(2, campaign_id).run();
    }
    write_unit_state(campaign_id, unit, new_failures);
    Statement c(db_, R"sql(
        UPDATE campaigns SET elapsed_seconds = ?, gpu_wait_seconds = ?, host_wait_seconds = ?
        WHERE id = ?)sql");
    c.bind(1, elapsed_seconds).bind(2, gpu_wait_seconds).bind(3, host_wait_seconds);
    c.bind(4, campaign_id).run();
    t.commit();
}

void Store::write_unit_state(int64_t campaign_id, const UnitState& unit, std::span<const FailureRecord> new_failures) {
    const Tally& tally = unit.tally;
    Statement u(db_, R"sql(
        UPDATE units SET next_index = ?, tested = ?, passed = ?, failed = ?, max_error = ?,
            reference_disagreements = ?, failures_stored = ?, seconds = ?, outside = ?,
            ftz_changed = ?, wrong_runs_overflow = ?, map_partial = ?
        WHERE campaign_id = ? AND ordinal = ?)sql");
    u.bind(1, as_sql(unit.next_index)).bind(2, as_sql(tally.tested)).bind(3, as_sql(tally.passed()));
    u.bind(4, as_sql(tally.failed()));
    u.bind_optional(5, tally.worst.empty() ? std::nullopt : std::optional<double>(tally.max_error()));
    u.bind(6, as_sql(tally.reference_disagreements)).bind(7, as_sql(unit.failures_stored));
    u.bind(8, unit.seconds).bind(9, as_sql(tally.outside())).bind(10, as_sql(tally.ftz_changed));
    u.bind(11, int64_t{tally.wrong_runs_overflow ? 1 : 0}).bind(12, int64_t{unit.map_partial ? 1 : 0});
    u.bind(13, campaign_id).bind(14, int64_t{unit.ordinal}).run();
    Statement map(db_, R"sql(
        INSERT INTO failure_map (campaign_id, ordinal, cell, tested, failed) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (campaign_id, ordinal, cell) DO UPDATE SET tested = excluded.tested,
            failed = excluded.failed)sql");
    for (size_t cell = 0; cell < tally.map.tested.size(); ++cell) {
        if (tally.map.tested[cell] == 0) continue;
        map.reset();
        map.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, static_cast<int64_t>(cell));
        map.bind(4, as_sql(tally.map.tested[cell])).bind(5, as_sql(tally.map.failed[cell])).run();
    }
    if (unit.exhaustive) {
        Statement clear_runs(db_, "DELETE FROM wrong_runs WHERE campaign_id = ? AND ordinal = ?");
        clear_runs.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).run();
        Statement run(db_, "INSERT INTO wrong_runs (campaign_id, ordinal, first_bits, last_bits) "
                           "VALUES (?, ?, ?, ?)");
        for (const WrongRun& r : tally.wrong_runs) {
            run.reset();
            run.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, int64_t{r.first});
            run.bind(4, int64_t{r.last}).run();
        }
        Statement binade(db_, R"sql(
            INSERT INTO wrong_binades (campaign_id, ordinal, sign, exponent_field, count)
            VALUES (?, ?, ?, ?, ?) ON CONFLICT (campaign_id, ordinal, sign, exponent_field)
            DO UPDATE SET count = excluded.count)sql");
        for (size_t i = 0; i < tally.wrong_by_binade.size(); ++i) {
            if (tally.wrong_by_binade[i] == 0) continue;
            binade.reset();
            binade.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, static_cast<int64_t>(i >> 8));
            binade.bind(4, static_cast<int64_t>(i & 255)).bind(5, as_sql(tally.wrong_by_binade[i])).run();
        }
    }

    Statement cat(db_, R"sql(
        INSERT INTO category_counts (campaign_id, ordinal, category, count) VALUES (?, ?, ?, ?)
        ON CONFLICT (campaign_id, ordinal, category) DO UPDATE SET count = excluded.count)sql");
    for (int i = 0; i < kCategoryCount; ++i) {
        if (tally.by_category[i] == 0) continue;
        cat.reset();
        cat.bind(1, campaign_id).bind(2, int64_t{unit.ordinal});
        cat.bind(3, category_name(static_cast<Category>(i))).bind(4, as_sql(tally.by_category[i]));
        cat.run();
    }
    Statement steps(db_, R"sql(
        INSERT INTO ulp_steps (campaign_id, ordinal, steps, count) VALUES (?, ?, ?, ?)
        ON CONFLICT (campaign_id, ordinal, steps) DO UPDATE SET count = excluded.count)sql");
    for (size_t i = 0; i < tally.step_counts.size(); ++i) {
        if (tally.step_counts[i] == 0) continue;
        steps.reset();
        steps.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, static_cast<int64_t>(i));
        steps.bind(4, as_sql(tally.step_counts[i])).run();
    }
    Statement hist(db_, R"sql(
        INSERT INTO error_histogram (campaign_id, ordinal, inside, bin, count) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (campaign_id, ordinal, inside, bin) DO UPDATE SET count = excluded.count)sql");
    Statement clear(db_, "DELETE FROM worst_cases WHERE campaign_id = ? AND ordinal = ?");
    clear.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).run();
    Statement worst(db_, R"sql(
        INSERT INTO worst_cases (campaign_id, ordinal, inside, rank, impl, class, input_index, a,
            b, c, result, expected, error, category) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    for (const int inside : {1, 0}) {
        (inside ? tally.error_histogram : tally.outside_histogram).for_each([&](int bin, uint64_t count) {
            hist.reset();
            hist.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, int64_t{inside});
            hist.bind(4, int64_t{bin}).bind(5, as_sql(count)).run();
        });
        const std::vector<FailureRecord>& list = inside ? tally.worst : tally.outside_worst;
        for (size_t rank = 0; rank < list.size(); ++rank) {
            const FailureRecord& r = list[rank];
            worst.reset();
            worst.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, int64_t{inside});
            worst.bind(4, as_sql(rank)).bind(5, unit.impl).bind(6, unit.input_class);
            worst.bind(7, as_sql(r.index)).bind(8, hex64(r.input.a)).bind(9, hex64(r.input.b));
            worst.bind(10, hex64(r.input.c)).bind(11, hex64(r.result)).bind(12, hex64(r.expected));
            worst.bind(13, r.error).bind(14, category_name(r.category)).run();
        }
    }
    Statement fail(db_, R"sql(
        INSERT INTO failures (campaign_id, ordinal, impl, class, input_index, a, b, c, result,
            expected, error, category) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    for (const FailureRecord& r : new_failures) {
        fail.reset();
        fail.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, unit.impl);
        fail.bind(4, unit.input_class).bind(5, as_sql(r.index)).bind(6, hex64(r.input.a));
        fail.bind(7, hex64(r.input.b)).bind(8, hex64(r.input.c)).bind(9, hex64(r.result));
        fail.bind(10, hex64(r.expected)).bind(11, r.error).bind(12, category_name(r.category)).run();
    }
    Statement dis(db_, R"sql(
        INSERT OR IGNORE INTO disagreements (campaign_id, ordinal, input_index, a, b, c,
            vector_result, reference_result) VALUES (?, ?, ?, ?, ?, ?, ?, ?))sql");
    for (const FailureRecord& r : tally.disagreements) {
        dis.reset();
        dis.bind(1, campaign_id).bind(2, int64_t{unit.ordinal}).bind(3, as_sql(r.index));
        dis.bind(4, hex64(r.input.a)).bind(5, hex64(r.input.b)).bind(6, hex64(r.input.c));
        dis.bind(7, hex64(r.result)).bind(8, hex64(r.expected)).run();
    }
}

void Store::finish_campaign(int64_t campaign_id, double elapsed_seconds) {
    Transaction t(db_);
    check_lease(campaign_id);
    Statement c(db_, "UPDATE campaigns SET status = 'finished', finished_at = ?, "
                     "elapsed_seconds = ? WHERE id = ?");
    c.bind(1, utc_now_iso8601()).bind(2, elapsed_seconds).bind(3, campaign_id).run();
    t.commit();
}

void Store::set_status(int64_t campaign_id, const std::string& status) {
    Transaction t(db_);
    check_lease(campaign_id);
    Statement c(db_, "UPDATE campaigns SET status = ? WHERE id = ?");
    c.bind(1, status).bind(2, campaign_id).run();
    t.commit();
}

int64_t Store::insert_merged_campaign(const CampaignRecord& merged, const std::vector<UnitState>& units,
                                      const std::vector<std::vector<FailureRecord>>& failures) {
    Transaction t(db_);
    const CampaignSpec& spec = merged.spec;
    Statement c(db_, R"sql(
        INSERT INTO campaigns (name, status, created_at, finished_at, seed, count_per_unit, backend,
            threads, batch_size, failures_kept, worst_kept, impls, classes, command_line, host,
            fpverify_version, notes, reference, strict_nan, elapsed_seconds, merged_from)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    c.bind(1, spec.name).bind(2, merged.status).bind(3, utc_now_iso8601()).bind(4, utc_now_iso8601());
    c.bind(5, as_sql(spec.seed)).bind(6, as_sql(spec.count)).bind(7, spec.backend);
    c.bind(8, int64_t{spec.threads}).bind(9, as_sql(spec.batch)).bind(10, as_sql(spec.limits.failures_kept));
    c.bind(11, as_sql(spec.limits.worst_kept)).bind(12, json_list(spec.impls)).bind(13, json_list(spec.classes));
    c.bind(14, spec.command_line).bind(15, merged.host).bind(16, merged.version).bind(17, merged.notes);
    c.bind(18, std::string(reference_mode_name(spec.reference))).bind(19, int64_t{spec.strict_nan ? 1 : 0});
    c.bind(20, merged.elapsed_seconds).bind(21, merged.merged_from).run();
    const int64_t id = sqlite3_last_insert_rowid(db_);
    Statement u(db_, R"sql(
        INSERT INTO units (campaign_id, ordinal, impl, op, class, planned, next_index, tested,
            passed, failed, source_digest, exhaustive, input_key, generator_version, begin_index)
        VALUES (?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?, ?, ?, ?, 0))sql");
    for (size_t i = 0; i < units.size(); ++i) {
        const UnitState& unit = units[i];
        u.reset();
        u.bind(1, id).bind(2, int64_t{unit.ordinal}).bind(3, unit.impl).bind(4, unit.op);
        u.bind(5, unit.input_class).bind(6, as_sql(unit.planned)).bind(7, unit.digest);
        u.bind(8, int64_t{unit.exhaustive ? 1 : 0}).bind(9, hex64(unit.input_key));
        u.bind(10, int64_t{unit.generator_version}).run();
        write_unit_state(id, unit, failures[i]);
    }
    t.commit();
    return id;
}

std::vector<CampaignRecord> Store::campaigns() {
    std::vector<CampaignRecord> list;
    Statement s(db_, "SELECT id FROM campaigns ORDER BY id");
    while (s.step()) list.push_back(campaign(s.int64(0)));
    return list;
}

CampaignRecord Store::campaign(int64_t id) {
    Statement s(db_, R"sql(
        SELECT id, name, status, created_at, coalesce(finished_at, ''), seed, count_per_unit,
               backend, threads, batch_size, failures_kept, worst_kept, impls, classes,
               command_line, host, fpverify_version, elapsed_seconds, gpu_wait_seconds,
               host_wait_seconds, notes, reference, strict_nan, shard_index, shard_count, merged_from
        FROM campaigns WHERE id = ?)sql");
    s.bind(1, id);
    if (!s.step()) {
        throw UsageError("database '" + path_ + "' has no campaign " + std::to_string(id));
    }
    CampaignRecord r;
    r.id = s.int64(0);
    r.spec.name = s.text(1);
    r.status = s.text(2);
    r.created_at = s.text(3);
    r.finished_at = s.text(4);
    r.spec.seed = static_cast<uint64_t>(s.int64(5));
    r.spec.count = static_cast<uint64_t>(s.int64(6));
    r.spec.backend = s.text(7);
    r.spec.threads = static_cast<int>(s.int64(8));
    r.spec.batch = static_cast<uint64_t>(s.int64(9));
    r.spec.limits.failures_kept = static_cast<size_t>(s.int64(10));
    r.spec.limits.worst_kept = static_cast<size_t>(s.int64(11));
    r.spec.impls = parse_json_list(s.text(12));
    r.spec.classes = parse_json_list(s.text(13));
    r.spec.command_line = s.text(14);
    r.host = s.text(15);
    r.version = s.text(16);
    r.elapsed_seconds = s.real(17);
    r.gpu_wait_seconds = s.real(18);
    r.host_wait_seconds = s.real(19);
    r.notes = s.text(20);
    r.spec.reference = reference_mode_from_name(s.text(21)).value_or(ReferenceMode::mpfr);
    r.spec.strict_nan = s.int64(22) != 0;
    r.spec.shard_index = static_cast<int>(s.int64(23));
    r.spec.shard_count = static_cast<int>(s.int64(24));
    r.merged_from = s.text(25);
    return r;
}

int64_t Store::latest_campaign(bool unfinished_only) {
    Statement s(db_, unfinished_only
                         ? "SELECT max(id) FROM campaigns WHERE status IN ('running', 'paused')"
                         : "SELECT max(id) FROM campaigns");
    if (!s.step() || s.is_null(0)) {
        throw UsageError("database '" + path_ + "' has no " +
                         (unfinished_only ? "unfinished campaign" : "campaign"));
    }
    return s.int64(0);
}

std::vector<UnitState> Store::units(int64_t campaign_id) {
    std::vector<UnitState> units;
    Statement s(db_, R"sql(
        SELECT ordinal, impl, class, planned, next_index, tested, failures_stored, seconds,
               source_digest, reference_disagreements, ftz_changed, exhaustive, wrong_runs_overflow,
               op, input_key, generator_version, begin_index, map_partial
        FROM units WHERE campaign_id = ? ORDER BY ordinal)sql");
    s.bind(1, campaign_id);
    while (s.step()) {
        UnitState u;
        u.ordinal = static_cast<int>(s.int64(0));
        u.impl = s.text(1);
        u.input_class = s.text(2);
        u.planned = static_cast<uint64_t>(s.int64(3));
        u.next_index = static_cast<uint64_t>(s.int64(4));
        u.tally.tested = static_cast<uint64_t>(s.int64(5));
        u.failures_stored = static_cast<uint64_t>(s.int64(6));
        u.seconds = s.real(7);
        u.digest = s.text(8);
        u.tally.reference_disagreements = static_cast<uint64_t>(s.int64(9));
        u.tally.ftz_changed = static_cast<uint64_t>(s.int64(10));
        u.exhaustive = s.int64(11) != 0;
        u.tally.wrong_runs_overflow = s.int64(12) != 0;
        u.op = s.text(13);
        u.input_key = s.text(14).empty() ? 0 : parse_hex64(s.text(14));
        u.generator_version = static_cast<int>(s.int64(15));
        u.begin_index = static_cast<uint64_t>(s.int64(16));
        u.map_partial = s.int64(17) != 0;
        units.push_back(std::move(u));
    }
    for (UnitState& u : units) {
        Statement cat(db_, "SELECT category, count FROM category_counts "
                           "WHERE campaign_id = ? AND ordinal = ?");
        cat.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (cat.step()) {
            const auto c = category_from_name(cat.text(0));
            if (!c) throw UsageError("database '" + path_ + "' has unknown category " + cat.text(0));
            u.tally.by_category[static_cast<size_t>(*c)] = static_cast<uint64_t>(cat.int64(1));
        }
        Statement steps(db_, "SELECT steps, count FROM ulp_steps WHERE campaign_id = ? AND ordinal = ?");
        steps.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (steps.step()) {
            const int64_t at = steps.int64(0);
            if (at < 1 || at >= static_cast<int64_t>(Tally::kStepBuckets)) {
                throw UsageError("database '" + path_ + "' has a malformed ulp_steps row");
            }
            if (u.tally.step_counts.empty()) u.tally.step_counts.assign(Tally::kStepBuckets, 0);
            u.tally.step_counts[static_cast<size_t>(at)] = static_cast<uint64_t>(steps.int64(1));
        }
        Statement hist(db_, "SELECT inside, bin, count FROM error_histogram "
                            "WHERE campaign_id = ? AND ordinal = ? ORDER BY bin");
        hist.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (hist.step()) {
            Histogram& h = hist.int64(0) != 0 ? u.tally.error_histogram : u.tally.outside_histogram;
            h.add(static_cast<int>(hist.int64(1)), static_cast<uint64_t>(hist.int64(2)));
        }
        Statement worst(db_, R"sql(
            SELECT inside, input_index, a, b, c, result, expected, error, category FROM worst_cases
            WHERE campaign_id = ? AND ordinal = ? ORDER BY inside, rank)sql");
        worst.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (worst.step()) {
            FailureRecord r;
            r.index = static_cast<uint64_t>(worst.int64(1));
            r.input = operands_of(worst, 2);
            r.result = parse_hex64(worst.text(5));
            r.expected = parse_hex64(worst.text(6));
            r.error = worst.real(7);
            r.category = category_from_name(worst.text(8)).value_or(Category::wrong_value);
            (worst.int64(0) != 0 ? u.tally.worst : u.tally.outside_worst).push_back(r);
        }
        Statement runs(db_, "SELECT first_bits, last_bits FROM wrong_runs WHERE campaign_id = ? "
                            "AND ordinal = ? ORDER BY first_bits");
        runs.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (runs.step()) {
            u.tally.wrong_runs.push_back({static_cast<uint32_t>(runs.int64(0)), static_cast<uint32_t>(runs.int64(1))});
        }
        Statement binades(db_, "SELECT sign, exponent_field, count FROM wrong_binades "
                               "WHERE campaign_id = ? AND ordinal = ?");
        binades.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (binades.step()) {
            if (u.tally.wrong_by_binade.empty()) u.tally.wrong_by_binade.assign(512, 0);
            u.tally.wrong_by_binade[static_cast<size_t>(binades.int64(0) * 256 + binades.int64(1))] =
                static_cast<uint64_t>(binades.int64(2));
        }
        Statement map(db_, "SELECT cell, tested, failed FROM failure_map WHERE campaign_id = ? AND ordinal = ?");
        map.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (map.step()) {
            const int64_t cell = map.int64(0), tested = map.int64(1), failed = map.int64(2);
            if (cell < 0 || cell >= kMapCells || tested < 0 || failed < 0 || failed > tested) {
                throw UsageError("database '" + path_ + "' has a malformed failure_map row");
            }
            u.tally.map.add(static_cast<int>(cell), static_cast<uint64_t>(tested), static_cast<uint64_t>(failed));
        }
        Statement dis(db_, R"sql(
            SELECT input_index, a, b, c, vector_result, reference_result FROM disagreements
            WHERE campaign_id = ? AND ordinal = ? ORDER BY input_index)sql");
        dis.bind(1, campaign_id).bind(2, int64_t{u.ordinal});
        while (dis.step()) {
            FailureRecord r;
            r.index = static_cast<uint64_t>(dis.int64(0));
            r.input = operands_of(dis, 1);
            r.result = parse_hex64(dis.text(4));
            r.expected = parse_hex64(dis.text(5));
            u.tally.disagreements.push_back(r);
        }
    }
    return units;
}

std::vector<FailureRecord> Store::unit_failures(int64_t campaign_id, int ordinal, size_t limit) {
    std::vector<FailureRecord> list;
    Statement s(db_, R"sql(
        SELECT input_index, a, b, c, result, expected, error, category FROM failures
        WHERE campaign_id = ? AND ordinal = ? ORDER BY input_index LIMIT ?)sql");
    s.bind(1, campaign_id).bind(2, int64_t{ordinal}).bind(3, as_sql(limit));
    while (s.step()) {
        FailureRecord r;
        r.index = static_cast<uint64_t>(s.int64(0));
        r.input = operands_of(s, 1);
        r.result = parse_hex64(s.text(4));
        r.expected = parse_hex64(s.text(5));
        r.error = s.real(6);
        r.category = category_from_name(s.text(7)).value_or(Category::wrong_value);
        list.push_back(r);
    }
    return list;
}

StoredFailure Store::failure(int64_t id) {
    Statement s(db_, R"sql(
        SELECT f.id, f.campaign_id, f.ordinal, f.impl, f.class, f.input_index, f.a, f.b, f.c, f.result,
               f.expected, f.error, f.category, u.op
        FROM failures f JOIN units u ON u.campaign_id = f.campaign_id AND u.ordinal = f.ordinal
        WHERE f.id = ?)sql");
    s.bind(1, id);
    if (!s.step()) {
        throw UsageError("database '" + path_ + "' has no failure with id " + std::to_string(id));
    }
    StoredFailure f;
    f.id = s.int64(0);
    f.campaign_id = s.int64(1);
    f.ordinal = static_cast<int>(s.int64(2));
    f.impl = s.text(3);
    f.input_class = s.text(4);
    f.record.index = static_cast<uint64_t>(s.int64(5));
    f.record.input = operands_of(s, 6);
    f.record.result = parse_hex64(s.text(9));
    f.record.expected = parse_hex64(s.text(10));
    f.record.error = s.real(11);
    f.record.category = category_from_name(s.text(12)).value_or(Category::wrong_value);
    f.op = s.text(13);
    return f;
}

}  // namespace fpv
