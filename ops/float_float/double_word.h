// Double-word ("float-float") arithmetic on binary32 pairs, after Joldes, Muller and Popescu,
// "Tight and rigorous error bounds for basic building blocks of double-word arithmetic", ACM
// TOMS 44(2), 2017 (JMP17), with the bounds as machine-checked by Muller and Rideau, ACM TOMS
// 48(1), 2022 (MR22). The bounds are in the impls' specs (ops/float_float/impls.h).
//
// Where an algorithm needs an exact product (2Prod), kFma picks Fast2Mult (one FMA) or Dekker's
// product by splitting; the proofs hold for either.
#pragma once

#include "ops/float_float/eft.h"

namespace fpv::ff {

template <bool kFma>
FPV_HD FPV_INLINE Pair two_prod(float a, float b) {
    if constexpr (kFma) {
        return two_prod_fma(a, b);
    } else {
        return two_prod_split(a, b);
    }
}

// JMP17 Algorithm 4: x + y.
FPV_HD FPV_INLINE Pair dw_plus_fp(Pair x, float y) {
    const Pair s = two_sum(x.hi, y);
    const float v = add(x.lo, s.lo);
    return fast_two_sum(s.hi, v);
}

// JMP17 Algorithm 5: x + y, sloppy (no relative bound when xh and yh have opposite signs).
FPV_HD FPV_INLINE Pair sloppy_dw_plus_dw(Pair x, Pair y) {
    const Pair s = two_sum(x.hi, y.hi);
    const float v = add(x.lo, y.lo);
    const float w = add(s.lo, v);
    return fast_two_sum(s.hi, w);
}

// JMP17 Algorithm 6: x + y, accurate.
FPV_HD FPV_INLINE Pair accurate_dw_plus_dw(Pair x, Pair y) {
    const Pair s = two_sum(x.hi, y.hi);
    const Pair t = two_sum(x.lo, y.lo);
    const float c = add(s.lo, t.hi);
    const Pair v = fast_two_sum(s.hi, c);
    const float w = add(t.lo, v.lo);
    return fast_two_sum(v.hi, w);
}

// JMP17 Algorithm 7: x * y.
template <bool kFma>
FPV_HD FPV_INLINE Pair dw_times_fp1(Pair x, float y) {
    const Pair c = two_prod<kFma>(x.hi, y);
    const float cl2 = mul(x.lo, y);
    const Pair t = fast_two_sum(c.hi, cl2);
    const float tl2 = add(t.lo, c.lo);
    return fast_two_sum(t.hi, tl2);
}

// JMP17 Algorithm 8: x * y, fewer operations.
template <bool kFma>
FPV_HD FPV_INLINE Pair dw_times_fp2(Pair x, float y) {
    const Pair c = two_prod<kFma>(x.hi, y);
    const float cl2 = mul(x.lo, y);
    const float cl3 = add(c.lo, cl2);
    return fast_two_sum(c.hi, cl3);
}

// JMP17 Algorithm 9: x * y with FMA.
FPV_HD FPV_INLINE Pair dw_times_fp3(Pair x, float y) {
    const Pair c = two_prod_fma(x.hi, y);
    const float cl3 = fma(x.lo, y, c.lo);
    return fast_two_sum(c.hi, cl3);
}

// JMP17 Algorithm 10: x * y.
template <bool kFma>
FPV_HD FPV_INLINE Pair dw_times_dw1(Pair x, Pair y) {
    const Pair c = two_prod<kFma>(x.hi, y.hi);
    const float tl1 = mul(x.hi, y.lo);
    const float tl2 = mul(x.lo, y.hi);
    const float cl2 = add(tl1, tl2);
    const float cl3 = add(c.lo, cl2);
    return fast_two_sum(c.hi, cl3);
}

// JMP17 Algorithm 11: x * y with FMA.
FPV_HD FPV_INLINE Pair dw_times_dw2(Pair x, Pair y) {
    const Pair c = two_prod_fma(x.hi, y.hi);
    const float tl = mul(x.hi, y.lo);
    const float cl2 = fma(x.lo, y.hi, tl);
    const float cl3 = add(c.lo, cl2);
    return fast_two_sum(c.hi, cl3);
}

// JMP17 Algorithm 12: x * y with FMA, the most accurate.
FPV_HD FPV_INLINE Pair dw_times_dw3(Pair x, Pair y) {
    const Pair c = two_prod_fma(x.hi, y.hi);
    const float tl0 = mul(x.lo, y.lo);
    const float tl1 = fma(x.hi, y.lo, tl0);
    const float cl2 = fma(x.lo, y.hi, tl1);
    const float cl3 = add(c.lo, cl2);
    return fast_two_sum(c.hi, cl3);
}

// JMP17 Algorithm 15: x / y. xh - pi_h and then - pi_l are exact (the division's remainder).
template <bool kFma>
FPV_HD FPV_INLINE Pair dw_div_fp3(Pair x, float y) {
    const float th = div(x.hi, y);
    const Pair pi = two_prod<kFma>(th, y);
    const float dh = sub(x.hi, pi.hi);
    const float dt = sub(dh, pi.lo);
    const float d = add(dt, x.lo);
    const float tl = div(d, y);
    return fast_two_sum(th, tl);
}

// JMP17 Algorithm 17: x / y without FMA (r = th * y by Algorithm 7 with Dekker's product).
FPV_HD FPV_INLINE Pair dw_div_dw2(Pair x, Pair y) {
    const float th = div(x.hi, y.hi);
    const Pair r = dw_times_fp1<false>(y, th);
    const float pi_h = sub(x.hi, r.hi);  // exact (Sterbenz)
    const float dl = sub(x.lo, r.lo);
    const float d = add(pi_h, dl);
    const float tl = div(d, y.hi);
    return fast_two_sum(th, tl);
}

// JMP17 Algorithm 18: x / y with FMA: one Newton step on 1/y, then a product.
FPV_HD FPV_INLINE Pair dw_div_dw3(Pair x, Pair y) {
    const float th = div(1.0f, y.hi);
    const float rh = fma(-y.hi, th, 1.0f);  // 1 - yh * th, exact for a correctly rounded th
    const float rl = -mul(y.lo, th);
    const Pair e = fast_two_sum(rh, rl);
    const Pair d = dw_times_fp3(e, th);
    const Pair m = dw_plus_fp(d, th);
    return dw_times_dw3(x, m);
}

}  // namespace fpv::ff
