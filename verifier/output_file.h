// Where `report --out`, `export --out` and `mufu-model --out` write, and standard output: every
// write, flush and close is checked, and nothing that was at the path is destroyed by mistake.
#pragma once

#include <string>
#include <string_view>

namespace fpv {

// Writes `content` to `path`:
// - a regular file, or nothing yet: replaced atomically, through a temporary file beside it
//   renamed over it (readers see the old file or the new one), with the old file's permissions;
// - a symbolic link: followed (up to 40 links); its target is written as above, the link stays;
// - a device, FIFO or socket (/dev/null, /dev/full, a pipe to a reader): written through, as a
//   shell's `>` does, never replaced by a file;
// - a directory: UsageError.
// A failed write, flush or close throws std::runtime_error naming the path; no temporary file
// is left behind in any case.
void write_output_file(const std::string& path, std::string_view content);

// Flushes standard output and says whether every write to it succeeded; `why` the error.
bool standard_output_intact(std::string& why);

}  // namespace fpv
