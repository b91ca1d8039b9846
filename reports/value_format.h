// Operands and results as people read them: binary64 values in hexadecimal and decimal,
// float-float pairs as hi + lo.
#pragma once

#include <string>

#include "corpus/operands.h"
#include "kernels/catalogue.h"

namespace fpv {

std::string decimal_of(uint64_t binary64_bits);  // "%.17g", with signed zeros and NaN kinds
std::string decimal_of_float(uint32_t binary32_bits);
std::string hex64(uint64_t bits);

// "x = ..., y = ..." for the op's operands.
std::string operands_text(OpId op, const Operands& in);
// A result of the op: a binary64 or a pair.
std::string result_text(OpId op, uint64_t result);
// The expected value: the correctly rounded result, or the exact one rounded to binary64.
std::string expected_text(OpId op, uint64_t expected);

}  // namespace fpv
