#include "store/database_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "core/usage_error.h"
#include "store/sqlite_handle.h"

namespace fpv {
namespace {

constexpr int kBusyTimeoutMs = 10000;
constexpr std::string_view kJournalSuffix = "-journal";

sqlite3_vfs* platform_vfs() {
    static sqlite3_vfs* const platform = sqlite3_vfs_find(nullptr);
    return platform;
}

// Reads bytes 18 and 19 of the header through the platform's VFS, which knows the locks this
// process holds on the file (a plain open and close of it would drop them: POSIX locks belong to
// the process, not to the descriptor).
bool declares_wal(const char* database) {
    sqlite3_vfs* platform = platform_vfs();
    auto* file = static_cast<sqlite3_file*>(sqlite3_malloc(platform->szOsFile));
    if (file == nullptr) return false;
    std::memset(file, 0, static_cast<size_t>(platform->szOsFile));
    int opened_as = 0;
    unsigned char version[2] = {0, 0};
    const int rc = platform->xOpen(platform, database, file, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_DB, &opened_as);
    if (rc == SQLITE_OK) file->pMethods->xRead(file, version, 2, 18);  // a short file reads as zeros
    if (file->pMethods != nullptr) file->pMethods->xClose(file);
    sqlite3_free(file);
    return version[0] == 2 && version[1] == 2;
}

// The platform's xAccess, except that the rollback journal of a database in WAL mode is never
// there: SQLite writes none for such a file, so one found beside it is a stray (left by a copy,
// or by another file of that name), and taking it for a hot journal would either fail every
// reader ("attempt to write a readonly database") or have the first writer copy its pages in.
int access_without_stray_journals(sqlite3_vfs*, const char* name, int flags, int* result) {
    const std::string_view n(name);
    if (flags == SQLITE_ACCESS_EXISTS && n.ends_with(kJournalSuffix) &&
        declares_wal(std::string(n.substr(0, n.size() - kJournalSuffix.size())).c_str())) {
        *result = 0;
        return SQLITE_OK;
    }
    sqlite3_vfs* platform = platform_vfs();
    return platform->xAccess(platform, name, flags, result);
}

sqlite3_vfs* register_vfs() {
    static sqlite3_vfs vfs = *platform_vfs();  // every other method is the platform's own
    vfs.pNext = nullptr;
    vfs.zName = "fpverify";
    vfs.xAccess = access_without_stray_journals;
    sqlite3_vfs_register(&vfs, 0);
    return &vfs;
}

// The name SQLite would read as a URI (this build reads "file:..." as one whatever the flags).
void refuse_uri(const std::string& path) {
    if (path.starts_with("file:")) {
        throw UsageError("database '" + path + "': a name beginning with 'file:' is read by SQLite as a URI, whose "
                         "parameters can switch off the locking fpverify relies on; give the database's file name "
                         "(./" + path + " for a file of that name)");
    }
}

// What the file system says of `path`: a directory, a FIFO or a device is no database file (a
// FIFO would block every reader for good, /dev/null swallow a campaign); a name it refuses (a loop
// of links, a name too long) is the user's to change.
void refuse_what_is_no_file(const std::string& path) {
    struct stat s {};
    if (::stat(path.c_str(), &s) != 0) {
        if (errno == ENOENT) return;  // created where the access allows, refused by SQLite otherwise
        throw UsageError("database '" + path + "': " + std::strerror(errno));
    }
    if (S_ISDIR(s.st_mode)) throw UsageError("database '" + path + "' is a directory; give the name of a database file");
    if (!S_ISREG(s.st_mode)) {
        const char* kind = S_ISFIFO(s.st_mode) ? "a FIFO" : S_ISCHR(s.st_mode) ? "a character device"
                           : S_ISBLK(s.st_mode) ? "a block device" : S_ISSOCK(s.st_mode) ? "a socket" : "not a file";
        throw UsageError("database '" + path + "' is " + kind + ", not a regular file; give the name of a database file");
    }
}

sqlite3* open_connection(const std::string& name, int flags, const std::string& path, const std::string& purpose) {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(name.c_str(), &db, flags, database_vfs());
    if (rc != SQLITE_OK) {
        const std::string why = sqlite_error_text(db, rc);
        const int e = db != nullptr ? sqlite3_system_errno(db) : 0;
        sqlite3_close(db);
        const std::string text = "cannot open database '" + path + "'" + purpose + ": " + why;
        if (e == ENOSPC || e == EDQUOT || e == EIO || e == EMFILE || e == ENFILE || e == ENOMEM) {
            throw DatabaseIoError(text);
        }
        throw UsageError(text);
    }
    sqlite3_busy_timeout(db, kBusyTimeoutMs);
    sqlite3_extended_result_codes(db, 1);
    return db;
}

// "file:" and the absolute path, percent-encoded, with `parameters`.
std::string uri_of(const std::string& path, const std::string& parameters) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string uri = "file://";
    for (const unsigned char c : std::filesystem::absolute(path).string()) {
        if (std::isalnum(c) != 0 || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
            uri += static_cast<char>(c);
        } else {
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        }
    }
    return uri + "?" + parameters;
}

// The first read, where SQLite opens the -wal and the WAL index (-shm) beside a WAL database.
int first_read(sqlite3* db) {
    return sqlite3_exec(db, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
}

// Read-only media (a read-only mount or directory): SQLite cannot create the WAL index a WAL
// database is read through. With no -wal beside it, the file is all there is, and nothing can
// change it: it is read immutable, without the index or locks. With a -wal, committed changes
// live there and cannot be read without the index.
sqlite3* open_read_only(const std::string& path) {
    sqlite3* db = open_connection(path, SQLITE_OPEN_READONLY, path, "");
    const int rc = first_read(db) & 0xff;
    if ((rc != SQLITE_CANTOPEN && rc != SQLITE_READONLY) || !header_declares_wal(path)) return db;
    sqlite3_close(db);
    if (std::filesystem::exists(path + "-wal")) {
        throw UsageError("cannot read database '" + path + "': SQLite needs to create its WAL index '" + path +
                         "-shm' to read the changes in '" + path + "-wal', and cannot create files there (read-only "
                         "media?); copy both files to a writable directory, or run any fpverify command once "
                         "where the directory is writable");
    }
    return open_connection(uri_of(path, "immutable=1"), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, path, "");
}

}  // namespace

const char* database_vfs() {
    static sqlite3_vfs* const vfs = register_vfs();
    return vfs->zName;
}

void allow_checkpoint_on_close(sqlite3* db, bool allowed) {
    sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, allowed ? 0 : 1, nullptr);
}

bool header_declares_wal(const std::string& path) {
    database_vfs();  // SQLite initialised
    return declares_wal(std::filesystem::absolute(path).c_str());
}

void require_existing_database_file(const std::string& path, std::string_view option) {
    struct stat s {};
    if (::stat(path.c_str(), &s) != 0) {
        if (errno == ENOENT) throw UsageError(std::string(option) + ": no database at '" + path + "'");
        throw UsageError(std::string(option) + ": '" + path + "': " + std::strerror(errno));
    }
    refuse_what_is_no_file(path);
}

sqlite3* open_database_file(const std::string& path, FileAccess access) {
    refuse_uri(path);
    refuse_what_is_no_file(path);
    switch (access) {
        case FileAccess::read_only: return open_read_only(path);
        case FileAccess::read_write: return open_connection(path, SQLITE_OPEN_READWRITE, path, " for writing");
        case FileAccess::create:
            return open_connection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, path, " for writing");
    }
    return nullptr;
}

sqlite3* open_file_without_its_wal(const std::string& path) {
    return open_connection(uri_of(path, "immutable=1"), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, path, "");
}

}  // namespace fpv
