// CORE-MATH's binary32 functions (correctly rounded in every rounding mode, proven), the fast
// reference of the math32 ops where this build has them: the Makefile compiles them from
// CORE_MATH_DIR (../shared/third_party/core-math by default, used by path, never copied) and
// defines FPV_WITH_CORE_MATH. Without it the math32 ops are judged by MPFR alone, and `list ops`
// and every run say so. MPFR stays the authority: a fast reference is cross-checked against it on
// a fixed sample of every run (reference/rounded_verdict.h), MPFR winning a disagreement.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/op_traits.h"
#include "core/pair32.h"

#if defined(FPV_WITH_CORE_MATH)
extern "C" {
float cr_expf(float), cr_exp2f(float), cr_exp10f(float), cr_expm1f(float);
float cr_logf(float), cr_log2f(float), cr_log10f(float), cr_log1pf(float);
float cr_sinf(float), cr_cosf(float), cr_tanf(float), cr_sinpif(float), cr_cospif(float);
float cr_asinf(float), cr_acosf(float), cr_atanf(float);
float cr_sinhf(float), cr_coshf(float), cr_tanhf(float), cr_asinhf(float), cr_acoshf(float), cr_atanhf(float);
float cr_cbrtf(float), cr_erff(float), cr_erfcf(float);
float cr_powf(float, float), cr_atan2f(float, float), cr_hypotf(float, float);
}
#endif

namespace fpv::math32 {

inline constexpr bool kWithCoreMath =
#if defined(FPV_WITH_CORE_MATH)
    true;
#else
    false;
#endif

// A CORE-MATH function as an op's host_ieee trait: it rounds by the thread's FPU rounding mode,
// which the caller sets (core/host_rounding.h). NaN results are compared as NaNs: the reference's
// payload is MPFR's one NaN. Software, not the FPU's own arithmetic: MPFR confirms every result
// it calls wrong (reference/rounded_verdict.h, confirm_failures).
template <float (*F)(float)>
struct CoreMathOfOne {
    static constexpr std::string_view name = "CORE-MATH";
    static constexpr bool canonical_nan = true;
    static constexpr bool confirm_failures = true;
    static uint64_t eval(const Operands& in) { return bits_of(F(single(in.a))); }
};
template <float (*F)(float, float)>
struct CoreMathOfTwo {
    static constexpr std::string_view name = "CORE-MATH";
    static constexpr bool canonical_nan = true;
    static constexpr bool confirm_failures = true;
    static uint64_t eval(const Operands& in) { return bits_of(F(single(in.a), single(in.b))); }
};

}  // namespace fpv::math32

// The fast reference of a function CORE-MATH has, or None in a build without CORE-MATH.
#if defined(FPV_WITH_CORE_MATH)
#define FPV_CORE_MATH_1(fn) ::fpv::math32::CoreMathOfOne<&::cr_##fn>
#define FPV_CORE_MATH_2(fn) ::fpv::math32::CoreMathOfTwo<&::cr_##fn>
#else
#define FPV_CORE_MATH_1(fn) ::fpv::None
#define FPV_CORE_MATH_2(fn) ::fpv::None
#endif
