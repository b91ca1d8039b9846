#include "verifier/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "core/printable.h"
#include "core/usage_error.h"

namespace fpv {
namespace {

namespace fs = std::filesystem;

std::runtime_error write_error(const std::string& path, int error) {
    return std::runtime_error("--out: cannot write '" + printable(path) + "': " + std::strerror(error));
}

// Writes all of `content` to `fd`, retrying short writes and interruptions; false on error.
bool write_all(int fd, std::string_view content) {
    while (!content.empty()) {
        const ssize_t n = ::write(fd, content.data(), content.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        content.remove_prefix(static_cast<size_t>(n));
    }
    return true;
}

// The file a chain of symbolic links ends at (which may not exist yet).
fs::path follow_links(fs::path path) {
    for (int hops = 0; fs::is_symlink(fs::symlink_status(path)); ++hops) {
        if (hops == 40) throw UsageError("--out: '" + printable(path.string()) + "': too many symbolic links");
        const fs::path target = fs::read_symlink(path);
        path = target.is_absolute() ? target : path.parent_path() / target;
    }
    return path;
}

void write_through(const fs::path& path, std::string_view content) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw write_error(path.string(), errno);
    const bool written = write_all(fd, content);
    const int write_errno = errno;
    if (::close(fd) != 0 && written) throw write_error(path.string(), errno);
    if (!written) throw write_error(path.string(), write_errno);
}

void replace_atomically(const fs::path& path, std::string_view content, const struct stat* existing) {
    const fs::path directory = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::string name = (directory / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0) throw write_error(path.string(), errno);
    // The permissions a new file would get (0666 less the umask), or the replaced file's.
    mode_t mode = 0;
    if (existing != nullptr) {
        mode = existing->st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    bool ok = ::fchmod(fd, mode) == 0 && write_all(fd, content) && ::fsync(fd) == 0;
    int error = errno;
    if (::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && ::rename(name.c_str(), path.c_str()) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        ::unlink(name.c_str());
        throw write_error(path.string(), error);
    }
}

}  // namespace

void write_output_file(const std::string& requested, std::string_view content) {
    if (requested.empty()) throw UsageError("--out: an empty path");
    const fs::path path = follow_links(requested);
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        if (errno != ENOENT) throw write_error(requested, errno);
        replace_atomically(path, content, nullptr);
    } else if (S_ISDIR(info.st_mode)) {
        throw UsageError("--out: '" + printable(requested) + "' is a directory");
    } else if (S_ISREG(info.st_mode)) {
        replace_atomically(path, content, &info);
    } else {
        write_through(path, content);
    }
}

bool standard_output_intact(std::string& why) {
    errno = 0;
    if (std::fflush(stdout) != 0) {
        why = std::strerror(errno);
        return false;
    }
    if (std::ferror(stdout) != 0) {
        why = "a write failed";
        return false;
    }
    return true;
}

}  // namespace fpv
