// Mutants: the shipped implementations with one planted bug each, of the kinds real code gets
// wrong. `fpverify mutation` runs the default campaign against every one of them and reports
// which input classes catch it and after how many inputs: evidence that a clean report means
// something. They run on the CPU only and are left out of `fpverify list impls`.
#pragma once

#include "kernels/div64_emulated.h"
#include "kernels/f2d_impls.h"
#include "kernels/ff_impls.h"

namespace fpv::mutant {

// ---- div64: emulated division (two Newton-Raphson steps) with one planted bug -------------

template <div64::Mutation M>
FPV_HD FPV_INLINE uint64_t divide(uint64_t x, uint64_t y) {
    return div64::emulated_divide<div64::Refinement::newton_raphson_twice, M>(x, y);
}

// ---- float-float ---------------------------------------------------------------------------

// AccurateDWPlusDW without its final renormalisation: (v.hi, w) is returned as it is.
FPV_HD FPV_INLINE uint64_t accurate_add_unnormalised(uint64_t a, uint64_t b) {
    using namespace ff;
    const Pair x = unpack(a), y = unpack(b);
    const Pair s = two_sum(x.hi, y.hi);
    const Pair t = two_sum(x.lo, y.lo);
    const Pair v = fast_two_sum(s.hi, add(s.lo, t.hi));
    return pack({v.hi, add(t.lo, v.lo)});
}

// DWTimesDW3 with the term x.lo * y.hi dropped.
FPV_HD FPV_INLINE uint64_t times_dw3_dropped_term(uint64_t a, uint64_t b) {
    using namespace ff;
    const Pair x = unpack(a), y = unpack(b);
    const Pair c = two_prod_fma(x.hi, y.hi);
    const float tl1 = fma(x.hi, y.lo, mul(x.lo, y.lo));
    return pack(fast_two_sum(c.hi, add(c.lo, tl1)));
}

// Veltkamp's split with C = 2^11 + 1: the high half keeps 13 bits.
FPV_HD FPV_INLINE uint64_t split_wrong_constant(uint64_t a, uint64_t) {
    using namespace ff;
    const float f = single(a);
    const float c = mul(2049.0f, f);
    const float hi = sub(c, sub(c, f));
    return pack({hi, sub(f, hi)});
}

// 2Sum replaced by Fast2Sum, whose |a| >= |b| precondition nobody checks.
FPV_HD FPV_INLINE uint64_t two_sum_unordered(uint64_t a, uint64_t b) {
    return ff::pack(ff::fast_two_sum(ff::single(a), ff::single(b)));
}

// DWDivDW3 with the sign of the correction term y.lo * th flipped.
FPV_HD FPV_INLINE uint64_t div_dw3_sign_error(uint64_t a, uint64_t b) {
    using namespace ff;
    const Pair x = unpack(a), y = unpack(b);
    const float th = div(1.0f, y.hi);
    const float rh = fma(-y.hi, th, 1.0f);
    const float rl = mul(y.lo, th);
    const Pair e = fast_two_sum(rh, rl);
    const Pair d = dw_times_fp3(e, th);
    const Pair m = dw_plus_fp(d, th);
    return pack(dw_times_dw3(x, m));
}

// ---- f2d ----------------------------------------------------------------------------------

// The shift-and-xor conversion with a mask one bit too wide (0x0fffffff).
FPV_HD FPV_INLINE uint64_t f2d_wide_mask(uint64_t a, uint64_t) { return f2d::shift_xor_with<0x0fffffffu>(a); }

// The low word shifted by 28 instead of 29.
FPV_HD FPV_INLINE uint64_t f2d_low_shift(uint64_t a, uint64_t) { return f2d::shift_xor_with<0x07ffffffu, 28>(a); }

// The byte permutation with selector 0x7310: the wrong byte of ia >> 3 in the second place.
FPV_HD FPV_INLINE uint64_t f2d_wrong_selector(uint64_t a, uint64_t) { return f2d::byte_permute_with<0x7310u>(a); }

}  // namespace fpv::mutant

// X(op, variant, function, "the planted bug", "the shipped impl it mutates")
#define FPV_MUTANTS(X)                                                                          \
    X(div64, mut_subnormal_ties_away, ::fpv::mutant::divide<::fpv::div64::Mutation::subnormal_ties_away>, \
      "subnormal results: ties broken away from zero instead of to even", "div64.emu_nr")      \
    X(div64, mut_overflow_off_by_one, ::fpv::mutant::divide<::fpv::div64::Mutation::overflow_off_by_one>, \
      "overflow threshold one binade too high", "div64.emu_nr")                                \
    X(div64, mut_underflow_off_by_one, ::fpv::mutant::divide<::fpv::div64::Mutation::underflow_off_by_one>, \
      "flush-to-zero threshold one binade too high", "div64.emu_nr")                          \
    X(div64, mut_inf_over_inf, ::fpv::mutant::divide<::fpv::div64::Mutation::inf_over_inf>,     \
      "inf/inf forgotten: returns 0 instead of NaN", "div64.emu_nr")                           \
    X(div64, mut_zero_sign, ::fpv::mutant::divide<::fpv::div64::Mutation::zero_sign_lost>,      \
      "zero quotients always +0", "div64.emu_nr")                                              \
    X(div64, mut_nan_divisor, ::fpv::mutant::divide<::fpv::div64::Mutation::nan_divisor_dropped>, \
      "x/NaN returns x (NaN not propagated)", "div64.emu_nr")                                  \
    X(div64, mut_zero_divisor, ::fpv::mutant::divide<::fpv::div64::Mutation::zero_divisor_nan>, \
      "x/0 returns NaN instead of an infinity", "div64.emu_nr")                                \
    X(div64, mut_next_bit_rounding, ::fpv::mutant::divide<::fpv::div64::Mutation::rounding_by_next_bit>, \
      "rounds by the next bit of the approximate quotient, without the remainder check: wrong "  \
      "near midpoints (within about 2^-10 ulp)", "div64.emu_nr")                               \
    X(div64, mut_rounding_bias, ::fpv::mutant::divide<::fpv::div64::Mutation::rounding_bias>,   \
      "remainder comparison biased towards rounding down: wrong only within 2^-39 ulp above a "  \
      "midpoint", "div64.emu_nr")                                                              \
    X(ff_add, mut_accurate_unnormalised, ::fpv::mutant::accurate_add_unnormalised,             \
      "AccurateDWPlusDW without its final renormalisation", "ff_add.accurate")                \
    X(ff_mul, mut_dw3_dropped_term, ::fpv::mutant::times_dw3_dropped_term,                     \
      "DWTimesDW3 without the x.lo * y.hi term", "ff_mul.dw_times_dw3")                         \
    X(eft_split, mut_wrong_constant, ::fpv::mutant::split_wrong_constant,                      \
      "Veltkamp's split with C = 2^11 + 1 instead of 2^12 + 1", "eft_split.veltkamp")          \
    X(eft_add, mut_unordered_fast2sum, ::fpv::mutant::two_sum_unordered,                       \
      "2Sum replaced by Fast2Sum without its |a| >= |b| condition", "eft_add.two_sum")          \
    X(ff_div, mut_dw3_sign, ::fpv::mutant::div_dw3_sign_error,                                 \
      "DWDivDW3 with the sign of the y.lo correction flipped", "ff_div.dw_div_dw3")            \
    X(f2d, mut_wide_mask, ::fpv::mutant::f2d_wide_mask,                                        \
      "shift-and-xor with mask 0x0fffffff instead of 0x07ffffff", "f2d.shift_xor")             \
    X(f2d, mut_low_shift, ::fpv::mutant::f2d_low_shift,                                        \
      "low word ia << 28 instead of ia << 29", "f2d.shift_xor")                                 \
    X(f2d, mut_wrong_selector, ::fpv::mutant::f2d_wrong_selector,                              \
      "__byte_perm selector 0x7310 instead of 0x7210", "f2d.byte_perm")
