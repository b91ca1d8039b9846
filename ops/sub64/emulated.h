// Binary64 subtraction in integers only: x + (-y) by the addition of ops/add64/emulated.h, once
// a NaN y has had its turn, since x86 returns y's NaN as it is, not negated.
#pragma once

#include "ops/add64/emulated.h"

namespace fpv::sub64 {

template <Rounding R, add64::SumMutation M = add64::SumMutation::none>
FPV_HD FPV_INLINE uint64_t emulated_subtract(uint64_t x, uint64_t y) {
    using namespace int_emulation;
    if (is_nan(x)) return quieted(x);
    if (is_nan(y)) return quieted(y);
    return add64::emulated_add<R, M>(x, y ^ kSign);
}

}  // namespace fpv::sub64
