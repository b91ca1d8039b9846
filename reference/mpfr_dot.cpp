#include "reference/mpfr_dot.h"

#include <limits>

#include "core/binary64.h"
#include "reference/mpfr_reference.h"

namespace fpv {
namespace {

// 2^1024 squared is below 2^2048, the least product 2^-2148, and 22 bits more hold the carries
// of 2^22 terms: 4,218 bits hold any such sum exactly.
constexpr mpfr_prec_t kExactBits = 4400;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

}  // namespace

MpfrDot::MpfrDot() {
    mpfr_init2(exact_, kExactBits);
    mpfr_init2(scale_, 64);
    mpfr_init2(difference_, kExactBits + 64);
    mpfr_init2(result_, 53);
}

MpfrDot::~MpfrDot() {
    for (__mpfr_struct& t : terms_) mpfr_clear(&t);
    mpfr_clear(exact_);
    mpfr_clear(scale_);
    mpfr_clear(difference_);
    mpfr_clear(result_);
}

void MpfrDot::grow(size_t n) {
    if (terms_.size() >= 4 * n) return;
    for (__mpfr_struct& t : terms_) mpfr_clear(&t);
    terms_.assign(4 * n, __mpfr_struct{});
    for (__mpfr_struct& t : terms_) mpfr_init2(&t, 53);
    a_.resize(n);
    b_.resize(n);
    abs_a_.resize(n);
    abs_b_.resize(n);
    for (size_t i = 0; i < n; ++i) {
        a_[i] = &terms_[i];
        b_[i] = &terms_[n + i];
        abs_a_[i] = &terms_[2 * n + i];
        abs_b_[i] = &terms_[3 * n + i];
    }
}

void MpfrDot::load(std::span<const uint64_t> a, std::span<const uint64_t> b) {
    const ScopedExponentRange widest;
    n_ = a.size();
    grow(n_);
    for (size_t i = 0; i < n_; ++i) {
        mpfr_set_d(a_[i], double_of(a[i]), MPFR_RNDN);  // exact: 53 bits hold any binary64
        mpfr_set_d(b_[i], double_of(b[i]), MPFR_RNDN);
        mpfr_abs(abs_a_[i], a_[i], MPFR_RNDN);
        mpfr_abs(abs_b_[i], b_[i], MPFR_RNDN);
    }
    exact_sum(MPFR_RNDN);
}

void MpfrDot::exact_sum(mpfr_rnd_t rounding) {
    // Products of subnormals lie far below binary64's range: the sum is taken in the widest one.
    const ScopedExponentRange widest;
    mpfr_dot(exact_, a_.data(), b_.data(), n_, rounding);
}

uint64_t MpfrDot::rounded(Rounding r) {
    const mpfr_rnd_t rounding = mpfr_rounding(r);
    // The sum is exact whatever the mode, which only decides the sign of an exact zero.
    if (mpfr_zero_p(exact_)) exact_sum(rounding);
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
    const ScopedExponentRange widest;
    mpfr_dot(scale_, abs_a_.data(), abs_b_.data(), n_, MPFR_RNDN);
    mpfr_set_d(difference_, double_of(result), MPFR_RNDN);
    mpfr_sub(difference_, difference_, exact_, MPFR_RNDN);  // exact: the precision holds both
    mpfr_abs(difference_, difference_, MPFR_RNDN);
    if (mpfr_zero_p(scale_)) return mpfr_zero_p(difference_) ? 0.0 : kInfinity;
    mpfr_div(difference_, difference_, scale_, MPFR_RNDN);
    mpfr_mul_2si(difference_, difference_, 52, MPFR_RNDN);
    return mpfr_get_d(difference_, MPFR_RNDN);
}

}  // namespace fpv
