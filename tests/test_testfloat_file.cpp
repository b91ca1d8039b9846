#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "corpus/testfloat_file.h"
#include "corpus/usage_error.h"

namespace fpv {
namespace {

std::string write_temp(const std::string& content) {
    char name[] = "/tmp/fpv-vectors-XXXXXX";
    const int fd = mkstemp(name);
    EXPECT_GE(fd, 0);
    close(fd);
    std::ofstream(name) << content;
    return name;
}

std::string error_of(const std::string& path) {
    try {
        read_testfloat_f64_div(path);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}

TEST(TestFloatFile, ReadsCasesAndDigestsContent) {
    const std::string path = write_temp(
        "3FF0000000000000 4000000000000000 3FE0000000000000 00\n"
        "0000000000000000 0000000000000000 FFF8000000000000 10\n");
    const VectorFile f = read_testfloat_f64_div(path);
    ASSERT_EQ(f.inputs.size(), 2u);
    EXPECT_EQ(f.inputs[0].a, 0x3ff0000000000000ull);
    EXPECT_EQ(f.inputs[0].b, 0x4000000000000000ull);
    EXPECT_EQ(f.expected[1], 0xfff8000000000000ull);
    const std::string other = write_temp("3FF0000000000000 4000000000000000 3FE0000000000001 00\n");
    EXPECT_NE(f.digest, read_testfloat_f64_div(other).digest);
    std::remove(path.c_str());
    std::remove(other.c_str());
}

TEST(TestFloatFile, MalformedLinesAreReportedWithFileAndLine) {
    const std::string good = "3FF0000000000000 4000000000000000 3FE0000000000000 00\n";
    const struct {
        std::string body;
        int line;
    } cases[] = {
        {good + "3FF0000000000000 4000000000000000 3FE0000000000000\n", 2},  // missing flags
        {good + good + "3FF00000000000 4000000000000000 3FE0000000000000 00\n", 3},  // short
        {good + "3FF000000000000G 4000000000000000 3FE0000000000000 00\n", 2},  // not hex
        {"\n" + good, 1},                                                       // empty line
        {good + "3FF0000000000000  4000000000000000 3FE0000000000000 00\n", 2},  // two spaces
    };
    for (const auto& c : cases) {
        const std::string path = write_temp(c.body);
        const std::string message = error_of(path);
        EXPECT_NE(message.find(path + ":" + std::to_string(c.line) + ":"), std::string::npos)
            << message;
        std::remove(path.c_str());
    }
}

TEST(TestFloatFile, UnreadableAndEmptyFilesAreUsageErrors) {
    EXPECT_NE(error_of("/nonexistent/f64_div.txt").find("cannot read"), std::string::npos);
    EXPECT_NE(error_of("/tmp").find("cannot read"), std::string::npos);
    const std::string empty = write_temp("");
    EXPECT_NE(error_of(empty).find("no test case"), std::string::npos);
    std::remove(empty.c_str());
}

}  // namespace
}  // namespace fpv
