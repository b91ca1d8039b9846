// Correctly rounded binary64 division by MPFR, with full IEEE semantics, and the error of any
// binary64 result in ulps of the exact quotient.
#pragma once

#include <mpfr.h>

#include <cstdint>

#include "corpus/binary64.h"
#include "kernels/portability.h"

namespace fpv {

// MPFR's exponent range set to [emin, emax] for the duration of a scope (the widest one by
// default, for exact values beyond any binary format), then restored.
class ScopedExponentRange {
public:
    ScopedExponentRange(mpfr_exp_t emin = mpfr_get_emin_min(), mpfr_exp_t emax = mpfr_get_emax_max())
        : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
        mpfr_set_emin(emin);
        mpfr_set_emax(emax);
    }
    ~ScopedExponentRange() {
        mpfr_set_emin(emin_);
        mpfr_set_emax(emax_);
    }
    ScopedExponentRange(const ScopedExponentRange&) = delete;
    ScopedExponentRange& operator=(const ScopedExponentRange&) = delete;

private:
    mpfr_exp_t emin_, emax_;
};

// Canonical quiet NaN returned where the exact result is NaN (MPFR has no payloads).
inline constexpr uint64_t kReferenceNaN = 0x7ff8000000000000ull;

// Loads a binary64 bit pattern into a 53-bit custom-interface variable whose significand is
// `limb` (exact, including subnormals, signed zeros, infinities and NaN).
inline void load_binary64(mpfr_ptr v, mp_limb_t* limb, uint64_t bits) {
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

// The bit pattern of a 53-bit variable that holds a binary64 value (after mpfr_subnormalize in
// the binary64 exponent range). NaN becomes kReferenceNaN.
inline uint64_t store_binary64(mpfr_srcptr v) {
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

// Per-thread MPFR state. Construction puts the thread's MPFR exponent range to binary64's
// (emin = -1073, emax = 1024, so that mpfr_subnormalize yields IEEE subnormals); destruction
// restores it. Not copyable: hold one per thread.
class Binary64Divider {
public:
    Binary64Divider();
    ~Binary64Divider();
    Binary64Divider(const Binary64Divider&) = delete;
    Binary64Divider& operator=(const Binary64Divider&) = delete;

    // The IEEE-754 quotient x/y rounded to nearest, ties to even, as a bit pattern.
    uint64_t quotient(uint64_t x, uint64_t y) {
        load_binary64(x_, &x_limb_, x);
        load_binary64(y_, &y_limb_, y);
        const int inexact = mpfr_div(q_, x_, y_, MPFR_RNDN);
        // Only quotients below 2^-1022 need rounding again to the subnormal grid.
        if (mpfr_regular_p(q_) && mpfr_get_exp(q_) <= -1022) mpfr_subnormalize(q_, inexact, MPFR_RNDN);
        return store_binary64(q_);
    }

    // |result - x/y| / ulp(x/y) for finite or infinite non-NaN quotients. ulp(v) is
    // 2^(max(floor(log2|v|), -1022) - 52) with the exponent unbounded above, so results at and
    // beyond overflow get finite errors; an infinite result for a finite quotient (or the wrong
    // infinity) has infinite error. Callers handle NaNs.
    double ulp_error(uint64_t x, uint64_t y, uint64_t result);

private:
    // Operands and quotient live in limbs of our own (MPFR's custom interface): loading a
    // binary64 value is then a shift, not a general conversion, which halves the reference's cost.
    mp_limb_t x_limb_ = 0, y_limb_ = 0, q_limb_ = 0;
    mpfr_t x_, y_, q_;                      // 53 bits, binary64 exponent range
    mpfr_t wide_x_, wide_y_, wide_r_;       // 53 bits, for error measurement
    mpfr_t exact_, diff_;                   // wide, for error measurement
    mpfr_exp_t saved_emin_, saved_emax_;
};

}  // namespace fpv
