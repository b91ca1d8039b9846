// The campaign database: SQLite in WAL mode, with a versioned schema (docs/database.md).
// Every batch's tally and the campaign's checkpoint are written in one transaction, so a
// campaign killed at any moment resumes with no input lost or counted twice.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>
#include <vector>

#include "model/value_format.h"
#include "model/campaign.h"
#include "store/file_watch.h"

namespace fpv {

inline constexpr int kSchemaVersion = 9;

// A stored failure, with what it belongs to.
struct StoredFailure {
    int64_t id = 0;
    int64_t campaign_id = 0;
    int ordinal = 0;
    std::string impl, op, input_class;
    FailureRecord record;
};

// The process that owns a campaign: one writer per campaign (docs/database.md, "Leases").
struct LeaseOwner {
    std::string host;
    int64_t pid = 0;
    std::string token;        // unique to one acquisition
    std::string acquired_at;
    double heartbeat = 0;     // Unix seconds of its last sign of life
};

// A lease whose heartbeat is older than this may be taken over from any host; on the owner's
// own host a lease is taken over as soon as its process is gone.
inline constexpr double kLeaseTimeoutSeconds = 60;
inline constexpr double kHeartbeatSeconds = 5;

// This process, as a lease owner with a fresh token.
LeaseOwner this_process_as_owner();
// Whether `owner` is dead or silent: its PID gone on this host, or its heartbeat too old.
bool lease_abandoned(const LeaseOwner& owner, double now);
double unix_seconds_now();

class Store {
public:
    enum class Mode {
        read_write,      // creates the file, or the schema in an empty file (run, merge --into)
        write_existing,  // the file must hold an fpverify database already (resume)
        read_only
    };

    // Opens an fpverify database, migrating one of schema versions 2 to 8 in place
    // (docs/database.md). Throws UsageError when the path cannot be opened in that mode, is not
    // an intact fpverify database, or has another schema version: the file is then left as it
    // was, its -wal included. Throws DatabaseIoError when the system fails (a full disk).
    // A writer watches its file from then on (store/file_watch.h): every write first checks that
    // the path still names the file as fpverify left it, and throws DatabaseLost when not.
    Store(const std::string& path, Mode mode);
    ~Store();
    // After a commit by another connection of this process (the lease's heartbeat, from its
    // thread), which may have started the -wal over: the watch must see it as this process's own.
    void observe_file() {
        if (watch_) watch_->observe();
    }
    // A writer's last check before it closes (its -wal is folded into the file only if the file
    // is still its own): throws DatabaseLost where the destructor would only stay silent.
    void close_checked();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // `notes`: what the campaign ran on beyond the host (the GPUs), shown in reports.
    // With an `owner`, the new campaign's lease is taken in the same transaction, so no other
    // process can resume it before this one starts.
    int64_t create_campaign(const CampaignSpec& spec, const std::vector<UnitState>& units,
                            const std::string& host, const std::string& version,
                            const std::string& notes = "", const LeaseOwner* owner = nullptr);

    // A merged campaign, its units' tallies and failure samples, in one transaction.
    int64_t insert_merged_campaign(const CampaignRecord& merged, const std::vector<UnitState>& units,
                                   const std::vector<std::vector<FailureRecord>>& failures);

    // Takes the campaign's lease for `owner`, taking over an abandoned one; throws UsageError
    // naming the owner when a live process holds it. Commits of this Store then check that the
    // lease is still theirs (LeaseLost otherwise).
    void acquire_lease(int64_t campaign_id, const LeaseOwner& owner);
    void release_lease(int64_t campaign_id);
    std::optional<LeaseOwner> lease_of(int64_t campaign_id);
    // running -> paused (stopped cleanly) or back.
    void set_status(int64_t campaign_id, const std::string& status);

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
    // The campaign a command names (`id`; UsageError when there is no such campaign), or with 0
    // the one latest_campaign chooses.
    int64_t chosen_campaign(int64_t id, bool unfinished_only);
    std::vector<UnitState> units(int64_t campaign_id);
    std::vector<FailureRecord> unit_failures(int64_t campaign_id, int ordinal, size_t limit);
    // Throws UsageError when there is no such failure.
    StoredFailure failure(int64_t id);
    // Every stored failure of `impl`, of any campaign, in id order: its id and operands.
    std::vector<StoredOperands> failure_operands(const std::string& impl);

    sqlite3* handle() { return db_; }
    const std::string& lease_token() const { return lease_token_; }
    const std::string& path() const { return path_; }

private:
    // Before every write: throws DatabaseLost once the file is no longer this writer's, having
    // done what keeps the file now at the path safe from this writer's -wal (lose_file).
    void check_file(int64_t campaign_id = 0);
    // After every commit: the -wal copied into the file once it holds kCheckpointFrames, the file
    // checked first (SQLite's own automatic checkpoints are off: they would not check it).
    void checkpoint_if_due(int64_t campaign_id);
    [[noreturn]] void lose_file(FileFate fate, int64_t campaign_id);
    void start_watching();  // a writer's, once the file passed its checks and is in WAL mode
    // What identifies a campaign this Store writes, kept while the file is sound, to recognise
    // it in a file that replaced this one.
    void remember_campaign(int64_t campaign_id);
    void take_lease(int64_t campaign_id, const LeaseOwner& owner);  // inside a transaction
    void check_lease(int64_t campaign_id);                           // inside a transaction
    void write_unit_state(int64_t campaign_id, const UnitState& unit, std::span<const FailureRecord> new_failures);
    bool empty();
    bool create_schema_if_empty();
    void check_existing(Mode mode);
    void check_schema(Mode mode);

    sqlite3* db_ = nullptr;
    std::string path_;
    std::string lease_token_;  // the lease this Store writes under; empty: none taken
    // Writers only: the file watched, the -wal's name and identity, its frames after the last
    // commit (SQLite's WAL hook).
    std::unique_ptr<FileWatch> watch_;
    std::string wal_path_;
    std::optional<std::pair<dev_t, ino_t>> wal_identity_;
    int wal_frames_ = 0;
    bool lost_ = false;  // the file is no longer this writer's: nothing more is written
    std::vector<std::pair<int64_t, std::string>> campaigns_written_;
};

// The database file was deleted, renamed, or overwritten by another program while this process
// wrote it (store/file_watch.h): nothing more was written, and the message says what was done
// with this process's -wal and what of the campaign is left.
class DatabaseLost : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A commit found that another process took the campaign's lease over (this one was silent
// longer than kLeaseTimeoutSeconds): nothing was written.
class LeaseLost : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

uint64_t parse_hex64(const std::string& text);  // throws UsageError
std::string utc_now_iso8601();
std::string utc_now_as(const char* strftime_format);  // at most 31 characters

}  // namespace fpv
