#include "store/file_watch.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "store/sqlite_handle.h"

namespace fpv {
namespace {

// The WAL index's layout (https://www.sqlite.org/walformat.html), in native byte order: a 48-byte
// header (its salts at bytes 32 and 36), its copy, then the checkpoint record, whose
// first word counts the frames copied into the database. Read through SQLite's own mapping of
// the index: opening the -shm and closing it would drop the locks SQLite holds on it (POSIX locks
// belong to the process).
constexpr int kIndexRegionBytes = 32768;
constexpr int kSalt1Word = 32 / 4, kSalt2Word = 36 / 4, kCopiedWord = 96 / 4;

// How long a change that no checkpoint record explains is looked at again: a checkpoint writes
// the file first, syncs it, and only then records what it copied.
constexpr auto kCheckpointPatience = std::chrono::seconds(3);
constexpr auto kLookAgain = std::chrono::milliseconds(20);

}  // namespace

FileWatch::FileWatch(const std::string& path, sqlite3* db) : path_(path), db_(db) {
    fd_ = ::open(path.c_str(), O_PATH | O_CLOEXEC);
    struct stat s {};
    if (fd_ < 0 || ::fstat(fd_, &s) != 0) {
        const int e = errno;
        if (fd_ >= 0) ::close(fd_);
        throw DatabaseIoError("database '" + path + "': cannot watch the file: " + std::strerror(e));
    }
    dev_ = s.st_dev;
    ino_ = s.st_ino;
    rebase();
}

FileWatch::~FileWatch() { ::close(fd_); }

FileWatch::Stamp FileWatch::stamp() const {
    struct stat s {};
    if (::fstat(fd_, &s) != 0) return {};
    return Stamp{s.st_size, static_cast<long long>(s.st_mtim.tv_sec), static_cast<long long>(s.st_mtim.tv_nsec)};
}

std::optional<FileWatch::CheckpointRecord> FileWatch::checkpoint_record() const {
    sqlite3_file* file = nullptr;
    if (sqlite3_file_control(db_, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || file == nullptr ||
        file->pMethods == nullptr || file->pMethods->iVersion < 2 || file->pMethods->xShmMap == nullptr) {
        return std::nullopt;
    }
    void volatile* region = nullptr;
    if (file->pMethods->xShmMap(file, 0, kIndexRegionBytes, 0, &region) != SQLITE_OK || region == nullptr) {
        return std::nullopt;
    }
    const auto* words = static_cast<const volatile uint32_t*>(region);
    // Salt-1 is kept as the -wal's header has it, big-endian, and grows by one each time the -wal
    // starts over.
    const auto* salt1 = reinterpret_cast<const volatile unsigned char*>(&words[kSalt1Word]);
    const uint32_t restarts = (uint32_t{salt1[0]} << 24) | (uint32_t{salt1[1]} << 16) | (uint32_t{salt1[2]} << 8) | salt1[3];
    return CheckpointRecord{restarts, words[kSalt2Word], words[kCopiedWord]};
}

bool FileWatch::checkpointed_between(const CheckpointRecord& before, const CheckpointRecord& after) {
    // Within one run of the -wal, frames are only ever copied forward. The -wal starts over (salt-1
    // one more, nothing copied) only once a checkpoint copied every frame of its run, frames that
    // may have come after `before`: a start-over since counts as a checkpoint. (This process's own
    // start-overs are seen as they happen, by observe(), and are no checkpoint.)
    if (after.restarts == before.restarts && after.salt2 == before.salt2) return after.copied > before.copied;
    return true;
}

// The record is read before the stamp, always: a checkpoint between the two reads then leaves a
// baseline whose record is older than its stamp, which explains too much rather than too little.
void FileWatch::rebase() {
    const std::lock_guard lock(mutex_);
    record_ = checkpoint_record();
    stamp_ = stamp();
}

void FileWatch::observe() {
    const std::lock_guard lock(mutex_);
    const std::optional<CheckpointRecord> record = checkpoint_record();
    if (stamp() == stamp_) record_ = record;
}

FileFate FileWatch::fate() {
    const std::lock_guard lock(mutex_);
    struct stat at_path {}, opened {};
    ::fstat(fd_, &opened);
    if (::stat(path_.c_str(), &at_path) != 0 || at_path.st_dev != dev_ || at_path.st_ino != ino_) {
        return opened.st_nlink > 0 ? FileFate::moved : FileFate::deleted;
    }
    const std::optional<CheckpointRecord> first = checkpoint_record();
    if (stamp() == stamp_) {
        record_ = first;
        return FileFate::same;
    }
    const auto give_up = std::chrono::steady_clock::now() + kCheckpointPatience;
    for (;;) {
        const std::optional<CheckpointRecord> record = checkpoint_record();
        if (record && record_ && checkpointed_between(*record_, *record)) {
            record_ = record;  // read before the stamp
            stamp_ = stamp();
            return FileFate::same;
        }
        if (std::chrono::steady_clock::now() >= give_up) return FileFate::rewritten;
        std::this_thread::sleep_for(kLookAgain);
    }
}

std::string FileWatch::current_name() const {
    char name[4096];
    const std::string link = "/proc/self/fd/" + std::to_string(fd_);
    const ssize_t n = ::readlink(link.c_str(), name, sizeof name - 1);
    if (n <= 0) return "";
    return std::string(name, static_cast<size_t>(n));
}

std::optional<std::pair<dev_t, ino_t>> file_identity(const std::string& path) {
    struct stat s {};
    if (::stat(path.c_str(), &s) != 0) return std::nullopt;
    return std::pair{s.st_dev, s.st_ino};
}

}  // namespace fpv
