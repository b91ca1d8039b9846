// Test-vector files written by Berkeley TestFloat's testfloat_gen: one case per line, operands
// and the expected result as uppercase hexadecimal, then the exception flags.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/formats.h"
#include "core/operands.h"

namespace fpv {

// The layout of one TestFloat function's lines: operand count and hex digits per operand and
// result (16 for binary64, 8 for binary32). An op's comes from its traits
// (model/input_set.h, testfloat_format_of).
struct TestFloatFormat {
    std::string_view function;  // TestFloat's name: f64_div, f32_div, f32_sqrt, f32_to_f64
    int operands = 2;
    int operand_digits = 16;
    int result_digits = 16;
};

struct VectorFile {
    std::vector<Operands> inputs;
    std::vector<uint64_t> expected;  // the result each line gives
    std::vector<uint8_t> flags;      // and its exception flags
    std::string digest;              // FNV-1a of the content, to notice a changed file on resume
};

// The rounding mode testfloat_gen was given, from the file name as TestFloat's options spell
// it (".rminMag." toward zero, ".rmin." toward -inf, ".rmax." toward +inf; round to nearest
// even otherwise). Throws UsageError for ".rnear_maxMag.", which no op here can be judged in.
Rounding testfloat_rounding(std::string_view path);

// The most text a vector file may hold (for a .gz file, once inflated): about 20 million binary64
// cases, which a campaign reads whole into memory.
constexpr uint64_t kMaxVectorFileBytes = uint64_t{1} << 30;

// Reads a TestFloat file of the given function ("A B Z FF" or "A Z FF"). Throws UsageError naming
// the file and line of the first malformed case (its unprintable bytes as \xNN), or why the file
// cannot be read: missing, not a regular file (a device, a FIFO), beyond kMaxVectorFileBytes, or
// for a name ending in .gz not gzip, corrupted, or cut short ("truncated gzip stream": a file is
// read whole or not at all).
VectorFile read_testfloat(const std::string& path, const TestFloatFormat& format);

// One TestFloat line: operands, result and exception flags (01 inexact, 02 underflow,
// 04 overflow, 08 divide by zero, 10 invalid), uppercase hex as testfloat_gen writes it.
std::string testfloat_line(const TestFloatFormat& format, const Operands& in, uint64_t result, unsigned flags);

}  // namespace fpv
