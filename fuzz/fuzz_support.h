// What the fuzz targets share: a scratch directory of their own, where an input is written as
// the file fpverify would be given, and the gzip form of a file.
#pragma once

#include <unistd.h>
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fpv::fuzz {

// A directory of this process's own under $TMPDIR, removed when it exits: libFuzzer runs a
// target for hours, and files left behind by one input must not be seen by the next. Its name is
// never destroyed: the exit handler that removes the directory runs after static destructors.
inline const std::string& scratch_dir() {
    static const std::string& dir = *new std::string([] {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/fpverify-fuzz-XXXXXX";
        if (mkdtemp(pattern.data()) == nullptr) {
            std::perror("fuzz: mkdtemp");
            std::abort();
        }
        std::atexit([] {
            std::error_code ignored;
            std::filesystem::remove_all(scratch_dir(), ignored);
        });
        return pattern;
    }());
    return dir;
}

// Writes `bytes` as the file `name` of the scratch directory, replacing it; returns its path.
// A failed write is the machine's fault, not the input's: it stops the run.
inline std::string write_scratch_file(const std::string& name, std::string_view bytes) {
    const std::string path = scratch_dir() + "/" + name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
        std::perror(("fuzz: cannot write " + path).c_str());
        std::abort();
    }
    return path;
}

// `bytes` as one gzip member, as gzip(1) writes it.
inline std::string gzip(std::string_view bytes) {
    z_stream z{};
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        throw std::bad_alloc();
    }
    std::string out(deflateBound(&z, bytes.size()), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int status = deflate(&z, Z_FINISH);
    out.resize(out.size() - z.avail_out);
    deflateEnd(&z);
    if (status != Z_STREAM_END) std::abort();  // deflateBound is a bound: never reached
    return out;
}

}  // namespace fpv::fuzz
