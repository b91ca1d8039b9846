#include "reference/mpfr_binary64.h"

#include <cmath>
#include <limits>

#include "corpus/binary64.h"
#include "kernels/portability.h"

namespace fpv {
namespace {

constexpr mpfr_prec_t kWidePrecision = 256;

// Temporarily the widest exponent range, for exact values beyond binary64's.
class WideExponentRange {
public:
    WideExponentRange() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
        mpfr_set_emin(mpfr_get_emin_min());
        mpfr_set_emax(mpfr_get_emax_max());
    }
    ~WideExponentRange() {
        mpfr_set_emin(emin_);
        mpfr_set_emax(emax_);
    }
    WideExponentRange(const WideExponentRange&) = delete;
    WideExponentRange& operator=(const WideExponentRange&) = delete;

private:
    mpfr_exp_t emin_, emax_;
};

}  // namespace

void load_binary64(mpfr_ptr v, mp_limb_t* limb, uint64_t bits) {
    const int sign = (bits & b64::kSign) != 0 ? -1 : 1;
    const uint64_t magnitude = bits & ~b64::kSign;
    if (magnitude >= b64::kInfinity) {
        const int kind = magnitude == b64::kInfinity ? MPFR_INF_KIND : MPFR_NAN_KIND;
        mpfr_custom_init_set(v, sign * kind, 0, 53, limb);
        return;
    }
    if (magnitude == 0) {
        mpfr_custom_init_set(v, sign * MPFR_ZERO_KIND, 0, 53, limb);
        return;
    }
    // value = significand * 2^lsb = (limb / 2^64) * 2^(lsb + 1 + top), limb normalised.
    const b64::Decomposed d = b64::decompose(magnitude);
    const int top = 63 - clz64(d.significand);
    *limb = static_cast<mp_limb_t>(d.significand << (63 - top));
    mpfr_custom_init_set(v, sign * MPFR_REGULAR_KIND, d.lsb_exponent + 1 + top, 53, limb);
}

uint64_t store_binary64(mpfr_srcptr v) {
    const int kind = mpfr_custom_get_kind(v);
    const uint64_t sign = kind < 0 ? b64::kSign : 0;
    switch (kind < 0 ? -kind : kind) {
        case MPFR_NAN_KIND: return kReferenceNaN;
        case MPFR_INF_KIND: return sign | b64::kInfinity;
        case MPFR_ZERO_KIND: return sign;
        default: break;
    }
    const long e = static_cast<long>(mpfr_custom_get_exp(v));  // value = 0.1xxx * 2^e
    const uint64_t limb = *static_cast<const mp_limb_t*>(mpfr_custom_get_significand(v));
    if (e - 1 >= b64::kMinExponent) {
        return sign | (static_cast<uint64_t>(e - 1 + 1023) << 52) | ((limb >> 11) & b64::kMantissaMask);
    }
    return sign | (limb >> (-e - 1010));  // subnormal: limb * 2^(e - 64) / 2^-1074
}

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

uint64_t Binary64Divider::quotient(uint64_t x, uint64_t y) {
    load_binary64(x_, &x_limb_, x);
    load_binary64(y_, &y_limb_, y);
    const int inexact = mpfr_div(q_, x_, y_, MPFR_RNDN);
    // Only quotients below 2^-1022 need rounding again to the subnormal grid.
    if (mpfr_regular_p(q_) && mpfr_get_exp(q_) <= -1022) mpfr_subnormalize(q_, inexact, MPFR_RNDN);
    return store_binary64(q_);
}

double Binary64Divider::ulp_error(uint64_t x, uint64_t y, uint64_t result) {
    const WideExponentRange wide;
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
