// Fuzz target: the values fpverify reads from its command line before anything is run: counts
// (--count, --batch: cli/count_parse.h), durations (--for) and shards (--shard K/N:
// cli/duration_parse.h), campaigns named as PATH[:ID] (merge's shards, report --compare:
// store/database_ref.h), and vector-file paths (--classes testfloat:PATH: the rounding mode
// read from the name, and the file read, corpus/testfloat_file.h).
//
// Each value is one argument, so an input is cut at its first NUL (argv cannot hold one). A
// UsageError is the documented refusal (exit status 2); anything else thrown is a finding, as
// is a value accepted outside its documented range.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/count_parse.h"
#include "cli/duration_parse.h"
#include "core/usage_error.h"
#include "corpus/testfloat_file.h"
#include "fuzz/fuzz_support.h"
#include "store/database_ref.h"

namespace {

template <class F>
void refused_or(F&& f) {
    try {
        f();
    } catch (const fpv::UsageError&) {
    }
}

}  // namespace

// A relative path an input names is looked up in the scratch directory (not by a chdir, which
// would lose the files libFuzzer is given to replay), which holds a database and a vector file to
// be found, so that the accepting branches run too, and nothing else.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    fpv::fuzz::write_scratch_file("c.db", "");
    fpv::fuzz::write_scratch_file("v.txt", "3FF0000000000000 3FF0000000000000 3FF0000000000000 00\n");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::string argument(bytes.substr(0, bytes.find('\0')));

    refused_or([&] {
        const uint64_t n = fpv::parse_count(argument, "--count");
        if (n == 0 || n >= (uint64_t{1} << 63)) std::abort();  // "a positive whole count below 2^63"
    });
    refused_or([&] {
        const double s = fpv::parse_duration(argument, "--for");
        if (!(s > 0) || !std::isfinite(s)) std::abort();  // "a positive duration"
    });
    refused_or([&] {
        const fpv::ShardSpec s = fpv::parse_shard(argument);
        if (s.index < 0 || s.index >= s.count) std::abort();  // 0 <= K < N
    });
    const bool relative = !argument.empty() && argument.front() != '/';
    const std::string path = relative ? fpv::fuzz::scratch_dir() + "/" + argument : argument;
    refused_or([&] {
        const fpv::DatabaseRef ref = fpv::parse_database_ref(path, "--compare");
        if (ref.campaign < 0) std::abort();
    });
    // A vector file's path: outside the scratch directory a path could name anything on the
    // machine (a FIFO that never ends), so absolute paths and ".." are left to the name checks.
    refused_or([&] { fpv::testfloat_rounding(argument); });
    if (relative && argument.find("..") == std::string::npos) {
        refused_or([&] { fpv::read_testfloat(path, {"f64_div", 2, 16, 16}); });
    }
    return 0;
}
