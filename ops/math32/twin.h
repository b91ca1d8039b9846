// The GPU's judge of a binary32 math function (an op's binary64_twin trait): the same function
// in binary64 from CUDA's library, evaluated beside the impl, certifies the correctly rounded
// results and measures the others within their bound (reference/binary64_twin.h), so that a
// kernel keeps them to itself and hands the host only what it cannot settle. Never the function
// under test: CUDA's binary64 functions are implementations of their own.
//
// It declines, for the host's references: every operand that is a zero, an infinity, a NaN
// (but a unary function's NaN, which only NaN answers), a subnormal read as zero by a
// flush-to-zero build, or one of the Annex F table's values (ops/math32/classes.h), whose
// results Annex F states and MPFR or CORE-MATH judge; nonzero results at or below the least
// normal of flush-to-zero builds (tininess after rounding); and whatever lies near a rounding
// boundary.
// On the host it declines everything: the host's references are exact already.
#pragma once

#include <cstdint>

#include "core/formats.h"
#include "core/operands.h"
#include "core/portability.h"
#include "ops/math32/classes.h"
#include "reference/binary64_twin.h"
#include "reference/ulp_measure.h"

namespace fpv::math32 {

// Whether a binary32 operand is one that the twin leaves to the host.
FPV_HD FPV_INLINE bool left_to_host(uint32_t x, bool ftz) {
    const uint32_t magnitude = x & 0x7fffffffu;
    if (magnitude == 0 || magnitude >= 0x7f800000u) return true;
    if (ftz && magnitude < 0x00800000u) return true;
    for (unsigned i = 0; i < annex_f_value_size; ++i) {
        if (annex_f_value(i) == x) return true;
    }
    return false;
}

// Fn: a type with a __device__ static double eval(double) (or eval(double, double)), CUDA's
// binary64 function.
template <class Fn, int kArity>
struct Twin {
    static constexpr bool kCompact = false;

    FPV_HD static bool certifies([[maybe_unused]] const Operands& in, [[maybe_unused]] uint64_t result,
                                 [[maybe_unused]] Rounding rounding, [[maybe_unused]] bool ftz) {
#if defined(__CUDA_ARCH__)
        double d = 0;
        uint32_t c = 0;
        return evaluate(in, ftz, d) && twin::round_surely(d, rounding, c) && !(ftz && flush_in_doubt(c)) &&
               result == c;
#else
        return false;
#endif
    }

    // A result that is not correctly rounded: the correctly rounded one, the distance between
    // them in binary32 numbers, and the error in ulps as an upper bound in the exact error's bin.
    FPV_HD static bool measure([[maybe_unused]] const Operands& in, [[maybe_unused]] uint64_t result,
                               [[maybe_unused]] Rounding rounding, [[maybe_unused]] bool ftz,
                               [[maybe_unused]] ulp_measure::Measured& m) {
#if defined(__CUDA_ARCH__)
        double d = 0;
        uint32_t c = 0;
        if (result > 0xffffffffu || !evaluate(in, ftz, d) || !twin::round_surely(d, rounding, c)) return false;
        const uint32_t r = static_cast<uint32_t>(result);
        // A zero for a value that is not one (an approximation that loses a tiny result) is
        // measured too, its sign aside: the host counts any zero there as a zero for a number.
        const bool zero = (r & 0x7fffffffu) == 0;
        if (r == c || !(plain_result(r, ftz) || zero) || !plain_result(c, ftz)) return false;
        if (!twin::error_in_ulps(d, r, m.error)) return false;
        m.absolute = twin::absolute_error_bound(d, r);
        m.relative = twin::relative_error_bound(d, m.absolute);
        m.expected = c;
        m.steps = twin::steps_between(r, c, ftz);
        return true;
#else
        return false;
#endif
    }

    // A NaN operand of a unary function, or operands the twin reads whose value it finds a NaN
    // (a logarithm of a negative number): NaN is the only answer. A NaN operand of a function
    // of two arguments is left to the host (Annex F: pow(NaN, 0) = 1, hypot(inf, NaN) = inf).
    FPV_HD static bool requires_nan([[maybe_unused]] const Operands& in, [[maybe_unused]] bool ftz) {
#if defined(__CUDA_ARCH__)
        if constexpr (kArity == 1) {
            if (is_nan(Format::binary32, in.a)) return true;
        }
        double d = 0;
        return evaluate(in, ftz, d) && d != d;
#else
        return false;
#endif
    }

private:
    // What a flush-to-zero reference answers is in doubt for a correctly rounded result at or below
    // the least normal (tininess after rounding), but for a zero: a value that rounds to zero lies
    // below half the least subnormal (or is an exact zero), flushed or not (exp(-200), erfc(20),
    // sinpi(2^30) under -ftz=true).
    FPV_HD static bool flush_in_doubt(uint32_t v) {
        const uint32_t magnitude = v & 0x7fffffffu;
        return magnitude != 0 && magnitude <= 0x00800000u;
    }
    // Finite and nonzero, above the least normal in flush-to-zero builds.
    FPV_HD static bool plain_result(uint32_t v, bool ftz) {
        const uint32_t magnitude = v & 0x7fffffffu;
        return magnitude != 0 && magnitude < 0x7f800000u && !(ftz && magnitude <= 0x00800000u);
    }
#if defined(__CUDA_ARCH__)
    __device__ static bool evaluate(const Operands& in, bool ftz, double& d) {
        if (in.a > 0xffffffffu || left_to_host(static_cast<uint32_t>(in.a), ftz)) return false;
        if constexpr (kArity == 1) {
            d = Fn::eval(twin::widen(static_cast<uint32_t>(in.a)));
        } else {
            if (in.b > 0xffffffffu || left_to_host(static_cast<uint32_t>(in.b), ftz)) return false;
            d = Fn::eval(twin::widen(static_cast<uint32_t>(in.a)), twin::widen(static_cast<uint32_t>(in.b)));
        }
        return true;
    }
#endif
};

}  // namespace fpv::math32

// CUDA's binary64 function `fn` as a twin's Fn: Twin64_exp.
#if defined(__CUDACC__)
#define FPV_MATH32_TWIN_1(fn) \
    struct Twin64_##fn {      \
        __device__ static double eval(double x) { return ::fn(x); } \
    };
#define FPV_MATH32_TWIN_2(fn) \
    struct Twin64_##fn {      \
        __device__ static double eval(double x, double y) { return ::fn(x, y); } \
    };
#else
#define FPV_MATH32_TWIN_1(fn) \
    struct Twin64_##fn {};
#define FPV_MATH32_TWIN_2(fn) \
    struct Twin64_##fn {};
#endif
