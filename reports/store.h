// The campaign database: SQLite in WAL mode, with a versioned schema (docs/database.md).
// Every batch's tally and the campaign's checkpoint are written in one transaction, so a
// campaign killed at any moment resumes with no input lost or counted twice.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reports/value_format.h"
#include "model/campaign.h"

namespace fpv {

inline constexpr int kSchemaVersion = 5;

// A stored failure, with what it belongs to.
struct StoredFailure {
    int64_t id = 0;
    int64_t campaign_id = 0;
    int ordinal = 0;
    std::string impl, op, input_class;
    FailureRecord record;
};

class Store {
public:
    enum class Mode { read_write, read_only };

    // Opens (read_write: creating if absent) an fpverify database, migrating one of schema
    // version 2 in place (docs/database.md). Throws UsageError when the path cannot be opened in
    // that mode, is not an fpverify database, or has another schema version.
    Store(const std::string& path, Mode mode);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // `notes`: what the campaign ran on beyond the host (the GPUs), shown in reports.
    int64_t create_campaign(const CampaignSpec& spec, const std::vector<UnitState>& units,
                            const std::string& host, const std::string& version,
                            const std::string& notes = "");

    // Writes a unit's cumulative state, its new failures and the campaign's elapsed time, in
    // one transaction.
    void commit_batch(int64_t campaign_id, const UnitState& unit,
                      std::span<const FailureRecord> new_failures, double elapsed_seconds,
                      double gpu_wait_seconds, double host_wait_seconds);

    void finish_campaign(int64_t campaign_id, double elapsed_seconds);

    std::vector<CampaignRecord> campaigns();
    // Throws UsageError when there is no such campaign.
    CampaignRecord campaign(int64_t id);
    // The newest campaign, or the newest unfinished one; throws UsageError if none.
    int64_t latest_campaign(bool unfinished_only);
    std::vector<UnitState> units(int64_t campaign_id);
    std::vector<FailureRecord> unit_failures(int64_t campaign_id, int ordinal, size_t limit);
    // Throws UsageError when there is no such failure.
    StoredFailure failure(int64_t id);

    sqlite3* handle() { return db_; }
    const std::string& path() const { return path_; }

private:
    void create_schema();
    void check_schema(Mode mode);

    sqlite3* db_ = nullptr;
    std::string path_;
};

uint64_t parse_hex64(const std::string& text);  // throws UsageError
std::string utc_now_iso8601();

}  // namespace fpv
