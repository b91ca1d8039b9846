#include "store/lease_keeper.h"

#include <sqlite3.h>

#include <chrono>

#include "store/database_file.h"

namespace fpv {

LeaseKeeper::LeaseKeeper(Store& store, int64_t campaign_id)
    : store_(store), campaign_id_(campaign_id), token_(store.lease_token()), thread_([this] { beat(); }) {}

LeaseKeeper::~LeaseKeeper() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
    try {
        store_.release_lease(campaign_id_);
    } catch (const std::exception&) {
        // Left behind, the lease is taken over as soon as this process is gone.
    }
}

void LeaseKeeper::beat() {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(store_.path().c_str(), &db, SQLITE_OPEN_READWRITE, database_vfs()) != SQLITE_OK) {
        sqlite3_close(db);
        return;  // the commits still renew it
    }
    sqlite3_busy_timeout(db, 2000);
    // Checkpoints are the Store's, each after a check of the file (store/file_watch.h).
    sqlite3_wal_autocheckpoint(db, 0);
    allow_checkpoint_on_close(db, false);
    sqlite3_stmt* update = nullptr;
    sqlite3_prepare_v2(db, "UPDATE leases SET heartbeat = ? WHERE campaign_id = ? AND token = ?", -1, &update, nullptr);
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::duration<double>(kHeartbeatSeconds), [this] { return stopping_; })) {
        if (update == nullptr) break;
        // A busy database skips a beat; the timeout allows for many.
        sqlite3_bind_double(update, 1, unix_seconds_now());
        sqlite3_bind_int64(update, 2, campaign_id_);
        sqlite3_bind_text(update, 3, token_.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_step(update);
        sqlite3_reset(update);
        store_.observe_file();
    }
    sqlite3_finalize(update);
    sqlite3_close(db);
}

}  // namespace fpv
