// Binary32 verdicts from the same function evaluated in binary64 beside the impl: the GPU's
// fast reference for math functions (ops/math32/twin.h). The evaluation is trusted to within
// kTrust of its value, 2^11 times the largest error NVIDIA documents for its binary64 functions
// (5 ulps, erfc); a binary32 rounding that every value in that interval shares is the correctly
// rounded result, and the distance of a result that is not correctly rounded, in ulps of the
// exact value, is known to within kErrorSlack, enough to place it in its bin of the error
// histogram (model/error_bins.h) exactly as MPFR's measure would. Anything closer to a rounding
// boundary, a power of two or a bin's edge declines, and the host's references judge it; MPFR
// re-judges a sample of what was decided here (reference/reference_mode.h, exact_sampled).
// That trust is NVIDIA's documented bound, not a proof: docs/math32.md says so.
#pragma once

#include <cstdint>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/portability.h"
#include "core/rn_arith.h"
#include "reference/ulp_measure.h"

namespace fpv::twin {

inline constexpr double kTrust = 0x1p-40;
// |d - q| <= kTrust |d| < 2^-16 ulp(q) for |d| < 2^24 ulp(q); the result's difference from d
// rounds once more (2^-52 of it, added separately).
inline constexpr double kErrorSlack = 0x1p-15;

// A binary32 pattern as the binary64 of the same value, subnormals included, from integer
// arithmetic alone: a flush-to-zero build would flush a binary32 conversion.
FPV_HD FPV_INLINE double widen(uint32_t bits) {
    const uint32_t field = (bits >> 23) & 0xffu;
    const uint64_t sign = uint64_t{bits & 0x80000000u} << 32;
    if (field != 0) {
        return double_of(sign | uint64_t{field - 127 + 1023} << 52 | uint64_t{bits & 0x7fffffu} << 29);
    }
    const double magnitude = rn::mul(static_cast<double>(bits & 0x7fffffu), 0x1p-149);  // exact
    return double_of(sign | bits_of(magnitude));
}

// log2 of a binary32 ulp at a binary64 of exponent field `field`: 2^-149 below 2^-126 (MPFR's
// ulp of subnormals and of zero, as the measure takes it).
FPV_HD FPV_INLINE int binary32_quantum(int field) {
    const int exponent = field - 1023;
    return (exponent < -126 ? -126 : exponent) - 23;
}

// The binary32 rounding of every value within kTrust |d| of d, in `rounding`, where they all
// share one: false near a rounding boundary (a midpoint to nearest, a binary32 number in the
// directed modes), for NaNs, and for zeros except to nearest (a zero's sign is d's: the value
// lies below every binary32 number but zero, or is an exact zero). An infinity stands for a
// value beyond binary64's range, far beyond binary32's.
FPV_HD FPV_INLINE bool round_surely(double d, Rounding rounding, uint32_t& out) {
    const uint64_t bits = bits_of(d);
    const bool negative = (bits & b64::kSign) != 0;
    const uint32_t sign = negative ? 0x80000000u : 0u;
    const uint64_t magnitude = bits & ~b64::kSign;
    if (magnitude > b64::kInfinity) return false;
    if (magnitude == 0) {
        if (rounding != Rounding::rn) return false;
        out = sign;
        return true;
    }
    const bool away = rounding == Rounding::ru ? !negative : rounding == Rounding::rd && negative;
    const bool nearest = rounding == Rounding::rn;
    const int field = static_cast<int>(magnitude >> 52);
    if (field >= 1023 + 128) {  // at least 2^128: beyond binary32's largest and its midpoint
        out = sign | (nearest || away ? 0x7f800000u : 0x7f7fffffu);
        return true;
    }
    // In units of the binary32 quantum at d (2^-149 below 2^-126): t < 2^24, exact.
    const int quantum = binary32_quantum(field);
    const double t = rn::mul(double_of(magnitude), ulp_measure::power_of_two(-quantum));
    const uint64_t n = static_cast<uint64_t>(t);
    const double fraction = rn::sub(t, static_cast<double>(n));
    const double doubt = rn::add(rn::mul(t, kTrust), 0x1p-900);
    uint64_t chosen = n;
    if (nearest) {
        const double from_half = rn::sub(fraction, 0.5);
        if (!(from_half > doubt || from_half < -doubt)) return false;
        chosen = from_half > 0 ? n + 1 : n;
    } else {
        if (!(fraction > doubt && rn::sub(1.0, fraction) > doubt)) return false;
        chosen = away ? n + 1 : n;
    }
    // Carrying into the next binade (n + 1 = 2^24) and from the largest finite to infinity
    // come out of the same addition.
    out = sign | static_cast<uint32_t>((static_cast<uint64_t>(quantum + 149) << 23) + chosen);
    return true;
}

// How many binary32 numbers lie between two finite patterns (the zeros as one number); under
// `ftz` only the zeros and the normal numbers count (reference/classify.h, flushed_steps).
FPV_HD FPV_INLINE int64_t steps_between(uint32_t a, uint32_t b, bool ftz = false) {
    const auto ordinal = [ftz](uint32_t v) {
        int64_t m = v & 0x7fffffffu;
        if (ftz && m >= 0x00800000) m -= 0x007fffff;
        return (v & 0x80000000u) != 0 ? -m : m;
    };
    const int64_t d = ordinal(a) - ordinal(b);
    return d < 0 ? -d : d;
}

// |r - q| / ulp(q) for a binary32 result r, q the exact value that d approximates (ulp(q) =
// 2^(max(floor(log2 |q|), -126) - 23), as MPFR's measure takes it), given as an upper bound that
// lies in the same histogram bin as the exact error: false where that bin is in doubt, where d
// lies within kTrust of a power of two (q's binade in doubt), and for zero, subnormal or
// non-finite d.
FPV_HD FPV_INLINE bool error_in_ulps(double d, uint32_t r, double& error) {
    const uint64_t magnitude = bits_of(d) & ~b64::kSign;
    const int field = static_cast<int>(magnitude >> 52);
    if (field == 0 || field == 0x7ff) return false;
    const uint64_t fraction = magnitude & b64::kMantissaMask;
    constexpr uint64_t kNearPower = uint64_t{1} << 13;  // 2^-39 of the binade
    if (fraction < kNearPower || fraction > b64::kMantissaMask - kNearPower) return false;
    const int quantum = binary32_quantum(field);
    const double distance = rn::sub(widen(r), d);
    const double e = rn::mul(ulp_measure::magnitude(distance), ulp_measure::power_of_two(-quantum));
    const double slack = rn::add(kErrorSlack, rn::mul(e, 0x1p-50));
    const double low = rn::sub(e, slack), high = rn::add(e, slack);
    // low > 2^-16 here: both are normal, and floor(log2) is their bin of the error histograms
    // (model/error_bins.h, error_bin).
    if (!(low > kErrorSlack / 2) || ulp_measure::exponent_of(low) != ulp_measure::exponent_of(high)) return false;
    error = high;
    return true;
}

// Whether |r - q| <= bound for a result whose error error_in_ulps measured (`error`, an upper
// bound of |r - q| / ulp(q)), c the correctly rounded result: q lies in c's binade, ulp(q) =
// 2^(max(e, -126) - 23), but where c is a power of two, which q may lie just below: false there,
// and the host's references decide.
FPV_HD FPV_INLINE bool absolutely_within(double error, uint32_t c, double bound) {
    const uint32_t field = (c >> 23) & 0xffu;
    if ((c & 0x7fffffu) == 0 && field != 0) return false;
    const int ulp_exponent = (field == 0 ? 1 : static_cast<int>(field)) - 127 - 23;
    return error * ulp_measure::power_of_two(ulp_exponent) <= bound;
}

// What the twin decided on an input of MPFR's sample (exact_sampled), sent to the host with the
// result so that MPFR's verdict can be compared with it: a binary32 result fills the low half of
// its word, and the high half carries the decision, zero where the twin decided nothing, else
// the decided flag (bit 31) over the binary32 of the measured error (0: certified correctly
// rounded), rounded to nearest: 2^-24 of it, which the host's comparison allows for (ops/judge.h,
// twin_agrees), as it does for an error beyond binary32's range sent as infinity.
inline constexpr uint32_t kDecided = 0x80000000u;

FPV_HD FPV_INLINE uint64_t with_decision(uint64_t result, double error) {
    const uint32_t high = kDecided | (bits_of(static_cast<float>(error)) & 0x7fffffffu);
    return (result & 0xffffffffu) | uint64_t{high} << 32;
}

// The twin's decision carried by a handed word: false where there is none; `error` 0 for a
// result it certified, else the error it measured.
FPV_HD FPV_INLINE bool decision_of(uint64_t word, double& error) {
    const uint32_t high = static_cast<uint32_t>(word >> 32);
    if ((high & kDecided) == 0) return false;
    error = static_cast<double>(float_of(high & 0x7fffffffu));
    return true;
}

}  // namespace fpv::twin
