// The IEEE 754 answer of the host's own arithmetic with the exception flags it raised, for the
// ops whose host_ieee trait names one: what `fpverify export --format testfloat` writes. The
// host (SSE) detects tininess after rounding, as TestFloat's vectors do; tests compare these
// flags with every line of the TestFloat files.
#pragma once

#include <cfenv>
#include <cstdint>
#include <optional>

#include "core/op_traits.h"
#include "core/operands.h"

namespace fpv {

// TestFloat's flag bits.
enum TestFloatFlag : unsigned { kInexact = 0x01, kUnderflow = 0x02, kOverflow = 0x04, kDivideByZero = 0x08, kInvalid = 0x10 };

struct FlaggedResult {
    uint64_t result = 0;  // the result's bits, a binary32 in the low word
    unsigned flags = 0;
};

unsigned testfloat_flags(int raised);

// A value the compiler must treat as unknown and as read and written here: the computation
// between two of these cannot move across the flag calls around them.
inline uint64_t opaque(uint64_t v) {
    asm volatile("" : "+r"(v) : : "memory");
    return v;
}

// nullopt for ops without a host IEEE answer.
template <class Op>
std::optional<FlaggedResult> host_ieee_result(const Operands& in) {
    if constexpr (is_none<typename Op::host_ieee>) {
        return std::nullopt;
    } else {
        std::feclearexcept(FE_ALL_EXCEPT);
        const Operands read{opaque(in.a), opaque(in.b), opaque(in.c)};
        FlaggedResult out;
        out.result = opaque(Op::host_ieee::eval(read));
        out.flags = testfloat_flags(std::fetestexcept(FE_ALL_EXCEPT));
        return out;
    }
}

}  // namespace fpv
