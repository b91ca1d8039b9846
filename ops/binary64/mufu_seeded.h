// What the MUFU-seeded emulations of sqrt64, rsqrt64 and rcp64 share: taking the operand apart,
// the seed as a 64-bit fixed-point number, one Newton step for 1/a and for 1/sqrt(a) in fixed
// point, and the rounding of a result known to the half ulp (ops/sqrt64/emulated.h shows the
// whole scheme).
//
// The only floating-point operation is the seed instruction itself (rcp.approx.ftz.f64 or
// rsqrt.approx.ftz.f64; on the host their bit-exact models), everything else is 64-bit integer
// arithmetic with umul64hi: on a GPU with few FP64 units that is what replaces the FP64 unit,
// and the host and the device compute the same bits.
//
// Every emulation finds H = floor(v * 2^p), the exact result v in units of half its last place,
// in two steps: the refined approximation, biased down by half a unit, gives H0 in {H - 1, H}
// when its error is below half a unit; the sign of an exact integer residual of H0 + 1 then
// says which. The residual of H0 follows from that of H0 + 1 by one addition, so exactness
// costs nothing more. H's low bit and exactness are the round and sticky bits, which makes every
// rounding mode as cheap as the nearest.
//
// Why the error is far below half a unit. The seed's relative error is below 2^-20.03; one
// Newton step leaves about 1.5 * 2^-40, the second about 2^-78, so what remains is the
// truncation of the fixed-point products of the last step. For 1/a: a*y is floored at 2^-61,
// y*e at 2^-63, so |y - 1/a| < 1.25 * 2^-61, i.e. < 0.01 of a half unit (y * 2^54). For
// 1/sqrt(a): y^2 floored at 2^-62 (times a < 4: 2^-60), a*y^2 at 2^-60, so e is off by less than
// 2^-59, y*e/2 by 2^-60 (+ 2^-63): < 0.02 of a half unit; sqrt(a) = a*y, floored at 2^-61,
// multiplies that by a < 4: < 0.05 of a half unit (2 sqrt(A) = sqrt(a) * 2^53). Measured with
// MPFR at both ends of every seed cell: 0.0078, 0.0096 and 0.015. The margin also covers seeds
// far worse than the instruction's: from 2^-15 the second step still leaves below 2^-58.
#pragma once

#include "core/binary64.h"
#include "core/formats.h"
#include "core/portability.h"
#include "core/rsqrt_approx.h"
#include "ops/binary64/emulation.h"

namespace fpv::mufu_seeded {

using b64::is_nan;
using b64::kInfinity;
using b64::kMaxFinite;
using b64::kSign;
using binary64_emulation::kDefaultNan;  // x86's answer to the square root of a negative number
using binary64_emulation::kQuietBit;
inline constexpr uint64_t kMantissa = b64::kMantissaMask;
inline constexpr uint64_t kHiddenBit = b64::kMinNormal;

// A finite nonzero magnitude as m * 2^(e - 52), m in [2^52, 2^53): subnormals normalised,
// since the seed instructions flush them (they would answer for zero).
struct Normalised {
    uint64_t m;
    int32_t e;
};

FPV_HD FPV_INLINE Normalised normalise(uint64_t magnitude) {
    const int32_t field = static_cast<int32_t>(magnitude >> 52);
    if (field != 0) return {(magnitude & kMantissa) | kHiddenBit, field - 1023};
    const int shift = clz64(magnitude) - 11;
    return {magnitude << shift, -1022 - shift};
}

// A seed in [1/2, 1] as the fixed-point number y * 2^63: the instructions' results for the
// operands in [1, 4) that the emulations feed them lie there (exponent field 1022 or 1023).
FPV_HD FPV_INLINE uint64_t fixed_point_of_seed(uint64_t seed) {
    const int32_t field = static_cast<int32_t>(seed >> 52);
    return (((seed & kMantissa) | kHiddenBit) << 11) >> (1023 - field);
}

// y * e at y's scale, for a signed e small next to 1 given in units of 2^-kFraction (kFraction
// >= 60): the Newton correction, truncated toward zero.
template <int kFraction>
FPV_HD FPV_INLINE uint64_t scaled_correction(uint64_t y, int64_t e) {
    const uint64_t magnitude = umul64hi(y, static_cast<uint64_t>(wrapping_abs64(e)) << (64 - kFraction));
    return e < 0 ? 0 - magnitude : magnitude;
}

// One Newton step for 1/a: y <- y + y(1 - a y). a = a62 / 2^62 in [1, 2), y = y63 / 2^63.
// The error e becomes e^2 plus about 2^-61 of truncation.
FPV_HD FPV_INLINE uint64_t reciprocal_step(uint64_t a62, uint64_t y63) {
    const int64_t e = static_cast<int64_t>((uint64_t{1} << 61) - umul64hi(a62, y63));  // 2^-61 units
    return y63 + scaled_correction<61>(y63, e);
}

// One Newton step for 1/sqrt(a): y <- y + y(1 - a y^2)/2. a = a62 / 2^62 in [1, 4),
// y = y63 / 2^63. The error e becomes 3e^2/2 plus about 2^-60 of truncation.
FPV_HD FPV_INLINE uint64_t rsqrt_step(uint64_t a62, uint64_t y63) {
    const uint64_t y_squared = umul64hi(y63, y63);                                          // 2^-62 units
    const int64_t e = static_cast<int64_t>((uint64_t{1} << 60) - umul64hi(a62, y_squared));  // 2^-60 units
    return y63 + scaled_correction<61>(y63, e);  // e/2 in units of 2^-61
}

// What sqrt and 1/sqrt both start from: a positive finite nonzero x = m * 2^(e-52) normalised
// (or, for a mutant, a subnormal read as if it had the hidden bit), written as a * 2^e' with
// a = a62 / 2^62 in [1, 4) and e' = e - odd even, and y ~ 1/sqrt(a) * 2^63: the seed of
// rsqrt.approx.ftz.f64 (its host model) after two Newton steps.
struct RsqrtRefined {
    Normalised n;
    int odd;
    uint64_t a62;
    uint64_t y;
};

template <bool kSubnormalUnnormalised = false>
FPV_HD FPV_INLINE RsqrtRefined refined_rsqrt(uint64_t x) {
    const Normalised n = kSubnormalUnnormalised && (x >> 52) == 0 ? Normalised{x | kHiddenBit, -1022} : normalise(x);
    const int odd = n.e & 1;
    const uint64_t a62 = n.m << (10 + odd);  // a in [1, 4)
    const uint64_t seed = rsqrt_approx_ftz_f64_model((static_cast<uint64_t>(1023 + odd) << 52) | (n.m & kMantissa));
    uint64_t y = fixed_point_of_seed(seed);
    y = rsqrt_step(a62, y);
    y = rsqrt_step(a62, y);
    return {n, odd, a62, y};
}

// The direction the magnitude of a result of sign `negative` takes in mode R.
enum class Direction { nearest, down, up };

template <Rounding R>
FPV_HD FPV_INLINE constexpr Direction direction(bool negative) {
    if (R == Rounding::rn) return Direction::nearest;
    if (R == Rounding::rz) return Direction::down;
    return (R == Rounding::ru) != negative ? Direction::up : Direction::down;
}

// H = floor(v * 2^p) and whether v * 2^p = H exactly.
struct HalfUlps {
    uint64_t h;
    bool exact;
};

// The significand v rounded to units of 2 in direction d, from its floor H at the half unit:
// H's low bit is the round bit, inexactness the sticky bit. Ties go to even, though none of
// these ops has one (no square root, reciprocal or reciprocal square root of a binary64 is a
// midpoint).
FPV_HD FPV_INLINE uint64_t round_half_ulps(HalfUlps v, Direction d) {
    const uint64_t q = v.h >> 1, round = v.h & 1;
    switch (d) {
        case Direction::nearest: return q + (round & ((v.exact ? 0 : 1) | (q & 1)));
        case Direction::up: return q + (round | (v.exact ? 0 : 1));
        case Direction::down: break;
    }
    return q;
}

// A result beyond the largest finite number, for the direction its magnitude takes.
FPV_HD FPV_INLINE uint64_t overflowed(uint64_t sign, Direction d) {
    return sign | (d == Direction::down ? kMaxFinite : kInfinity);
}

}  // namespace fpv::mufu_seeded
