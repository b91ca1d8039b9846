#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "core/usage_error.h"
#include "corpus/testfloat_file.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "reference/ieee_flags.h"
#include "tests/test_support.h"

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

VectorFile read_f64_div(const std::string& path) {
    return read_testfloat(path, *testfloat_format_of(op_id<op::div64>()));
}

std::string error_of(const std::string& path) {
    try {
        read_f64_div(path);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "";
}

TEST(TestFloatFile, ReadsCasesAndDigestsContent) {
    const std::string path = write_temp(
        "3FF0000000000000 4000000000000000 3FE0000000000000 00\n"
        "0000000000000000 0000000000000000 FFF8000000000000 10\n");
    const VectorFile f = read_f64_div(path);
    ASSERT_EQ(f.inputs.size(), 2u);
    EXPECT_EQ(f.inputs[0].a, 0x3ff0000000000000ull);
    EXPECT_EQ(f.inputs[0].b, 0x4000000000000000ull);
    EXPECT_EQ(f.expected[1], 0xfff8000000000000ull);
    const std::string other = write_temp("3FF0000000000000 4000000000000000 3FE0000000000001 00\n");
    EXPECT_NE(f.digest, read_f64_div(other).digest);
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

// The binary32 functions' files: their own widths, and errors that name the function.
TEST(TestFloatFile, ReadsEveryFunctionWithACounterpart) {
    const std::string dir = testing::vectors_dir();
    const struct {
        OpId op;
        const char* file;
        size_t lines;
    } files[] = {{op_id<op::div64>(), "f64_div.level1.txt", 46464},
                 {op_id<op::div32>(), "f32_div.level1.txt", 46464},
                 {op_id<op::sqrt32>(), "f32_sqrt.level1.txt", 600},
                 {op_id<op::f2d>(), "f32_to_f64.level2.txt", 8800}};
    for (const auto& f : files) {
        const InputSet set = resolve_class(std::string("testfloat:") + dir + "/" + f.file, f.op, 1);
        EXPECT_EQ(set.size, f.lines) << f.file;
        EXPECT_TRUE(set.is_vector_file());
        EXPECT_EQ(set.input(0).a, set.vectors[0].a);
    }
    // The wrong function's file for an op is a malformed line 1, and ops without a TestFloat
    // counterpart say so.
    try {
        resolve_class(std::string("testfloat:") + dir + "/f64_div.level1.txt", op_id<op::div32>(), 1);
        ADD_FAILURE() << "f64_div lines read as f32_div";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("f64_div.level1.txt:1: not an f32_div test case"), std::string::npos) << e.what();
    }
    EXPECT_THROW(resolve_class("testfloat:/dev/null", op_id<op::ff_add>(), 1), UsageError);
}

// Exported lines carry the host's IEEE result and flags: they agree with every line TestFloat
// wrote (results and flags; NaNs as any NaN), which also pins x86's tininess-after-rounding.
TEST(TestFloatFile, HostResultsAndFlagsAgreeWithEveryTestFloatLine) {
    const std::string dir = testing::vectors_dir();
    const struct {
        OpId op;
        const char* file;
    } files[] = {{op_id<op::div64>(), "f64_div.level1.txt"},
                 {op_id<op::div32>(), "f32_div.level1.txt"},
                 {op_id<op::sqrt32>(), "f32_sqrt.level1.txt"},
                 {op_id<op::f2d>(), "f32_to_f64.level2.txt"}};
    for (const auto& f : files) {
        const TestFloatFormat& format = *testfloat_format_of(f.op);
        const VectorFile v = read_testfloat(dir + "/" + f.file, format);
        uint64_t underflows = 0;
        for (size_t i = 0; i < v.inputs.size(); ++i) {
            const auto host = with_op(f.op, [&](auto tag) { return host_ieee_result<typename decltype(tag)::type>(v.inputs[i]); });
            ASSERT_TRUE(host.has_value());
            ASSERT_TRUE(Judge::same_answer(f.op, host->result, v.expected[i])) << f.file << " line " << i + 1;
            ASSERT_EQ(host->flags, v.flags[i]) << f.file << " line " << i + 1;
            underflows += (v.flags[i] & kUnderflow) != 0;
            // And the line written back is the line read, up to NaN payloads.
            const std::string line = testfloat_line(format, v.inputs[i], v.expected[i], v.flags[i]);
            ASSERT_EQ(line.size(), static_cast<size_t>(format.operands * (format.operand_digits + 1) +
                                                       format.result_digits + 3));
        }
        if (f.op == op_id<op::div64>() || f.op == op_id<op::div32>()) {
            EXPECT_GT(underflows, 100u) << f.file;
        }
    }
    EXPECT_FALSE(host_ieee_result<op::ff_add>({0, 0, 0}).has_value());
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
