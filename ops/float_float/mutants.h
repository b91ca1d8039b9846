// Float-float impls with one planted bug each, of the kinds real code gets wrong
// (`fpverify mutation`).
#pragma once

#include "ops/float_float/impls.h"

namespace fpv::ff {

// AccurateDWPlusDW without its final renormalisation: (v.hi, w) is returned as it is.
FPV_HD FPV_INLINE Pair accurate_add_unnormalised(Pair x, Pair y) {
    const Pair s = two_sum(x.hi, y.hi);
    const Pair t = two_sum(x.lo, y.lo);
    const Pair v = fast_two_sum(s.hi, add(s.lo, t.hi));
    return {v.hi, add(t.lo, v.lo)};
}

// DWTimesDW3 with the term x.lo * y.hi dropped.
FPV_HD FPV_INLINE Pair times_dw3_dropped_term(Pair x, Pair y) {
    const Pair c = two_prod_fma(x.hi, y.hi);
    const float tl1 = fma(x.hi, y.lo, mul(x.lo, y.lo));
    return fast_two_sum(c.hi, add(c.lo, tl1));
}

// Veltkamp's split with C = 2^11 + 1: the high half keeps 13 bits.
FPV_HD FPV_INLINE Pair split_wrong_constant(float a) {
    const float c = mul(2049.0f, a);
    const float hi = sub(c, sub(c, a));
    return {hi, sub(a, hi)};
}

// DWDivDW3 with the sign of the correction term y.lo * th flipped.
FPV_HD FPV_INLINE Pair div_dw3_sign_error(Pair x, Pair y) {
    const float th = div(1.0f, y.hi);
    const float rh = fma(-y.hi, th, 1.0f);
    const float rl = mul(y.lo, th);
    const Pair e = fast_two_sum(rh, rl);
    const Pair d = dw_times_fp3(e, th);
    const Pair m = dw_plus_fp(d, th);
    return dw_times_dw3(x, m);
}

template <class Parent, auto Algorithm, const ImplSpec& kSpec>
struct Mutant : MutantOf<Parent> {
    static constexpr const ImplSpec& spec = kSpec;
    template <class... Word>
    FPV_HD static uint64_t run(Word... words) {
        return FloatFloatImpl<Algorithm>::run(words...);
    }
};

inline constexpr ImplSpec kUnnormalised{.variant = "mut_accurate_unnormalised",
                                        .summary = "AccurateDWPlusDW without its final renormalisation"};
inline constexpr ImplSpec kDroppedTerm{.variant = "mut_dw3_dropped_term",
                                       .summary = "DWTimesDW3 without the x.lo * y.hi term"};
inline constexpr ImplSpec kWrongConstant{.variant = "mut_wrong_constant",
                                         .summary = "Veltkamp's split with C = 2^11 + 1 instead of 2^12 + 1"};
inline constexpr ImplSpec kUnorderedFast2Sum{.variant = "mut_unordered_fast2sum",
                                             .summary = "2Sum replaced by Fast2Sum without its |a| >= |b| condition"};
inline constexpr ImplSpec kSignError{.variant = "mut_dw3_sign",
                                     .summary = "DWDivDW3 with the sign of the y.lo correction flipped"};

using AccurateUnnormalised = Mutant<Accurate, accurate_add_unnormalised, kUnnormalised>;
using TimesDw3DroppedTerm = Mutant<TimesDw3, times_dw3_dropped_term, kDroppedTerm>;
using SplitWrongConstant = Mutant<Veltkamp, split_wrong_constant, kWrongConstant>;
using UnorderedFast2Sum = Mutant<TwoSum, fast_two_sum, kUnorderedFast2Sum>;
using DivDw3SignError = Mutant<DivDw3, div_dw3_sign_error, kSignError>;

}  // namespace fpv::ff
