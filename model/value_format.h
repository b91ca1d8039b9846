// Operands and results as people read them, by their formats: binary64 and binary32 values in
// hexadecimal and decimal, float-float pairs as hi + lo.
#pragma once

#include <string>

#include "core/operands.h"
#include "core/op_traits.h"

namespace fpv {

std::string decimal_of(uint64_t binary64_bits);  // "%.17g", with signed zeros and NaN kinds
std::string decimal_of_float(uint32_t binary32_bits);
std::string hex64(uint64_t bits);

// A word of a format: "0x3ff0000000000000 (1)", "0x3f800000 (1)", "0x3f800000:0x00000000 (1 + 0)".
std::string value_text(Format f, uint64_t word);

// "x = ..., y = ..." for the op's operands, named as the op names them.
std::string operands_text(OpId op, const Operands& in);
// A result of the op, in its result format.
std::string result_text(OpId op, uint64_t result);
// The expected value: the correctly rounded result, or for float-float ops the exact one
// rounded to binary64.
std::string expected_text(OpId op, uint64_t expected);

}  // namespace fpv
