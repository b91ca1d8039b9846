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

// Bounds of |r - q| / 2^quantum for every q within kTrust |d| of d, given |r - d| rounded once.
struct ErrorRange {
    double low = 0, high = 0;
};
FPV_HD FPV_INLINE ErrorRange error_range(double distance, int quantum) {
    const double e = rn::mul(distance, ulp_measure::power_of_two(-quantum));
    const double slack = rn::add(kErrorSlack, rn::mul(e, 0x1p-50));
    return {rn::sub(e, slack), rn::add(e, slack)};
}
// low > 2^-16: both bounds are normal, and floor(log2) is their bin of the error histograms
// (model/error_bins.h, error_bin).
FPV_HD FPV_INLINE bool in_one_bin(const ErrorRange& r) {
    return r.low > kErrorSlack / 2 && r.low <= r.high &&
           ulp_measure::exponent_of(r.low) == ulp_measure::exponent_of(r.high);
}
FPV_HD FPV_INLINE bool exact_difference(double a, double b, double& out) {
    const ulp_measure::Pair p = ulp_measure::two_sum(a, -b);
    out = p.hi;
    return p.lo == 0;
}

// Whether d lies so near a power of two that q, within kTrust |d| of it, may lie in either
// binade (2^-39 of the binade's width on either side).
FPV_HD FPV_INLINE bool near_power_of_two(double d) {
    constexpr uint64_t kNearPower = uint64_t{1} << 13;
    const uint64_t fraction = bits_of(d) & b64::kMantissaMask;
    return fraction < kNearPower || fraction > b64::kMantissaMask - kNearPower;
}

// |r - q| / ulp(q) for a binary32 result r, q the exact value that d approximates (ulp(q) =
// 2^(max(floor(log2 |q|), -126) - 23), as MPFR's measure takes it), given as an upper bound of
// that error rounded toward zero to binary64 (MPFR's measure), in the same histogram bin as the
// exact error: false where that bin is in doubt, and for zero, subnormal or
// non-finite d. Where d lies near a power of two P, q may lie below it (ulp half as large) or at
// or above it: each side that the trust allows bounds the error apart, clipped by P (below, q
// never reaches it), and the two must share a bin. A result one step below P for a value a hair
// below it (cos of a tiny x answered 1 - 2^-24 for 1) errs by just under 1 ulp below and just
// over 1/2 above: bin -1 either way.
FPV_HD FPV_INLINE bool error_in_ulps(double d, uint32_t r, double& error) {
    const uint64_t magnitude = bits_of(d) & ~b64::kSign;
    const int field = static_cast<int>(magnitude >> 52);
    if (field == 0 || field == 0x7ff) return false;
    const double wide = widen(r);
    const double distance = ulp_measure::magnitude(rn::sub(wide, d));
    const int power_field = (magnitude & b64::kMantissaMask) < (uint64_t{1} << 51) ? field : field + 1;
    const int above_quantum = binary32_quantum(power_field), below_quantum = binary32_quantum(power_field - 1);
    if (!near_power_of_two(d) || above_quantum == below_quantum) {
        const ErrorRange range = error_range(distance, binary32_quantum(field));
        if (!in_one_bin(range)) return false;
        error = range.high;
        return true;
    }
    // Near P, with r on d's side of zero: which sides the trust allows, each clipped by P.
    if (power_field >= 0x7ff || (bits_of(wide) ^ bits_of(d)) >> 63 != 0) return false;
    const double p = ulp_measure::power_of_two(power_field - 1023);
    const double a = ulp_measure::magnitude(wide), m = double_of(magnitude);
    double gap = 0, from_p = 0;
    if (!exact_difference(m, p, gap) || !exact_difference(a, p, from_p) || from_p == 0) return false;
    const double reach = rn::mul(rn::mul(m, kTrust), 1.0 + 0x1p-50);
    const bool below_possible = gap <= reach, above_possible = -gap <= reach;
    const double clip = ulp_measure::magnitude(from_p);
    ErrorRange below = error_range(distance, below_quantum), above = error_range(distance, above_quantum);
    const double below_edge = rn::mul(clip, ulp_measure::power_of_two(-below_quantum));
    const double above_edge = rn::mul(clip, ulp_measure::power_of_two(-above_quantum));
    if (from_p < 0) {  // r below P: below, q - r < P - r, never reached; above, q - r >= P - r
        below.high = below.high < below_edge ? below.high : ulp_measure::toward_zero_by_one(below_edge);
        above.low = above.low > above_edge ? above.low : above_edge;
    } else {  // r above P: below, r - q > r - P; above, r - q <= r - P
        below.low = below.low > below_edge ? below.low : below_edge;
        above.high = above.high < above_edge ? above.high : above_edge;
    }
    if ((below_possible && !in_one_bin(below)) || (above_possible && !in_one_bin(above))) return false;
    if (below_possible && above_possible) {
        if (ulp_measure::exponent_of(below.low) != ulp_measure::exponent_of(above.low)) return false;
        error = below.high > above.high ? below.high : above.high;
    } else {
        error = below_possible ? below.high : above.high;
    }
    return true;
}

// An upper bound of |r - q| itself, for claims of an absolute error: |r - d| rounded once,
// and d's own trust.
FPV_HD FPV_INLINE double absolute_error_bound(double d, uint32_t r) {
    const double distance = ulp_measure::magnitude(rn::sub(widen(r), d));
    const double trusted = rn::mul(ulp_measure::magnitude(d), kTrust);
    return rn::mul(rn::add(distance, trusted), 1.0 + 0x1p-50);
}
// And of |r - q| / |q|, from that bound: |q| is at least |d| (1 - kTrust).
FPV_HD FPV_INLINE double relative_error_bound(double d, double absolute) {
    const double least = rn::mul(ulp_measure::magnitude(d), 1.0 - 0x1p-39);
    return rn::mul(rn::div(absolute, least), 1.0 + 0x1p-50);
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
