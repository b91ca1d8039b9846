#include "reference/mpfr_dot.h"

#include <algorithm>
#include <limits>

#include "core/binary64.h"
#include "reference/mpfr_reference.h"

namespace fpv {
namespace {

// 2^1024 squared is below 2^2048, the least product 2^-2148, and 22 bits more hold the carries
// of 2^22 terms: 4,218 bits hold any such sum exactly.
constexpr mpfr_prec_t kExactBits = 4400;
constexpr size_t kChunkTerms = 4096;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

}  // namespace

MpfrDot::MpfrDot() {
    mpfr_init2(exact_, kExactBits);
    mpfr_init2(partial_, kExactBits);
    mpfr_init2(magnitudes_, kExactBits);
    mpfr_init2(scale_, 64);
    mpfr_init2(difference_, kExactBits + 64);
    mpfr_init2(result_, 53);
    chunk_.assign(2 * kChunkTerms, __mpfr_struct{});
    for (__mpfr_struct& t : chunk_) mpfr_init2(&t, 53);
    for (size_t i = 0; i < kChunkTerms; ++i) {
        a_.push_back(&chunk_[i]);
        b_.push_back(&chunk_[kChunkTerms + i]);
    }
}

MpfrDot::~MpfrDot() {
    for (__mpfr_struct& t : chunk_) mpfr_clear(&t);
    mpfr_clear(exact_);
    mpfr_clear(partial_);
    mpfr_clear(magnitudes_);
    mpfr_clear(scale_);
    mpfr_clear(difference_);
    mpfr_clear(result_);
}

void MpfrDot::load(std::span<const uint64_t> a, std::span<const uint64_t> b) {
    a_words_.assign(a.begin(), a.end());
    b_words_.assign(b.begin(), b.end());
    exact_sum(exact_, false, MPFR_RNDN);
}

void MpfrDot::exact_sum(mpfr_ptr sum, bool magnitudes, mpfr_rnd_t rounding) {
    // Products of subnormals lie far below binary64's range: the sum is taken in the widest one.
    const ScopedExponentRange widest;
    const uint64_t keep = magnitudes ? ~b64::kSign : ~uint64_t{0};
    // Every partial sum of at most 2^22 products is exact at kExactBits, so the chunks add up to
    // the exact sum; an exact zero takes its sign by IEEE 754's rule for x + y, which chunk by
    // chunk gives the sign mpfr_sum gives all the terms at once.
    mpfr_set_zero(sum, 1);
    bool first = true;
    for (size_t at = 0; at < a_words_.size() || first; at += kChunkTerms) {
        const size_t n = std::min(kChunkTerms, a_words_.size() - at);
        for (size_t i = 0; i < n; ++i) {
            mpfr_set_d(a_[i], double_of(a_words_[at + i] & keep), MPFR_RNDN);  // exact: 53 bits hold any binary64
            mpfr_set_d(b_[i], double_of(b_words_[at + i] & keep), MPFR_RNDN);
        }
        mpfr_dot(first ? sum : partial_, a_.data(), b_.data(), n, rounding);
        if (!first) mpfr_add(sum, sum, partial_, rounding);
        first = false;
        if (n == 0) break;
    }
}

uint64_t MpfrDot::rounded(Rounding r) {
    const mpfr_rnd_t rounding = mpfr_rounding(r);
    // The sum is exact whatever the mode, which only decides the sign of an exact zero.
    if (mpfr_zero_p(exact_)) exact_sum(exact_, false, rounding);
    if (mpfr_nan_p(exact_)) return binary_format(Format::binary64).canonical_nan;
    const ScopedExponentRange binary64(mpfr_emin(Format::binary64), mpfr_emax(Format::binary64));
    int inexact = mpfr_set(result_, exact_, rounding);
    inexact = mpfr_check_range(result_, inexact, rounding);
    mpfr_subnormalize(result_, inexact, rounding);
    return bits_of(mpfr_get_d(result_, rounding));
}

double MpfrDot::error_in_ulps(uint64_t result, uint64_t ulp_of) {
    const ScopedExponentRange widest;
    mpfr_set_d(difference_, double_of(result), MPFR_RNDN);
    mpfr_sub(difference_, difference_, exact_, MPFR_RNDN);  // exact: the precision holds both
    mpfr_abs(difference_, difference_, MPFR_RNDN);
    // The exponent of ulp_of's last bit: 2^-1074 for zero and subnormals.
    const int field = static_cast<int>((ulp_of >> 52) & 0x7ff);
    mpfr_mul_2si(difference_, difference_, -(field == 0 ? -1074 : field - 1075), MPFR_RNDN);
    return mpfr_get_d(difference_, MPFR_RNDN);
}

double MpfrDot::componentwise_error(uint64_t result) {
    const bool result_nan = b64::is_nan(result), result_infinite = b64::is_inf(result);
    if (mpfr_nan_p(exact_)) return result_nan ? 0.0 : kInfinity;
    if (mpfr_inf_p(exact_)) {
        const bool same = result_infinite && (mpfr_signbit(exact_) != 0) == ((result & b64::kSign) != 0);
        return same ? 0.0 : kInfinity;
    }
    if (result_nan || result_infinite) return kInfinity;
    exact_sum(magnitudes_, true, MPFR_RNDN);
    const ScopedExponentRange widest;
    mpfr_set(scale_, magnitudes_, MPFR_RNDN);  // one rounding of the exact sum, as mpfr_dot's
    mpfr_set_d(difference_, double_of(result), MPFR_RNDN);
    mpfr_sub(difference_, difference_, exact_, MPFR_RNDN);  // exact: the precision holds both
    mpfr_abs(difference_, difference_, MPFR_RNDN);
    if (mpfr_zero_p(scale_)) return mpfr_zero_p(difference_) ? 0.0 : kInfinity;
    mpfr_div(difference_, difference_, scale_, MPFR_RNDN);
    mpfr_mul_2si(difference_, difference_, 52, MPFR_RNDN);
    return mpfr_get_d(difference_, MPFR_RNDN);
}

}  // namespace fpv
