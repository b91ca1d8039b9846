// Fuzz target: the TestFloat vector-file reader (corpus/testfloat_file.h), the one parser a
// campaign feeds with files from elsewhere (`--classes testfloat:PATH`). The input is written as
// a file three ways, because the name decides how it is read: as plain text (f64_x.txt), as the
// gzip of that text (f64_x.txt.gz: the inflater must give back exactly the text), and as bytes
// that merely claim to be gzip (raw.txt.gz: damaged, truncated or concatenated members). Each
// is read as a function of every operand layout: two binary64 operands, one binary32 operand,
// and the binary32-to-binary64 conversion.
//
// A UsageError is the documented answer to a malformed file (exit status 2); anything else
// thrown, a crash or a leak is a finding. The text and its gzip must read alike (both refused,
// or the same cases with the same digest: a resume compares digests), and a file that reads
// must round-trip: its cases, written back by testfloat_line, read again as the same cases.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "core/usage_error.h"
#include "corpus/testfloat_file.h"
#include "fuzz/fuzz_support.h"

namespace {

using fpv::TestFloatFormat;

constexpr TestFloatFormat kFormats[] = {
    {"f64_div", 2, 16, 16},
    {"f32_sqrt", 1, 8, 8},
    {"f32_to_f64", 1, 8, 16},
};

// Reads `path`; on success checks the round trip through testfloat_line.
std::optional<fpv::VectorFile> read_and_check(const std::string& path, const TestFloatFormat& format) {
    fpv::VectorFile file;
    try {
        file = fpv::read_testfloat(path, format);
    } catch (const fpv::UsageError&) {
        return std::nullopt;  // refused with a message: what a malformed file should get
    }
    if (file.inputs.empty() || file.inputs.size() != file.expected.size() || file.inputs.size() != file.flags.size()) {
        std::abort();  // read_testfloat promises at least one case, each with its result and flags
    }
    std::string text;
    for (size_t i = 0; i < file.inputs.size(); ++i) {
        text += fpv::testfloat_line(format, file.inputs[i], file.expected[i], file.flags[i]) + "\n";
    }
    const fpv::VectorFile again = fpv::read_testfloat(fpv::fuzz::write_scratch_file("round_trip.txt", text), format);
    for (size_t i = 0; i < file.inputs.size(); ++i) {
        for (int w = 0; w < format.operands; ++w) {
            if (again.inputs[i].word(w) != file.inputs[i].word(w)) std::abort();
        }
        if (again.expected[i] != file.expected[i] || again.flags[i] != file.flags[i]) std::abort();
    }
    return file;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::string plain = fpv::fuzz::write_scratch_file("f64_x.txt", bytes);
    const std::string compressed = fpv::fuzz::write_scratch_file("f64_x.txt.gz", fpv::fuzz::gzip(bytes));
    const std::string raw = fpv::fuzz::write_scratch_file("raw.txt.gz", bytes);
    for (const TestFloatFormat& format : kFormats) {
        const auto from_text = read_and_check(plain, format);
        const auto from_gzip = read_and_check(compressed, format);
        if (from_text.has_value() != from_gzip.has_value()) std::abort();
        if (from_text && from_text->digest != from_gzip->digest) std::abort();
        read_and_check(raw, format);
    }
    return 0;
}
