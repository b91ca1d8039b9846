// The float-float impls under test as functions of packed operands (see corpus/operands.h):
// pairs are hi:lo in one 64-bit word, lone binary32 values in the lower half.
#pragma once

#include "kernels/ff_double_word.h"
#include "kernels/ff_seed_2006.h"

namespace fpv::ff {

// Adapters from the algorithms' types to the impl signature uint64_t(uint64_t, uint64_t).
FPV_HD FPV_INLINE uint64_t packed(Pair p) { return pack(p); }

FPV_HD FPV_INLINE uint64_t eft_two_sum(uint64_t a, uint64_t b) { return packed(two_sum(single(a), single(b))); }
FPV_HD FPV_INLINE uint64_t eft_fast_two_sum(uint64_t a, uint64_t b) {
    return packed(fast_two_sum(single(a), single(b)));
}
FPV_HD FPV_INLINE uint64_t eft_two_prod_split(uint64_t a, uint64_t b) {
    return packed(two_prod_split(single(a), single(b)));
}
FPV_HD FPV_INLINE uint64_t eft_two_prod_fma(uint64_t a, uint64_t b) {
    return packed(two_prod_fma(single(a), single(b)));
}
FPV_HD FPV_INLINE uint64_t eft_split(uint64_t a, uint64_t) { return packed(split(single(a))); }

FPV_HD FPV_INLINE uint64_t add22(uint64_t a, uint64_t b) { return packed(add22_2006(unpack(a), unpack(b))); }
FPV_HD FPV_INLINE uint64_t sloppy_add(uint64_t a, uint64_t b) {
    return packed(sloppy_dw_plus_dw(unpack(a), unpack(b)));
}
FPV_HD FPV_INLINE uint64_t accurate_add(uint64_t a, uint64_t b) {
    return packed(accurate_dw_plus_dw(unpack(a), unpack(b)));
}
FPV_HD FPV_INLINE uint64_t plus_fp(uint64_t a, uint64_t b) { return packed(dw_plus_fp(unpack(a), single(b))); }

FPV_HD FPV_INLINE uint64_t times_fp1(uint64_t a, uint64_t b) {
    return packed(dw_times_fp1<true>(unpack(a), single(b)));
}
FPV_HD FPV_INLINE uint64_t times_fp2(uint64_t a, uint64_t b) {
    return packed(dw_times_fp2<true>(unpack(a), single(b)));
}
FPV_HD FPV_INLINE uint64_t times_fp3(uint64_t a, uint64_t b) { return packed(dw_times_fp3(unpack(a), single(b))); }

FPV_HD FPV_INLINE uint64_t mul22_printed(uint64_t a, uint64_t b) {
    return packed(mul22_2006_as_printed(unpack(a), unpack(b)));
}
FPV_HD FPV_INLINE uint64_t mul22_corrected(uint64_t a, uint64_t b) {
    return packed(mul22_2006_corrected(unpack(a), unpack(b)));
}
FPV_HD FPV_INLINE uint64_t times_dw1(uint64_t a, uint64_t b) {
    return packed(dw_times_dw1<true>(unpack(a), unpack(b)));
}
FPV_HD FPV_INLINE uint64_t times_dw2(uint64_t a, uint64_t b) { return packed(dw_times_dw2(unpack(a), unpack(b))); }
FPV_HD FPV_INLINE uint64_t times_dw3(uint64_t a, uint64_t b) { return packed(dw_times_dw3(unpack(a), unpack(b))); }

FPV_HD FPV_INLINE uint64_t div_fp3_fma(uint64_t a, uint64_t b) {
    return packed(dw_div_fp3<true>(unpack(a), single(b)));
}
FPV_HD FPV_INLINE uint64_t div_fp3_dekker(uint64_t a, uint64_t b) {
    return packed(dw_div_fp3<false>(unpack(a), single(b)));
}
FPV_HD FPV_INLINE uint64_t div_dw2(uint64_t a, uint64_t b) { return packed(dw_div_dw2(unpack(a), unpack(b))); }
FPV_HD FPV_INLINE uint64_t div_dw3(uint64_t a, uint64_t b) { return packed(dw_div_dw3(unpack(a), unpack(b))); }

}  // namespace fpv::ff
