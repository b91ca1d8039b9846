// Test-vector files written by Berkeley TestFloat's testfloat_gen: one case per line, operands
// and the expected result as uppercase hexadecimal, then the exception flags.
#pragma once

#include <string>
#include <vector>

#include "corpus/operands.h"

namespace fpv {

struct VectorFile {
    std::vector<Operands> inputs;
    std::vector<uint64_t> expected;  // the result each line gives
    std::string digest;              // FNV-1a of the content, to notice a changed file on resume
};

// Reads an `f64_div` file ("A B Z FF", 16-digit operands). Throws UsageError naming the file
// and line of the first malformed case, or why the file cannot be read.
VectorFile read_testfloat_f64_div(const std::string& path);

}  // namespace fpv
