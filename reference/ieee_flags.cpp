#include "reference/ieee_flags.h"

namespace fpv {

unsigned testfloat_flags(int raised) {
    unsigned f = 0;
    if (raised & FE_INEXACT) f |= kInexact;
    if (raised & FE_UNDERFLOW) f |= kUnderflow;
    if (raised & FE_OVERFLOW) f |= kOverflow;
    if (raised & FE_DIVBYZERO) f |= kDivideByZero;
    if (raised & FE_INVALID) f |= kInvalid;
    return f;
}

}  // namespace fpv
