// The IEEE 754 answer of the host's own arithmetic, with the exception flags it raised, for the
// ops that have a TestFloat counterpart: what `fpverify export --format testfloat` writes. The
// host (SSE) detects tininess after rounding, as TestFloat's vectors do; tests compare these
// flags with every line of the TestFloat files.
#pragma once

#include <cstdint>
#include <optional>

#include "corpus/operands.h"
#include "kernels/catalogue.h"

namespace fpv {

// TestFloat's flag bits.
enum TestFloatFlag : unsigned { kInexact = 0x01, kUnderflow = 0x02, kOverflow = 0x04, kDivideByZero = 0x08, kInvalid = 0x10 };

struct FlaggedResult {
    uint64_t result = 0;  // binary64 bits, or binary32 bits in the low word
    unsigned flags = 0;
};

// div64, div32, sqrt32 and f2d; nullopt for other ops.
std::optional<FlaggedResult> host_ieee_result(OpId op, const Operands& in);

}  // namespace fpv
