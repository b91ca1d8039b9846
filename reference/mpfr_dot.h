// MPFR's view of one dot product of binary64 terms, sum of a_l * b_l: its exact value (mpfr_dot
// at a precision that holds any sum of 2^22 products exactly), that value rounded once into
// binary64 in any mode, and a result's componentwise error. The authority the exact accumulator
// (reference/exact_dot.h) answers to. One object per thread.
#pragma once

#include <mpfr.h>

#include <cstdint>
#include <span>
#include <vector>

#include "core/formats.h"

namespace fpv {

class MpfrDot {
public:
    MpfrDot();
    ~MpfrDot();
    MpfrDot(const MpfrDot&) = delete;
    MpfrDot& operator=(const MpfrDot&) = delete;

    // The terms of the next dot product, as binary64 bit patterns (the same number of each), and
    // their exact sum, which the calls below read.
    void load(std::span<const uint64_t> a, std::span<const uint64_t> b);
    // The exact sum rounded once into binary64 (subnormals and overflow included) in mode r, which
    // also decides the sign of an exact zero (mpfr_sum's rule); the default NaN for an invalid sum.
    uint64_t rounded(Rounding r);
    // |result - exact| / (2^-52 * sum |a_l b_l|): 0 where result is the exact value or the same
    // infinity or a NaN for a NaN, +infinity where no finite ratio says how far it is.
    double componentwise_error(uint64_t result);
    // |result - exact| in units of the last place of ulp_of (a finite binary64, the correctly
    // rounded entry), fractional: for a finite exact sum and a finite result only.
    double error_in_ulps(uint64_t result, uint64_t ulp_of);

private:
    void grow(size_t n);
    void exact_sum(mpfr_rnd_t rounding);

    std::vector<__mpfr_struct> terms_;  // a_0 .. a_{n-1}, b_0 .. b_{n-1}, then |a|, |b|
    std::vector<mpfr_ptr> a_, b_, abs_a_, abs_b_;
    size_t n_ = 0;
    mpfr_t exact_, scale_, difference_, result_;
};

}  // namespace fpv
