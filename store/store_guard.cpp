// A writer's watch over its file (store/file_watch.h): checked before every write, checkpoints
// made only after a check, and, once the file is no longer this writer's, nothing more written
// and this writer's -wal kept from whatever file now has the name.
#include <sqlite3.h>

#include <cstdio>

#include "store/database_file.h"
#include "store/sqlite_handle.h"
#include "store/store.h"

namespace fpv {
namespace {

// SQLite's own threshold for its automatic checkpoints, which fpverify's writers replace.
constexpr int kCheckpointFrames = 1000;

int count_frames(void* frames, sqlite3*, const char*, int count) {
    *static_cast<int*>(frames) = count;
    return SQLITE_OK;
}

constexpr const char* kCampaignIdentity =
    "SELECT created_at || ' ' || host || ' ' || command_line FROM campaigns WHERE id = ?";

// Whether `path` read alone (without a -wal) holds campaign `id` with this identity.
bool file_alone_holds(const std::string& path, int64_t id, const std::string& identity) {
    sqlite3* alone = nullptr;
    bool holds = false;
    try {
        alone = open_file_without_its_wal(path);
        Statement s(alone, kCampaignIdentity);
        s.bind(1, id);
        holds = s.step() && s.text(0) == identity;
    } catch (const std::exception&) {
        // A file that cannot be read holds nothing of it.
    }
    sqlite3_close(alone);
    return holds;
}

}  // namespace

void Store::start_watching() {
    // A read opens the connection's -wal and its index first: the watch reads SQLite's own mapping
    // of the index, and a mapping the watch made itself would outlive the connection (SQLite
    // unmaps the index only when it closes a -wal it opened).
    execute(db_, "SELECT count(*) FROM sqlite_schema");
    watch_ = std::make_unique<FileWatch>(path_, db_);
    wal_path_ = sqlite3_filename_wal(sqlite3_db_filename(db_, "main"));
    wal_identity_ = file_identity(wal_path_);
    sqlite3_wal_hook(db_, count_frames, &wal_frames_);  // replaces SQLite's automatic checkpoints
}

void Store::remember_campaign(int64_t campaign_id) {
    if (!watch_) return;
    Statement s(db_, kCampaignIdentity);
    s.bind(1, campaign_id);
    if (s.step()) campaigns_written_.emplace_back(campaign_id, s.text(0));
}

void Store::check_file(int64_t campaign_id) {
    if (lost_) throw DatabaseLost("database '" + path_ + "' is no longer the file this process wrote; nothing more is written to it");
    if (!watch_) return;
    const FileFate fate = watch_->fate();
    if (fate != FileFate::same) lose_file(fate, campaign_id);
}

void Store::checkpoint_if_due(int64_t campaign_id) {
    if (!watch_) return;
    watch_->observe();  // the commit may have started the -wal over: no checkpoint, no change to the file
    if (!wal_identity_) wal_identity_ = file_identity(wal_path_);  // SQLite makes it at the first write
    if (wal_frames_ < kCheckpointFrames) return;
    check_file(campaign_id);
    // Passive: readers of older snapshots keep what they read; a later checkpoint copies the rest.
    const int rc = sqlite3_wal_checkpoint_v2(db_, "main", SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    if (rc != SQLITE_OK && (rc & 0xff) != SQLITE_BUSY) throw_sqlite_error(db_, rc, "checkpointing its write-ahead log");
    watch_->rebase();
    wal_frames_ = 0;
}

void Store::close_checked() {
    if (!watch_ || lost_ || db_ == nullptr || sqlite3_total_changes64(db_) == 0) return;
    check_file();
    allow_checkpoint_on_close(db_, true);
}

void Store::lose_file(FileFate fate, int64_t campaign_id) {
    lost_ = true;
    allow_checkpoint_on_close(db_, false);
    if (campaign_id == 0 && !campaigns_written_.empty()) campaign_id = campaigns_written_.back().first;
    const std::string campaign = campaign_id != 0 ? "campaign " + std::to_string(campaign_id) : "its campaign";
    const std::string db = "database '" + path_ + "'";
    if (fate == FileFate::moved) {
        // The file lives on under another name: this process's -wal is copied into it through the
        // descriptor SQLite holds, so that it holds every batch committed.
        const std::string now = watch_->current_name();
        const int rc = sqlite3_wal_checkpoint_v2(db_, "main", SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
        std::string text = db + " was renamed or moved while this process wrote it" +
                           (now.empty() ? std::string() : " (it is now '" + now + "')") + "; this process stopped. ";
        if (rc != SQLITE_OK) {
            throw DatabaseLost(text + "Its last batches, in '" + wal_path_ +
                               "', could not be copied into it (" + sqlite_error_text(db_, rc) +
                               "): put the file back under its name and resume " + campaign + " there");
        }
        text += "Every batch committed so far is in it";
        if (!now.empty() && campaign_id != 0) {
            text += ": continue " + campaign + " with\n  fpverify resume --db " + now + " --campaign " +
                    std::to_string(campaign_id);
        }
        throw DatabaseLost(text);
    }
    // The file at the name is not this process's: its -wal, applied to that file by the next
    // SQLite that opens it, would damage it. Moved away under a name SQLite never reads.
    std::string wal;
    if (wal_identity_ && file_identity(wal_path_) == wal_identity_) {
        const std::string aside = wal_path_ + ".orphaned-" + utc_now_as("%Y%m%dT%H%M%SZ");
        wal = std::rename(wal_path_.c_str(), aside.c_str()) == 0
                  ? " Its write-ahead log, which belongs to the file as it was, was moved to '" + aside +
                        "', so that SQLite never reads it into the file now at that name."
                  : " Its write-ahead log '" + wal_path_ +
                        "' belongs to the file as it was and could not be moved away: move it before anything "
                        "opens the file now at that name, which SQLite would otherwise damage with it.";
    }
    if (fate == FileFate::deleted) {
        throw DatabaseLost(db + " was deleted, or another file was moved over it, while this process wrote it: " +
                           campaign + " was in the file that went, and this process stopped." + wal);
    }
    std::string left = " '" + path_ + "' now holds no " + campaign + " of this run: nothing this run did is in it.";
    for (const auto& [id, identity] : campaigns_written_) {
        if (id == campaign_id && file_alone_holds(path_, id, identity)) {
            left = " '" + path_ + "' holds " + campaign + " as of an earlier checkpoint: continue it from there with\n"
                   "  fpverify resume --db " + path_ + " --campaign " + std::to_string(id);
        }
    }
    throw DatabaseLost(db + " was overwritten by another program while this process wrote it (its size or time "
                       "of change moved with no checkpoint to explain it: a copy or a restore over it, or a "
                       "truncation); this process stopped and wrote nothing into it." + wal + left);
}

}  // namespace fpv
