// MPFR's view of one dot product of binary64 terms, sum of a_l * b_l: its exact value (mpfr_dot
// at a precision that holds any sum of 2^22 products exactly, chunk by chunk), that value rounded once into
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
    // The exact sum of the products of a_ and b_ (or of their magnitudes), in chunks of
    // kChunkTerms terms: the memory a thread needs does not grow with k beyond the words.
    void exact_sum(mpfr_ptr sum, bool magnitudes, mpfr_rnd_t rounding);

    std::vector<uint64_t> a_words_, b_words_;
    std::vector<__mpfr_struct> chunk_;  // a chunk's a terms, then its b terms
    std::vector<mpfr_ptr> a_, b_;
    mpfr_t exact_, partial_, magnitudes_, scale_, difference_, result_;
};

}  // namespace fpv
