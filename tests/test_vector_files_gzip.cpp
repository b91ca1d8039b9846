// Compressed TestFloat files: a .gz file is read whole or refused. A file cut short (a partial
// download or copy) once read as a shorter file, whenever the cut fell where the inflated text
// ended with a whole line; now every cut is "truncated gzip stream".
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>

#include "core/usage_error.h"
#include "corpus/testfloat_file.h"
#include "model/input_set.h"
#include "ops/dispatch.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

const TestFloatFormat& f64_div() { return *testfloat_format_of(op_id<op::div64>()); }

// The first `count` cases of TestFloat's own f64_div file, one per line.
std::vector<std::string> testfloat_lines(size_t count) {
    std::ifstream in(testing::vectors_dir() + "/f64_div.level1.txt");
    std::vector<std::string> lines;
    for (std::string line; lines.size() < count && std::getline(in, line);) lines.push_back(line + "\n");
    return lines;
}

struct GzipFile {
    std::string bytes;
    uint64_t flushed_at = 0;  // the offset just after the full flush
};

// 1000 cases through gzip's ordinary writer, with a full flush after the first `flush_after`
// (as a writer that syncs before being killed leaves it): cut there, the stream holds exactly
// those whole lines.
GzipFile gzip_of_cases(const std::string& path, size_t flush_after) {
    gzFile out = gzopen(path.c_str(), "wb6");
    EXPECT_NE(out, nullptr);
    GzipFile file;
    const std::vector<std::string> lines = testfloat_lines(1000);
    EXPECT_EQ(lines.size(), 1000u);
    for (size_t i = 0; i < lines.size(); ++i) {
        EXPECT_EQ(gzwrite(out, lines[i].data(), static_cast<unsigned>(lines[i].size())), static_cast<int>(lines[i].size()));
        if (i + 1 == flush_after) {
            EXPECT_EQ(gzflush(out, Z_FULL_FLUSH), Z_OK);
            file.flushed_at = std::filesystem::file_size(path);
        }
    }
    EXPECT_EQ(gzclose(out), Z_OK);
    file.bytes = testing::read_file(path);
    return file;
}

// What reading the file says: "" when it reads, else the error.
std::string refusal(const std::string& path, size_t* cases = nullptr) {
    try {
        const VectorFile v = read_testfloat(path, f64_div());
        if (cases != nullptr) *cases = v.inputs.size();
        return "";
    } catch (const UsageError& e) {
        return e.what();
    }
}

TEST(GzipVectorFiles, WholeFilesAndConcatenatedMembersRead) {
    TempDir dir;
    const GzipFile whole = gzip_of_cases(dir.path("whole.txt.gz"), 400);
    size_t cases = 0;
    EXPECT_EQ(refusal(dir.path("whole.txt.gz"), &cases), "");
    EXPECT_EQ(cases, 1000u);
    // `cat a.gz b.gz` is a gzip file too: every member is read.
    const std::string twice = dir.path("twice.txt.gz");
    std::ofstream(twice, std::ios::binary) << whole.bytes << whole.bytes;
    EXPECT_EQ(refusal(twice, &cases), "");
    EXPECT_EQ(cases, 2000u);
    // The inflated text is what the plain file would be: same cases, same digest.
    const std::string plain = dir.path("whole.txt");
    {
        std::ofstream out(plain, std::ios::binary);
        for (const std::string& line : testfloat_lines(1000)) out << line;
    }
    EXPECT_EQ(read_testfloat(plain, f64_div()).digest, read_testfloat(dir.path("whole.txt.gz"), f64_div()).digest);
}

TEST(GzipVectorFiles, EveryCutIsATruncatedStream) {
    TempDir dir;
    const std::string path = dir.path("cut.txt.gz");
    const GzipFile whole = gzip_of_cases(path, 400);
    ASSERT_GT(whole.flushed_at, 0u);
    ASSERT_LT(whole.flushed_at, whole.bytes.size());
    // Cutting the one file shorter and shorter: every length but the whole is refused.
    size_t accepted = 0, misnamed = 0;
    std::string first_wrong;
    for (uint64_t length = whole.bytes.size() - 1; length + 1 > 0; --length) {
        std::filesystem::resize_file(path, length);
        const std::string why = refusal(path);
        const bool right = contains(why, "truncated gzip stream") && contains(why, path);
        accepted += why.empty();
        misnamed += !why.empty() && !right;
        if (!right && first_wrong.empty()) first_wrong = std::to_string(length) + " bytes: '" + why + "'";
    }
    EXPECT_EQ(accepted, 0u) << "cuts read as shorter files; the first wrong answer at " << first_wrong;
    EXPECT_EQ(misnamed, 0u) << "cuts refused for another reason; the first at " << first_wrong;
}

TEST(GzipVectorFiles, ACutRightAfterAFullFlushIsTruncated) {
    TempDir dir;
    const std::string path = dir.path("flushed.txt.gz");
    const GzipFile whole = gzip_of_cases(path, 400);
    std::filesystem::resize_file(path, whole.flushed_at);
    // Everything up to the flush inflates to 400 whole lines: only the missing end of the stream
    // tells that the file is not whole.
    const std::string why = refusal(path);
    EXPECT_TRUE(contains(why, "truncated gzip stream")) << "'" << why << "'";
}

TEST(GzipVectorFiles, BytesAfterTheLastMemberAreRefused) {
    TempDir dir;
    const std::string path = dir.path("trailing.txt.gz");
    const GzipFile whole = gzip_of_cases(path, 400);
    // A second member cut after its first byte: no longer silently ignored as trailing garbage.
    std::ofstream(path, std::ios::binary) << whole.bytes << '\x1f';
    EXPECT_TRUE(contains(refusal(path), "truncated gzip stream")) << refusal(path);
    std::ofstream(path, std::ios::binary) << whole.bytes << "garbage";
    EXPECT_TRUE(contains(refusal(path), "not a gzip stream")) << refusal(path);
}

TEST(GzipVectorFiles, ARunOfACutFileWritesNothingAndExitsTwo) {
    TempDir dir;
    const std::string path = dir.path("f64_div.cut.txt.gz");
    const GzipFile whole = gzip_of_cases(path, 400);
    std::filesystem::resize_file(path, whole.flushed_at);
    const std::string db = dir.path("v.db");
    const CommandResult r = testing::run_fpverify({"run", "--db", db, "--impl", "div64.host", "--classes",
                                                   "testfloat:" + path, "--quiet", "--no-progress"});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "truncated gzip stream")) << r.err;
    EXPECT_TRUE(contains(r.err, path)) << r.err;
    EXPECT_FALSE(testing::file_exists(db));
}

}  // namespace
}  // namespace fpv
