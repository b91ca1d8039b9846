#include "reports/output_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <streambuf>

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

// The file a chain of symbolic links ends at (which may not exist yet). A name the system
// refuses (too long, say) is returned as it is, for the write to refuse with the system's reason.
fs::path follow_links(fs::path path) {
    std::error_code ec;
    for (int hops = 0; fs::is_symlink(fs::symlink_status(path, ec)) && !ec; ++hops) {
        if (hops == 40) throw UsageError("--out: '" + printable(path.string()) + "': too many symbolic links");
        const fs::path target = fs::read_symlink(path, ec);
        if (ec) break;
        path = target.is_absolute() ? target : path.parent_path() / target;
    }
    return path;
}

// Whether the regular file at `path` begins as every SQLite database does.
bool is_sqlite_database(const fs::path& path) {
    static constexpr char kHeader[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f',
                                         'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    std::array<char, sizeof kHeader> start{};
    const ssize_t n = ::read(fd, start.data(), start.size());
    ::close(fd);
    return n == static_cast<ssize_t>(start.size()) && std::memcmp(start.data(), kHeader, sizeof kHeader) == 0;
}

UsageError database_refusal(const std::string& out, const std::string& what) {
    return UsageError("--out: '" + printable(out) + "' is " + what +
                      "; fpverify never writes over a database (choose another --out)");
}

// The signals that end a process by default and that a user sends to stop one. Held (blocked)
// while a temporary file exists, they are delivered once it has been renamed or removed.
// SIGXFSZ too: a write beyond `ulimit -f` then fails with EFBIG, reported like any full disk.
class StopSignalsHeld {
public:
    StopSignalsHeld() {
        sigemptyset(&held_);
        for (const int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ}) sigaddset(&held_, s);
        pthread_sigmask(SIG_BLOCK, &held_, &before_);
    }
    ~StopSignalsHeld() {
        // A SIGXFSZ raised by our own write came with its EFBIG, which says the same.
        sigset_t pending;
        sigpending(&pending);
        if (sigismember(&pending, SIGXFSZ) == 1 && sigismember(&before_, SIGXFSZ) == 0) {
            sigset_t only;
            sigemptyset(&only);
            sigaddset(&only, SIGXFSZ);
            const timespec now{0, 0};
            sigtimedwait(&only, nullptr, &now);
        }
        pthread_sigmask(SIG_SETMASK, &before_, nullptr);
    }
    StopSignalsHeld(const StopSignalsHeld&) = delete;
    StopSignalsHeld& operator=(const StopSignalsHeld&) = delete;

private:
    sigset_t held_{}, before_{};
};

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
    const StopSignalsHeld held;  // from before the temporary file exists to after it is gone
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

// std::cout's buffer: the C stdio stream stdout (so that printf and std::cout keep their order),
// remembering the first failure's reason.
class StdoutKeepingErrors : public std::streambuf {
public:
    int first_error = 0;

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        if (std::fputc(traits_type::to_char_type(c), stdout) == EOF) return failed();
        return c;
    }
    std::streamsize xsputn(const char* text, std::streamsize n) override {
        const size_t written = std::fwrite(text, 1, static_cast<size_t>(n), stdout);
        if (written < static_cast<size_t>(n)) failed();
        return static_cast<std::streamsize>(written);
    }
    int sync() override { return std::fflush(stdout) == 0 ? 0 : (failed(), -1); }

private:
    int_type failed() {
        if (first_error == 0) first_error = errno;
        return traits_type::eof();
    }
};

// Never destroyed: std::cout flushes through it at exit, after static objects are gone.
StdoutKeepingErrors& standard_output() {
    static auto* const buffer = new StdoutKeepingErrors;
    return *buffer;
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
    struct stat x {}, y {};
    return ::stat(a.c_str(), &x) == 0 && ::stat(b.c_str(), &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

void refuse_output_over_databases(const std::string& out, const std::vector<std::string>& databases_read) {
    if (out.empty()) return;
    const fs::path target = follow_links(out);
    // Absolute first: weakly_canonical gives up on a relative name of which nothing exists yet
    // ("DB-wal" before SQLite made it), which then matched nothing.
    const auto resolved = [](const fs::path& p) {
        std::error_code ignored;
        return fs::weakly_canonical(fs::absolute(p, ignored), ignored);
    };
    const fs::path target_name = resolved(target);
    for (const std::string& db : databases_read) {
        // The files SQLite keeps beside a database are part of it, whether they exist now or not,
        // and lie beside the file its links end at.
        std::string file = db;
        try {
            file = follow_links(db).string();
        } catch (const UsageError&) {
            // A loop of links, which opening the database refuses, naming --db.
        }
        for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
            const std::string part = db + suffix;
            const bool named = !target_name.empty() && (target_name == resolved(part) || target_name == resolved(file + suffix));
            if (same_file(target, part) || named) {
                throw database_refusal(out, std::string(*suffix ? "beside " : "") + "the database this command reads ('" +
                                                printable(db) + "')");
            }
        }
    }
    if (is_sqlite_database(target)) throw database_refusal(out, "an SQLite database");
}

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
        if (is_sqlite_database(path)) throw database_refusal(requested, "an SQLite database");
        replace_atomically(path, content, &info);
    } else {
        write_through(path, content);
    }
}

void keep_standard_output_errors() { std::cout.rdbuf(&standard_output()); }

bool standard_output_intact(std::string& why) {
    std::cout.flush();
    errno = 0;
    if (std::fflush(stdout) != 0) {
        why = std::strerror(errno);
        return false;
    }
    const int first_error = standard_output().first_error;
    if (std::ferror(stdout) != 0 || first_error != 0 || std::cout.fail()) {
        why = first_error != 0 ? std::strerror(first_error) : "a write failed";
        return false;
    }
    return true;
}

}  // namespace fpv
