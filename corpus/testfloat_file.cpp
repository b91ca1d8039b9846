#include "corpus/testfloat_file.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <new>
#include <string_view>

#include <sys/stat.h>
#include <zlib.h>

#include "core/printable.h"
#include "core/usage_error.h"

namespace fpv {
namespace {

std::string fnv1a_hex(std::string_view bytes) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
    return out;
}

bool parse_hex_field(std::string_view field, size_t digits, uint64_t& value) {
    if (field.size() != digits) return false;
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value, 16);
    return ec == std::errc() && end == field.data() + field.size();
}

std::vector<std::string_view> split_spaces(std::string_view line) {
    std::vector<std::string_view> fields;
    size_t pos = 0;
    while (pos < line.size()) {
        const size_t next = line.find(' ', pos);
        fields.push_back(line.substr(pos, next == std::string_view::npos ? next : next - pos));
        if (next == std::string_view::npos) break;
        pos = next + 1;
    }
    return fields;
}

const char* file_type_name(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

// Only a regular file of bounded size can be read whole: a device such as /dev/zero never ends,
// and opening a FIFO blocks until someone writes to it. stat() does neither.
void require_readable_size(const std::string& path) {
    struct stat info {};
    if (stat(path.c_str(), &info) != 0) {
        throw UsageError("cannot read vector file '" + printable(path) + "': " + std::strerror(errno));
    }
    if (!S_ISREG(info.st_mode)) {
        throw UsageError("cannot read vector file '" + printable(path) + "': it is " + file_type_name(info.st_mode) +
                         "; vector files must be regular files");
    }
    if (static_cast<uint64_t>(info.st_size) > kMaxVectorFileBytes) {
        throw UsageError("vector file '" + printable(path) + "' is " + std::to_string(info.st_size) +
                         " bytes, more than the limit of 1 GiB");
    }
}

// At most kMaxVectorFileBytes of the file's bytes: it may have grown since it was looked at.
std::string read_bytes(const std::string& path, const std::string& too_large) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError("cannot read vector file '" + printable(path) + "': " + std::strerror(errno));
    std::string bytes;
    std::vector<char> buffer(1 << 16);
    while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
        bytes.append(buffer.data(), static_cast<size_t>(in.gcount()));
        if (bytes.size() > kMaxVectorFileBytes) throw UsageError(too_large);
    }
    if (in.bad()) throw UsageError("cannot read vector file '" + printable(path) + "': read error");
    return bytes;
}

// Whether `bytes` could begin a gzip member: its magic number 1f 8b, or the first byte of it
// where the file ends (a member cut after one byte, which inflating reports as cut short).
bool starts_gzip_member(std::string_view bytes) {
    return !bytes.empty() && bytes[0] == '\x1f' && (bytes.size() == 1 || bytes[1] == '\x8b');
}

struct InflateEnd {
    z_stream* stream;
    ~InflateEnd() { inflateEnd(stream); }
};

// The text of a gzip file: every member, one after another (as `cat a.gz b.gz` makes them), each
// read to its end. zlib's gzread would return a cut file's text as if it were whole (it reports the
// early end only through gzerror), and read bytes after the last member as nothing: a partial
// download or copy would then be judged as a shorter file. A member must end, and a file must hold
// nothing but members.
std::string inflate_gzip(const std::string& path, std::string_view compressed, const std::string& too_large) {
    const std::string file = "vector file '" + printable(path) + "'";
    const std::string truncated = file + ": truncated gzip stream (the file ends before its gzip stream does: a "
                                         "partial download or copy?)";
    if (compressed.empty()) throw UsageError(truncated);
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) throw std::bad_alloc();  // 16: a gzip wrapper only
    const InflateEnd end{&z};
    std::string text;
    std::vector<unsigned char> out(1 << 16);
    size_t at = 0;  // where the next member begins
    while (at < compressed.size()) {
        if (!starts_gzip_member(compressed.substr(at))) {
            throw UsageError(at == 0 ? file + " is not a gzip stream, although its name ends in .gz"
                                     : file + ": the " + std::to_string(compressed.size() - at) +
                                           " bytes after the end of its gzip stream (byte " + std::to_string(at) +
                                           ") are not a gzip stream");
        }
        inflateReset(&z);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data() + at));
        z.avail_in = static_cast<uInt>(compressed.size() - at);  // at most 1 GiB (kMaxVectorFileBytes)
        int status = Z_OK;
        while (status == Z_OK) {  // Z_BUF_ERROR: no progress, the input ended inside the member
            z.next_out = out.data();
            z.avail_out = static_cast<uInt>(out.size());
            status = inflate(&z, Z_NO_FLUSH);
            if (status == Z_MEM_ERROR) throw std::bad_alloc();
            if (status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_STREAM_ERROR) {
                throw UsageError(file + ": corrupted gzip stream (" + (z.msg != nullptr ? z.msg : "zlib error") + ")");
            }
            text.append(reinterpret_cast<const char*>(out.data()), out.size() - z.avail_out);
            if (text.size() > kMaxVectorFileBytes) throw UsageError(too_large);
        }
        if (status != Z_STREAM_END) throw UsageError(truncated);
        at = compressed.size() - z.avail_in;
    }
    return text;
}

// The file's text; a name ending in .gz is inflated (the vectors the tree carries are compressed:
// TestFloat's text shrinks fourfold). Either way at most kMaxVectorFileBytes of text: a small .gz
// may inflate without bound.
std::string read_text(const std::string& path) {
    const bool compressed = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
    const std::string too_large = "vector file '" + printable(path) + "' holds more than the limit of 1 GiB of text";
    std::string bytes = read_bytes(path, too_large);
    return compressed ? inflate_gzip(path, bytes, too_large) : bytes;
}

}  // namespace

VectorFile read_testfloat(const std::string& path, const TestFloatFormat& format) {
    require_readable_size(path);
    const std::string text = read_text(path);

    VectorFile file;
    file.digest = fnv1a_hex(text);
    size_t line_number = 0, pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + pos, end - pos);
        pos = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const auto fields = split_spaces(line);
        const size_t n = static_cast<size_t>(format.operands);
        uint64_t operand[3] = {0, 0, 0}, z = 0, flags = 0;
        bool ok = n <= 3 && fields.size() == n + 2 && parse_hex_field(fields[n], static_cast<size_t>(format.result_digits), z) &&
                  parse_hex_field(fields[n + 1], 2, flags);
        for (size_t i = 0; ok && i < n; ++i) {
            ok = parse_hex_field(fields[i], static_cast<size_t>(format.operand_digits), operand[i]);
        }
        if (!ok) {
            const std::string shape = format.operands == 3 ? "'A B C Z FF'" : format.operands == 2 ? "'A B Z FF'" : "'A Z FF'";
            throw UsageError(printable(path) + ":" + std::to_string(line_number) + ": not an " +
                             std::string(format.function) + " test case (expected " + shape + ": " +
                             std::to_string(format.operand_digits) + "-digit hexadecimal operands, a " +
                             std::to_string(format.result_digits) + "-digit result and 2-digit flags): '" +
                             printable(line.substr(0, 80)) + "'");
        }
        file.inputs.push_back({operand[0], operand[1], operand[2]});
        file.expected.push_back(z);
        file.flags.push_back(static_cast<uint8_t>(flags));
    }
    if (file.inputs.empty()) throw UsageError("vector file '" + printable(path) + "' holds no test case");
    return file;
}

std::string testfloat_line(const TestFloatFormat& format, const Operands& in, uint64_t result, unsigned flags) {
    char buffer[24];
    std::string line;
    for (int i = 0; i < format.operands; ++i) {
        std::snprintf(buffer, sizeof buffer, "%0*llX ", format.operand_digits, static_cast<unsigned long long>(in.word(i)));
        line += buffer;
    }
    std::snprintf(buffer, sizeof buffer, "%0*llX %02X", format.result_digits, static_cast<unsigned long long>(result), flags);
    return line + buffer;
}

Rounding testfloat_rounding(std::string_view path) {
    const std::string_view name = path.substr(path.find_last_of('/') == std::string_view::npos ? 0 : path.find_last_of('/') + 1);
    if (name.find(".rnear_maxMag") != std::string_view::npos || name.find(".rodd") != std::string_view::npos) {
        throw UsageError("'" + std::string(path) + "': TestFloat files rounded to nearest with ties away or to odd "
                         "are not supported (no impl claims those modes)");
    }
    if (name.find(".rminMag") != std::string_view::npos) return Rounding::rz;
    if (name.find(".rmin") != std::string_view::npos) return Rounding::rd;
    if (name.find(".rmax") != std::string_view::npos) return Rounding::ru;
    return Rounding::rn;
}

}  // namespace fpv
