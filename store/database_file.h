// How fpverify opens a database file (docs/database.md, "Opening a database"). Three things
// SQLite would otherwise do with the name it is given and the files beside it are decided here:
// - the name is a file name: this SQLite is built to read names beginning with "file:" as URIs,
//   whose parameters (nolock, vfs=unix-none, immutable) switch off the locking that leases and
//   concurrent writers rely on; such a name is refused;
// - a rollback journal beside a database whose header declares WAL mode is a stray (SQLite writes
//   none for such a file), not a hot journal: readers would fail on it, and a writer would copy
//   its pages into the database;
// - a database on read-only media with no -wal beside it is read immutable, as SQLite cannot
//   create the WAL index (-shm) beside it.
#pragma once

#include <sqlite3.h>

#include <string>
#include <string_view>

namespace fpv {

enum class FileAccess { read_only, read_write, create };

// Throws UsageError naming `option` unless `path` names an existing regular file: no file there,
// a directory, a FIFO, a device, or a name the system refuses (a loop of links, a name too long).
void require_existing_database_file(const std::string& path, std::string_view option);

// Opens `path` with a busy timeout. Throws UsageError (exit status 2) for a name or file the user
// has to change, DatabaseIoError (exit status 3) where the system failed.
sqlite3* open_database_file(const std::string& path, FileAccess access);

// `path` read as it is on disk, without its -wal (read-only, no locks): what the file alone holds.
sqlite3* open_file_without_its_wal(const std::string& path);

// The VFS every fpverify connection uses, so that a second connection of a process (the lease's
// heartbeat) sees the files beside a database as the first does.
const char* database_vfs();

// Whether closing the connection may checkpoint its -wal into the file. Not before the connection
// has written: a -wal that is not the file's own (copied beside it with another database) would be
// copied into it, and a refused file keeps its bytes, -wal included. Nor once the file is no longer
// the one the connection wrote (store/file_watch.h).
void allow_checkpoint_on_close(sqlite3* db, bool allowed);

// Whether the file's header declares WAL mode (bytes 18 and 19 are 2).
bool header_declares_wal(const std::string& path);

}  // namespace fpv
