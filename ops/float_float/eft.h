// Error-free transformations on binary32: the building blocks of float-float arithmetic.
// Numbering follows Joldes, Muller and Popescu, ACM TOMS 44(2), 2017 ("JMP17"); the seed paper
// (Da Graça and Defour, 2006) calls TwoSum Add12 and Dekker's product Mul12.
#pragma once

#include "ops/float_float/primitives.h"

namespace fpv::ff {

// Fast2Sum (Dekker; JMP17 Algorithm 1): s + t = a + b exactly when exponent(a) >= exponent(b).
FPV_HD FPV_INLINE Pair fast_two_sum(float a, float b) {
    const float s = add(a, b);
    const float z = sub(s, a);
    return {s, sub(b, z)};
}

// 2Sum (Moller, Knuth; JMP17 Algorithm 2): s + t = a + b exactly, whatever a and b.
FPV_HD FPV_INLINE Pair two_sum(float a, float b) {
    const float s = add(a, b);
    const float a_approx = sub(s, b);
    const float b_approx = sub(s, a_approx);
    const float a_error = sub(a, a_approx);
    const float b_error = sub(b, b_approx);
    return {s, add(a_error, b_error)};
}

// Veltkamp's split with C = 2^12 + 1: a = hi + lo, each half with at most 12 significant bits.
FPV_HD FPV_INLINE Pair split(float a) {
    const float c = mul(4097.0f, a);
    const float big = sub(c, a);
    const float hi = sub(c, big);
    return {hi, sub(a, hi)};
}

// Dekker's product by splitting (the seed's Mul12): p + e = a * b exactly, no FMA needed.
FPV_HD FPV_INLINE Pair two_prod_split(float a, float b) {
    const float p = mul(a, b);
    const Pair as = split(a), bs = split(b);
    const float e1 = sub(p, mul(as.hi, bs.hi));
    const float e2 = sub(e1, mul(as.lo, bs.hi));
    const float e3 = sub(e2, mul(as.hi, bs.lo));
    return {p, sub(mul(as.lo, bs.lo), e3)};
}

// Fast2Mult (JMP17 Algorithm 3): p + e = a * b exactly, with one FMA.
FPV_HD FPV_INLINE Pair two_prod_fma(float a, float b) {
    const float p = mul(a, b);
    return {p, fma(a, b, -p)};
}

}  // namespace fpv::ff
