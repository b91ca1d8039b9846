#include "reference/mpfr_binary64.h"

#include <cmath>
#include <limits>

#include "corpus/binary64.h"
#include "kernels/portability.h"

namespace fpv {
namespace {

constexpr mpfr_prec_t kWidePrecision = 256;

}  // namespace

Binary64Divider::Binary64Divider() : saved_emin_(mpfr_get_emin()), saved_emax_(mpfr_get_emax()) {
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    load_binary64(x_, &x_limb_, 0);
    load_binary64(y_, &y_limb_, 0);
    load_binary64(q_, &q_limb_, 0);
    mpfr_inits2(53, wide_x_, wide_y_, wide_r_, static_cast<mpfr_ptr>(nullptr));
    mpfr_inits2(kWidePrecision, exact_, diff_, static_cast<mpfr_ptr>(nullptr));
}

Binary64Divider::~Binary64Divider() {
    mpfr_clears(wide_x_, wide_y_, wide_r_, exact_, diff_, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_emin(saved_emin_);
    mpfr_set_emax(saved_emax_);
}

double Binary64Divider::ulp_error(uint64_t x, uint64_t y, uint64_t result) {
    const ScopedExponentRange wide;  // exact values beyond binary64's range
    mpfr_set_d(wide_x_, double_of(x), MPFR_RNDN);
    mpfr_set_d(wide_y_, double_of(y), MPFR_RNDN);
    mpfr_div(exact_, wide_x_, wide_y_, MPFR_RNDN);
    const bool result_inf = b64::is_inf(result);
    if (mpfr_inf_p(exact_) || result_inf) {
        const bool same = mpfr_inf_p(exact_) && result_inf &&
                          (mpfr_signbit(exact_) != 0) == ((result & b64::kSign) != 0);
        return same ? 0.0 : std::numeric_limits<double>::infinity();
    }
    long ulp_exponent = -1074;  // ulp of zero and of subnormals
    if (!mpfr_zero_p(exact_)) {
        const long floor_log2 = static_cast<long>(mpfr_get_exp(exact_)) - 1;
        ulp_exponent = (floor_log2 < -1022 ? -1022 : floor_log2) - 52;
    }
    mpfr_set_d(wide_r_, double_of(result), MPFR_RNDN);  // exact: 53 bits, wide range
    mpfr_sub(diff_, wide_r_, exact_, MPFR_RNDN);
    mpfr_abs(diff_, diff_, MPFR_RNDN);
    mpfr_mul_2si(diff_, diff_, -ulp_exponent, MPFR_RNDN);
    return mpfr_get_d(diff_, MPFR_RNDN);
}

}  // namespace fpv
