// Whether the database file a writer opened is still the file at its path, changed by nobody but
// SQLite (docs/database.md, "A database replaced while a campaign runs"). In WAL mode the file
// changes only when a checkpoint copies the -wal into it, and every checkpoint, by any process,
// moves the checkpoint record of the WAL index (-shm: how much of the -wal is copied, and the salt
// that changes when the -wal starts over). A file whose size or modification time changed while
// that record did not was written by another program: overwritten in place (a copy or a restore
// over it, a truncation), so the -wal no longer fits it.
#pragma once

#include <sqlite3.h>
#include <sys/types.h>

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace fpv {

enum class FileFate {
    same,       // the path names the file opened, changed only by checkpoints
    moved,      // the path names another file or none; the file opened lives on under another name
    deleted,    // the path names another file or none; the file opened has no name left
    rewritten,  // the path names the file opened, but another program changed its contents
};

class FileWatch {
public:
    // Watches `path`, the main file of `db` (a connection in WAL mode, its WAL index open). What
    // the file and the index say now is the baseline.
    FileWatch(const std::string& path, sqlite3* db);
    ~FileWatch();
    FileWatch(const FileWatch&) = delete;
    FileWatch& operator=(const FileWatch&) = delete;

    // What became of the file since the baseline; a change a checkpoint explains becomes the
    // baseline. A checkpoint in progress changes the file before its record: an unexplained
    // change is looked at again for a few seconds before it counts.
    FileFate fate();
    // After each commit of this process, by any of its connections and threads (a commit may start
    // the -wal over): what the index says now is the baseline, if the file is as the baseline had it.
    void observe();
    // After this process's own checkpoint: the file changed, and that is the baseline now.
    void rebase();
    // Where the file opened is now, as the system names it ("" if it cannot tell).
    std::string current_name() const;

private:
    struct Stamp {
        off_t size = 0;
        long long seconds = 0, nanoseconds = 0;
        bool operator==(const Stamp&) const = default;
    };
    // The WAL index's state: how often the -wal started over (its salt-1) and its other salt (new
    // each time), and how many of its frames a checkpoint copied into the file.
    struct CheckpointRecord {
        uint32_t restarts = 0, salt2 = 0, copied = 0;
        bool operator==(const CheckpointRecord&) const = default;
    };

    Stamp stamp() const;
    std::optional<CheckpointRecord> checkpoint_record() const;
    // Whether some checkpoint copied frames into the file between the two records.
    static bool checkpointed_between(const CheckpointRecord& before, const CheckpointRecord& after);

    mutable std::mutex mutex_;  // the lease's heartbeat observes from a thread of its own
    std::string path_;
    sqlite3* db_;
    int fd_ = -1;  // O_PATH: closing it drops none of the locks SQLite holds on the file
    dev_t dev_ = 0;
    ino_t ino_ = 0;
    Stamp stamp_;
    std::optional<CheckpointRecord> record_;
};

// (device, inode) of `path`, if it exists: to recognise one's own -wal before moving it.
std::optional<std::pair<dev_t, ino_t>> file_identity(const std::string& path);

}  // namespace fpv
