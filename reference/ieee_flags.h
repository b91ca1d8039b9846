// The IEEE 754 answer of the host's own arithmetic with the exception flags it raised, for the
// ops whose host_ieee trait names one: what `fpverify export --format testfloat` writes. The
// host (SSE) detects tininess after rounding, as TestFloat's vectors do; tests compare these
// flags with every line of the TestFloat files.
#pragma once

#include <cfenv>
#include <cstdint>
#include <optional>

#include "core/host_rounding.h"
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

// nullopt for ops without a host IEEE answer. The answer is rounded toward `rounding`.
template <class Op>
std::optional<FlaggedResult> host_ieee_result(const Operands& in, Rounding rounding = Rounding::rn) {
    if constexpr (is_none<typename Op::host_ieee>) {
        return std::nullopt;
    } else {
        const int saved = std::fegetround();
        std::fesetround(host_rounding_mode(rounding));
        std::feclearexcept(FE_ALL_EXCEPT);
        const Operands read{opaque(in.a), opaque(in.b), opaque(in.c)};
        FlaggedResult out;
        out.result = opaque(Op::host_ieee::eval(read));
        out.flags = testfloat_flags(std::fetestexcept(FE_ALL_EXCEPT));
        std::fesetround(saved);
        return out;
    }
}

}  // namespace fpv
