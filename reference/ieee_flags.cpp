#include "reference/ieee_flags.h"

#include <cfenv>
#include <cmath>

#include "kernels/portability.h"

namespace fpv {
namespace {

unsigned testfloat_flags(int raised) {
    unsigned f = 0;
    if (raised & FE_INEXACT) f |= kInexact;
    if (raised & FE_UNDERFLOW) f |= kUnderflow;
    if (raised & FE_OVERFLOW) f |= kOverflow;
    if (raised & FE_DIVBYZERO) f |= kDivideByZero;
    if (raised & FE_INVALID) f |= kInvalid;
    return f;
}

}  // namespace

std::optional<FlaggedResult> host_ieee_result(OpId op, const Operands& in) {
    // Volatile operands and result keep the operation at run time, between the flag calls.
    FlaggedResult out;
    std::feclearexcept(FE_ALL_EXCEPT);
    switch (op) {
        case OpId::div64: {
            volatile double x = double_of(in.a), y = double_of(in.b);
            volatile double q = x / y;
            out.result = bits_of(static_cast<double>(q));
            break;
        }
        case OpId::div32: {
            volatile float x = float_of(static_cast<uint32_t>(in.a)), y = float_of(static_cast<uint32_t>(in.b));
            volatile float q = x / y;
            out.result = bits_of(static_cast<float>(q));
            break;
        }
        case OpId::sqrt32: {
            volatile float x = float_of(static_cast<uint32_t>(in.a));
            volatile float r = std::sqrt(static_cast<float>(x));
            out.result = bits_of(static_cast<float>(r));
            break;
        }
        case OpId::f2d: {
            volatile float x = float_of(static_cast<uint32_t>(in.a));
            volatile double r = static_cast<double>(static_cast<float>(x));
            out.result = bits_of(static_cast<double>(r));
            break;
        }
        default: return std::nullopt;
    }
    out.flags = testfloat_flags(std::fetestexcept(FE_ALL_EXCEPT));
    return out;
}

}  // namespace fpv
