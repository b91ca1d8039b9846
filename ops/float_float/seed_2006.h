// Add22 and Mul22 as published by Da Graça and Defour, "Implementation of float-float operators
// on graphics hardware" (2006; ../shared/seeds/004). Reproduced as printed, for the record.
#pragma once

#include "ops/float_float/eft.h"

namespace fpv::ff {

// The paper's Add22: the error of ah + bh by a branch on the larger magnitude, the low parts
// added one at a time, then an exact renormalisation (Add12). Its stated bound has an absolute
// term 2^-24 |al + bl|: it has no relative bound when the operands cancel.
FPV_HD FPV_INLINE Pair add22_2006(Pair a, Pair b) {
    const float r = add(a.hi, b.hi);
    float s;
    if (abs(a.hi) >= abs(b.hi)) {
        s = add(add(add(sub(a.hi, r), b.hi), b.lo), a.lo);
    } else {
        s = add(add(add(sub(b.hi, r), a.hi), a.lo), b.lo);
    }
    return two_sum(r, s);
}

// The paper's Mul22 exactly as printed: line 3 renormalises (t1, t2), so the cross terms
// collected in t3 are computed and then dropped.
FPV_HD FPV_INLINE Pair mul22_2006_as_printed(Pair a, Pair b) {
    const Pair t = two_prod_split(a.hi, b.hi);
    const float t3 = add(add(mul(a.hi, b.lo), mul(a.lo, b.hi)), t.lo);
    (void)t3;
    return two_sum(t.hi, t.lo);
}

// Mul22 with the evident correction, Add12(t1, t3): the operations of JMP17's Algorithm 10, with
// Dekker's product and a 2Sum instead of Fast2Sum at the end.
FPV_HD FPV_INLINE Pair mul22_2006_corrected(Pair a, Pair b) {
    const Pair t = two_prod_split(a.hi, b.hi);
    const float t3 = add(add(mul(a.hi, b.lo), mul(a.lo, b.hi)), t.lo);
    return two_sum(t.hi, t3);
}

}  // namespace fpv::ff
