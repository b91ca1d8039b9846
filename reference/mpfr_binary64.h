// Correctly rounded binary64 division by MPFR, with full IEEE semantics, and the error of any
// binary64 result in ulps of the exact quotient.
#pragma once

#include <mpfr.h>

#include <cstdint>

namespace fpv {

// Loads a binary64 bit pattern into a 53-bit custom-interface variable whose significand is
// `limb` (exact, including subnormals, signed zeros, infinities and NaN).
void load_binary64(mpfr_ptr v, mp_limb_t* limb, uint64_t bits);

// The bit pattern of a 53-bit variable that holds a binary64 value (after mpfr_subnormalize in
// the binary64 exponent range). NaN becomes kReferenceNaN.
uint64_t store_binary64(mpfr_srcptr v);

// Canonical quiet NaN returned where the exact result is NaN (MPFR has no payloads).
inline constexpr uint64_t kReferenceNaN = 0x7ff8000000000000ull;

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
    uint64_t quotient(uint64_t x, uint64_t y);

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
