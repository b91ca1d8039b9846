#include "reference/mpfr_reference.h"

#include <limits>

namespace fpv {

MpfrReference::MpfrReference() : saved_emin_(mpfr_get_emin()), saved_emax_(mpfr_get_emax()) {
    mpfr_set_emin(mpfr_emin(Format::binary64));
    mpfr_set_emax(mpfr_emax(Format::binary64));
    for (int i = 0; i < kMaxOperands; ++i) load_binary64(operand64_[i], &operand_limbs_[i], 0);
    load_binary64(result64_, &result_limb_, 0);
    load_binary64(error64_, &error_limb_, 0);
    for (int i = 0; i < kMaxOperands; ++i) mpfr_init2(operand32_[i], binary_format(Format::binary32).precision);
    mpfr_inits2(binary_format(Format::binary32).precision, result32_, error32_, static_cast<mpfr_ptr>(nullptr));
    mpfr_inits2(binary_format(Format::binary64).error_precision, exact256_, diff256_, far256_,
                static_cast<mpfr_ptr>(nullptr));
    mpfr_inits2(binary_format(Format::binary32).error_precision, exact128_, diff128_, far128_,
                static_cast<mpfr_ptr>(nullptr));
    for (int i = 0; i < ffv::kMaxTerms; ++i) {
        load_binary64(terms_[i], &term_limbs_[i], 0);
        term_pointers_[i] = terms_[i];
    }
    mpfr_inits2(64, sum_exact_, sum_difference_, ratio_, static_cast<mpfr_ptr>(nullptr));
}

MpfrReference::~MpfrReference() {
    for (int i = 0; i < kMaxOperands; ++i) mpfr_clear(operand32_[i]);
    mpfr_clears(result32_, error32_, exact256_, diff256_, far256_, exact128_, diff128_, far128_, sum_exact_,
                sum_difference_, ratio_, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_emin(saved_emin_);
    mpfr_set_emax(saved_emax_);
}

// mpfr_sum of the terms into `into` (precision 64), round to nearest.
void MpfrReference::sum(mpfr_ptr into, const double* terms, int n) {
    for (int i = 0; i < n; ++i) load_binary64(terms_[i], &term_limbs_[i], bits_of(terms[i]));
    mpfr_sum(into, term_pointers_, static_cast<unsigned long>(n), MPFR_RNDN);
}

FloatFloatMeasure MpfrReference::finish_measure(bool quotient, const FloatFloatComponents& c) {
    FloatFloatMeasure m;
    m.exact = mpfr_get_d(sum_exact_, MPFR_RNDN);
    if (quotient) m.exact = m.exact / (static_cast<double>(c.yh) + c.yl);
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    if (!mpfr_number_p(sum_difference_)) {  // an infinite or NaN result: no finite error
        m.error_u2 = kInfinity;
        return m;
    }
    m.error_is_zero = mpfr_zero_p(sum_difference_) != 0;
    if (m.error_is_zero) return m;
    if (mpfr_zero_p(sum_exact_)) {
        m.error_u2 = kInfinity;
        return m;
    }
    mpfr_div(ratio_, sum_difference_, sum_exact_, MPFR_RNDN);
    mpfr_abs(ratio_, ratio_, MPFR_RNDN);
    mpfr_mul_2ui(ratio_, ratio_, 48, MPFR_RNDN);
    m.error_u2 = mpfr_get_d(ratio_, MPFR_RNDN);
    return m;
}

}  // namespace fpv
