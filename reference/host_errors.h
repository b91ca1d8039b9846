// Errors in ulps measured exactly in the host's binary64 arithmetic, without MPFR, for the ops
// whose `host_error` trait names one. Each returns false where it cannot vouch for its answer,
// and MPFR measures those.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/formats.h"
#include "core/operands.h"
#include "reference/ulp_measure.h"

namespace fpv {

// |result - a| in binary64 ulps of a (2^(max(floor(log2|a|), -1022) - 52)) for the exact
// binary64 value of a binary32 a (f2d's metric); +inf for NaN, or an infinity mixed up.
inline double binary64_ulp_error(uint32_t a, uint64_t result) {
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    const float f = float_of(a);
    const double r = double_of(result);
    if (std::isnan(f) || std::isnan(r)) return kInfinity;
    if (std::isinf(f) || std::isinf(r)) return (std::isinf(f) && r == static_cast<double>(f)) ? 0.0 : kInfinity;
    // x = (double)f is exact, so r - x is one correctly rounded IEEE subtraction, whose error
    // (two_sum's) says whether it rounded away from zero, and MPFR's error is rounded toward
    // zero; scaling by a power of two is exact short of overflow, which gives +inf as MPFR would.
    const double x = f;
    int ulp_exponent = -1074;
    if (x != 0) ulp_exponent = std::max(std::ilogb(x), -1022) - 52;
    const ulp_measure::Pair difference = ulp_measure::two_sum(r, -x);
    double truncated = std::fabs(difference.hi);
    if (difference.lo != 0 && (difference.lo < 0) != (difference.hi < 0)) {
        truncated = ulp_measure::toward_zero_by_one(truncated);
    }
    return std::ldexp(truncated, -ulp_exponent);
}

// The conversion of a binary32 to binary64: its error is always exact in the host's arithmetic.
struct WidenedError {
    static constexpr bool replaces_mpfr = true;
    static bool ulp_error(const Operands& in, uint64_t result, bool, double& error) {
        error = binary64_ulp_error(static_cast<uint32_t>(in.a), result);
        return true;
    }
};

// A binary32 quotient x/y (with kReciprocal, 1/a), subnormal operands included: r - x/y from
// its exact residual (ulp_measure::quotient_deviation), rounded once toward zero as MPFR rounds
// the error.
// Used with the fast reference; MPFR checks a sample.
template <bool kReciprocal>
struct QuotientResidualError {
    static constexpr bool replaces_mpfr = false;
    static bool ulp_error(const Operands& in, uint64_t result, bool ftz, double& error) {
        uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
        if (ftz) {
            a = static_cast<uint32_t>(flush_subnormal(Format::binary32, a));
            b = static_cast<uint32_t>(flush_subnormal(Format::binary32, b));
        }
        const double x = kReciprocal ? 1.0 : static_cast<double>(float_of(a));
        const double y = static_cast<double>(float_of(kReciprocal ? a : b));
        const double r = float_of(static_cast<uint32_t>(result));
        if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(r) || x == 0 || y == 0) return false;
        double deviation = 0;
        if (!ulp_measure::quotient_deviation(x, y, r, deviation)) return false;
        // The quotient x/y of two binary32 never rounds up to a power of two in binary64 (it is
        // at least 2^-25 away from one, relatively), so its binary64 exponent is floor(log2 |x/y|).
        const int ulp_exponent = std::max(std::ilogb(x / y), -126) - 23;
        error = std::ldexp(std::fabs(deviation), -ulp_exponent);
        return true;
    }
};

}  // namespace fpv
