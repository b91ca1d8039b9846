// Where `report --out`, `export --out` and `mufu-model --out` write, and standard output: every
// write, flush and close is checked, and nothing that was at the path is destroyed by mistake.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fpv {

// Writes `content` to `path`:
// - a regular file, or nothing yet: replaced atomically, through a temporary file beside it
//   renamed over it (readers see the old file or the new one), with the old file's permissions;
//   SIGINT, SIGTERM, SIGHUP and SIGQUIT wait while the temporary file exists, so a Ctrl-C leaves
//   the old file or the new one and never the temporary;
// - a symbolic link: followed (up to 40 links); its target is written as above, the link stays;
// - a device, FIFO or socket (/dev/null, /dev/full, a pipe to a reader): written through, as a
//   shell's `>` does, never replaced by a file;
// - a directory, or an SQLite database: UsageError.
// A failed write, flush or close throws std::runtime_error naming the path and the OS's reason;
// no temporary file is left behind in any case.
void write_output_file(const std::string& path, std::string_view content);

// Throws UsageError (exit 2) when `out` would replace a database: one that the command reads
// (`databases_read`: the same file by device and inode, whatever the spelling or the links, or
// the -wal, -shm or -journal beside it) or any SQLite database. An empty `out` (standard output)
// passes. Called before any work, so that a refused command writes nothing.
void refuse_output_over_databases(const std::string& out, const std::vector<std::string>& databases_read);

// Whether two paths name one existing file (by device and inode, links followed).
bool same_file(const std::string& a, const std::string& b);

// Makes std::cout remember why a write to standard output failed (ENOSPC, EPIPE...): C stdio
// drops the reason with the failed buffer. Call once, before anything is written.
void keep_standard_output_errors();

// Flushes standard output and says whether every write to it succeeded; `why` the OS's reason.
bool standard_output_intact(std::string& why);

}  // namespace fpv
