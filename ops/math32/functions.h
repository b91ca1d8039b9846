// The binary32 math functions as ops: e^x ... pow(x, y), each correctly rounded to binary32 by
// MPFR (the authority) or, where this build has CORE-MATH, by CORE-MATH's proven correctly
// rounded function with MPFR cross-checking a sample of every run (ops/math32/core_math.h).
// A function is one FPV_MATH32_* line below: its op, its MPFR function, CORE-MATH's, CUDA's
// impls as built with nvcc's default flags and with -ftz=true (each claiming the CUDA C++
// Programming Guide's bound), and the host's glibc where glibc has the function (claiming the
// glibc manual's x86_64 bound). Claims, sources and what is left out: docs/math32.md.
#pragma once

#include <mpfr.h>

#include <array>
#include <cmath>

#include "core/impl_traits.h"
#include "core/op_traits.h"
#include "core/pair32.h"
#include "ops/binary32/cuda_functions.h"
#include "ops/math32/classes.h"
#include "ops/math32/core_math.h"
#include "ops/math32/intrinsic_claims.h"
#include "ops/math32/mutants.h"
#include "ops/math32/rounded_on_host.h"
#include "ops/math32/twin.h"
#include "reference/mpfr_reference.h"

namespace fpv::math32 {

inline constexpr std::string_view kGuide = "CUDA C++ Programming Guide, Mathematical Functions (binary32 table)";
// LLVM's offload conformance tests (llvm-project, offload/unittests/Conformance/README.md at
// 12100ac2b6f7, August 2025): NVIDIA's libdevice functions on an RTX 4000 Ada, the largest
// distance to the correctly rounded result in binary32 numbers, round to nearest, every input of
// the unary functions and 2^32 random pairs of the binary ones; the CUDA version is not stated.
#define FPV_LLVM(figure) "LLVM offload conformance (Aug 2025, " figure ")"
inline constexpr std::string_view kMathApi = "CUDA Math API, Single Precision Intrinsics";
inline constexpr std::string_view kPtxIsa = "PTX ISA 9.1, tanh.approx.f32 (9.7.3.22)";
inline constexpr std::string_view kGlibcManual = "GNU C Library manual, Errors in Math Functions (x86_64)";

// What every math32 op shares; its name, summary, key salt, reference and impls are its own.
struct Family {
    static constexpr Format result = Format::binary32;
    static constexpr Metric metric = Metric::correctly_rounded;
    static constexpr std::string_view testfloat = "";
    using exact_check = None;  // no integer certificate: a transcendental result is judged by its reference
    using host_error = None;
    using raw_chain = None;
    using products = None;
    using impls = TypeList<>;
    using commands = TypeList<>;
};

inline constexpr std::array<Operand, 1> kUnary{{{Format::binary32, "x"}}};
inline constexpr std::array<Operand, 2> kBinary{{{Format::binary32, "x"}, {Format::binary32, "y"}}};
inline constexpr std::array<Operand, 2> kQuotientAngle{{{Format::binary32, "y"}, {Format::binary32, "x"}}};

// 1/cbrt(x), IEEE 754-2019's rootn(x, -3): +-0 -> +-inf.
struct MpfrRcbrt {
    static int mpfr(mpfr_ptr out, const mpfr_srcptr* in, mpfr_rnd_t rounding) { return mpfr_rootn_si(out, in[0], -3, rounding); }
};

#if defined(__CUDACC__)
#define FPV_MATH32_DEVICE_1(fn) \
    __device__ static uint64_t run(uint64_t a) { return cudafn::word(::fn(cudafn::operand(a))); }
#define FPV_MATH32_DEVICE_2(fn)                                \
    __device__ static uint64_t run(uint64_t a, uint64_t b) { \
        return cudafn::word(::fn(cudafn::operand(a), cudafn::operand(b))); \
    }
#else
#define FPV_MATH32_DEVICE_1(fn)
#define FPV_MATH32_DEVICE_2(fn)
#endif

// CUDA's function `fn` (expf) as built with nvcc's defaults and with -ftz=true, both claiming the
// Guide's `ulps`; the variants are "expf" and "expf_ftz". `llvm`: the largest distance LLVM's
// offload conformance suite reports for CUDA's function (its table, kLlvmTable), "-" where it
// has none.
#define FPV_MATH32_CUDA(fn, arity, ulps, llvm)                                                                 \
    struct Cuda_##fn : DeviceImpl<NvccConfig::standard> {                                                      \
        static constexpr ImplSpec spec{.variant = #fn, .summary = #fn ", nvcc's default flags",                \
                                       .domain = "every input", .claim = #ulps " ulp", .bound = ulps,          \
                                       .bound_source = kGuide, .published = llvm};                             \
        FPV_MATH32_DEVICE_##arity(fn)                                                                          \
    };                                                                                                         \
    struct CudaFtz_##fn : DeviceImpl<NvccConfig::ieee_ftz> {                                                   \
        static constexpr ImplSpec spec{.variant = #fn "_ftz", .summary = #fn ", -ftz=true",                    \
                                       .domain = "every input", .claim = #ulps " ulp (FTZ)", .bound = ulps,    \
                                       .bound_source = kGuide, .ftz = true};                                   \
        FPV_MATH32_DEVICE_##arity(fn)                                                                          \
    };

// CUDA's intrinsic `fn` (__expf), variant "__expf", and the function `plain` (expf) built with
// --use_fast_math, which makes it the intrinsic with -ftz=true (variant "expf_fast_math"): both
// held to `source`'s statement of the intrinsic's error (the Math API's; the PTX ISA's for
// __tanhf, which the Math API leaves to the Guide's table), `rule`
// (ops/math32/intrinsic_claims.h), `text` in words. The Math API says most subnormal operands and
// results of the intrinsics are flushed to zero; built with nvcc's defaults on sm_90 they are
// not (__logf(2^-149) = -103.28), so the intrinsic is judged against the IEEE reference and the
// --use_fast_math build, which flushes, against the flush-to-zero one (`fast_ftz`), but where
// the instruction it becomes keeps subnormals whatever the flags (tanh.approx.f32, PTX ISA).
#define FPV_MATH32_INTRINSIC(fn, plain, arity, rule, text, source, fast_ftz)                               \
    struct Intrinsic_##plain : DeviceImpl<NvccConfig::standard> {                                           \
        static constexpr ImplSpec spec{.variant = #fn, .summary = #fn ", CUDA's intrinsic, nvcc's default flags", \
                                       .domain = "every input", .claim = text, .bound_source = source};        \
        FPV_HD static ClaimAt claim_at(const Operands& in) { return intrinsic::rule::at(in); }               \
        FPV_MATH32_DEVICE_##arity(fn)                                                                          \
    };                                                                                                         \
    struct FastMath_##plain : DeviceImpl<NvccConfig::fast_math> {                                           \
        static constexpr ImplSpec spec{.variant = #plain "_fast_math",                                      \
                                       .summary = fast_ftz ? #plain ", --use_fast_math (" #fn " with -ftz=true)"  \
                                                           : #plain ", --use_fast_math (" #fn ", subnormals kept)", \
                                       .domain = "every input", .claim = fast_ftz ? text " (FTZ)" : text,      \
                                       .bound_source = source, .ftz = fast_ftz};                               \
        FPV_HD static ClaimAt claim_at(const Operands& in) { return intrinsic::rule::at(in); }               \
        FPV_MATH32_DEVICE_##arity(plain)                                                                    \
    };

// The host's glibc function `fn` (expf) of `arity` arguments, variant "expf_glibc", claiming the
// manual's `ulps`.
#define FPV_MATH32_HOST_1(fn) \
    static uint64_t run(uint64_t a) { return bits_of(::fn(single(a))); }
#define FPV_MATH32_HOST_2(fn) \
    static uint64_t run(uint64_t a, uint64_t b) { return bits_of(::fn(single(a), single(b))); }
#define FPV_MATH32_GLIBC(fn, arity, ulps)                                                                      \
    struct Glibc_##fn : HostImpl {                                                                             \
        static constexpr ImplSpec spec{.variant = #fn "_glibc", .summary = #fn " of the host's glibc",         \
                                       .domain = "every input", .claim = #ulps " ulp", .bound = ulps,          \
                                       .bound_source = kGlibcManual};                                          \
        FPV_MATH32_HOST_##arity(fn)                                                                            \
    };

FPV_MATH32_CUDA(expf, 1, 2, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(exp2f, 1, 2, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(exp10f, 1, 2, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(expm1f, 1, 1, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(logf, 1, 1, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(log2f, 1, 1, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(log10f, 1, 2, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(log1pf, 1, 1, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(sinf, 1, 2, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(cosf, 1, 2, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(tanf, 1, 4, FPV_LLVM("3 ulp, exhaustive"))
FPV_MATH32_CUDA(sinpif, 1, 1, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(cospif, 1, 1, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(asinf, 1, 2, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(acosf, 1, 2, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(atanf, 1, 2, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(sinhf, 1, 3, FPV_LLVM("3 ulp, exhaustive"))
FPV_MATH32_CUDA(coshf, 1, 2, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(tanhf, 1, 2, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(asinhf, 1, 3, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(acoshf, 1, 4, FPV_LLVM("2 ulp, exhaustive"))
FPV_MATH32_CUDA(atanhf, 1, 3, FPV_LLVM("3 ulp, exhaustive"))
FPV_MATH32_CUDA(cbrtf, 1, 1, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(rcbrtf, 1, 1, "")
FPV_MATH32_CUDA(erff, 1, 2, FPV_LLVM("1 ulp, exhaustive"))
FPV_MATH32_CUDA(erfcf, 1, 4, "")
FPV_MATH32_CUDA(powf, 2, 4, FPV_LLVM("2 ulp, 2^32 random pairs"))
FPV_MATH32_CUDA(atan2f, 2, 3, FPV_LLVM("2 ulp, 2^32 random pairs"))
FPV_MATH32_CUDA(hypotf, 2, 3, FPV_LLVM("1 ulp, 2^32 random pairs"))

FPV_MATH32_INTRINSIC(__expf, expf, 1, ExpClaim, "2 + floor(|1.173 x|) ulp", kMathApi, true)
FPV_MATH32_INTRINSIC(__exp10f, exp10f, 1, Exp10Claim, "2 + floor(|2.97 x|) ulp", kMathApi, true)
FPV_MATH32_INTRINSIC(__logf, logf, 1, LogClaim, "absolute 2^-21.41 for x in [0.5, 2], 3 ulp elsewhere", kMathApi,
                     true)
FPV_MATH32_INTRINSIC(__log2f, log2f, 1, Log2Claim, "absolute 2^-22 for x in [0.5, 2], 2 ulp elsewhere", kMathApi,
                     true)
FPV_MATH32_INTRINSIC(__log10f, log10f, 1, Log10Claim, "absolute 2^-24 for x in [0.5, 2], 3 ulp elsewhere", kMathApi,
                     true)
FPV_MATH32_INTRINSIC(__sinf, sinf, 1, SinClaim, "absolute 2^-21.41 for x in [-pi, pi], none stated elsewhere",
                     kMathApi, true)
FPV_MATH32_INTRINSIC(__cosf, cosf, 1, CosClaim, "absolute 2^-21.19 for x in [-pi, pi], none stated elsewhere",
                     kMathApi, true)
FPV_MATH32_INTRINSIC(__tanf, tanf, 1, NoClaim, "none stated (derived from __sinf and __cosf)", kMathApi, true)
FPV_MATH32_INTRINSIC(__tanhf, tanhf, 1, TanhClaim, "relative 2^-11 everywhere", kPtxIsa, false)
FPV_MATH32_INTRINSIC(__powf, powf, 2, NoClaim, "none stated (derived from exp2f and __log2f)", kMathApi, true)

// glibc 2.36 has no sinpif, cospif or rcbrtf.
FPV_MATH32_GLIBC(expf, 1, 1)
FPV_MATH32_GLIBC(exp2f, 1, 1)
FPV_MATH32_GLIBC(exp10f, 1, 1)
FPV_MATH32_GLIBC(expm1f, 1, 1)
FPV_MATH32_GLIBC(logf, 1, 1)
FPV_MATH32_GLIBC(log2f, 1, 1)
FPV_MATH32_GLIBC(log10f, 1, 2)
FPV_MATH32_GLIBC(log1pf, 1, 1)
FPV_MATH32_GLIBC(sinf, 1, 1)
FPV_MATH32_GLIBC(cosf, 1, 1)
FPV_MATH32_GLIBC(tanf, 1, 1)
FPV_MATH32_GLIBC(asinf, 1, 1)
FPV_MATH32_GLIBC(acosf, 1, 1)
FPV_MATH32_GLIBC(atanf, 1, 1)
FPV_MATH32_GLIBC(sinhf, 1, 2)
FPV_MATH32_GLIBC(coshf, 1, 2)
FPV_MATH32_GLIBC(tanhf, 1, 2)
FPV_MATH32_GLIBC(asinhf, 1, 2)
FPV_MATH32_GLIBC(acoshf, 1, 2)
FPV_MATH32_GLIBC(atanhf, 1, 2)
FPV_MATH32_GLIBC(cbrtf, 1, 1)
FPV_MATH32_GLIBC(erff, 1, 1)
FPV_MATH32_GLIBC(erfcf, 1, 3)
FPV_MATH32_GLIBC(powf, 2, 1)
FPV_MATH32_GLIBC(atan2f, 2, 2)
FPV_MATH32_GLIBC(hypotf, 2, 1)

// CUDA's binary64 functions, the twins that judge the binary32 ones on the GPU.
FPV_MATH32_TWIN_1(exp)
FPV_MATH32_TWIN_1(exp2)
FPV_MATH32_TWIN_1(exp10)
FPV_MATH32_TWIN_1(expm1)
FPV_MATH32_TWIN_1(log)
FPV_MATH32_TWIN_1(log2)
FPV_MATH32_TWIN_1(log10)
FPV_MATH32_TWIN_1(log1p)
FPV_MATH32_TWIN_1(sin)
FPV_MATH32_TWIN_1(cos)
FPV_MATH32_TWIN_1(tan)
FPV_MATH32_TWIN_1(sinpi)
FPV_MATH32_TWIN_1(cospi)
FPV_MATH32_TWIN_1(asin)
FPV_MATH32_TWIN_1(acos)
FPV_MATH32_TWIN_1(atan)
FPV_MATH32_TWIN_1(sinh)
FPV_MATH32_TWIN_1(cosh)
FPV_MATH32_TWIN_1(tanh)
FPV_MATH32_TWIN_1(asinh)
FPV_MATH32_TWIN_1(acosh)
FPV_MATH32_TWIN_1(atanh)
FPV_MATH32_TWIN_1(cbrt)
FPV_MATH32_TWIN_1(rcbrt)
FPV_MATH32_TWIN_1(erf)
FPV_MATH32_TWIN_1(erfc)
FPV_MATH32_TWIN_2(pow)
FPV_MATH32_TWIN_2(atan2)
FPV_MATH32_TWIN_2(hypot)

#undef FPV_MATH32_CUDA
#undef FPV_MATH32_INTRINSIC
#undef FPV_LLVM
#undef FPV_MATH32_TWIN_1
#undef FPV_MATH32_TWIN_2
#undef FPV_MATH32_GLIBC
#undef FPV_MATH32_HOST_1
#undef FPV_MATH32_HOST_2
#undef FPV_MATH32_DEVICE_1
#undef FPV_MATH32_DEVICE_2

}  // namespace fpv::math32

namespace fpv::op {

// One op: `name` (exp32), what it computes, its key salt (a constant of its own), its MPFR
// reference, its fast reference, its GPU twin, its binary64 function on the host (`host64`, for
// its correctly rounded host impl `host_cr`, the parent of its mutants) with the magnitude from
// which its arguments count as large (`large_from`, where the lost-reduction mutant drops bits),
// the Annex F rule of its stated values, and its impls.
#define FPV_MATH32_OP(op, text, salt, arity_operands, classes_of, mpfr_reference, fast_reference, twin, host64,      \
                      large_from, stated, ...)                                                                       \
    struct op : math32::Family {                                                                                     \
        static constexpr std::string_view name = #op;                                                                \
        static constexpr std::string_view summary = text;                                                            \
        static constexpr auto operands = math32::arity_operands;                                                     \
        static constexpr uint64_t key_salt = uint64_t{salt} << 56;                                                   \
        using reference = mpfr_reference;                                                                            \
        using host_ieee = fast_reference;                                                                            \
        using binary64_twin = math32::Twin<math32::Twin64_##twin, math32::arity_operands.size()>;                    \
        using classes = math32::classes_of<op>;                                                                      \
        using special_values = math32::stated;                                                                       \
        using host_cr = math32::RoundedOnHost<op, host64, large_from>;                                              \
        using natives = TypeList<__VA_ARGS__, host_cr>;                                                              \
        using mutants = math32::Mutants<host_cr>;                                                                    \
    };
#define FPV_MATH32_UNARY(op, text, salt, mpfr_fn, fn, twin, large_from, ...)                                        \
    FPV_MATH32_OP(op, text, salt, kUnary, UnaryClasses, MpfrOfOne<mpfr_fn>, FPV_CORE_MATH_1(fn), twin,              \
                  math32::Glibc64Of1<&::twin>, large_from, AnnexFStates<1>, math32::Cuda_##fn, math32::CudaFtz_##fn, \
                  math32::Glibc_##fn __VA_OPT__(, ) __VA_ARGS__)
// A function that CUDA also has as an intrinsic: the intrinsic and the --use_fast_math build.
#define FPV_MATH32_UNARY_FAST(op, text, salt, mpfr_fn, fn, twin, large_from) \
    FPV_MATH32_UNARY(op, text, salt, mpfr_fn, fn, twin, large_from, math32::Intrinsic_##fn, math32::FastMath_##fn)

FPV_MATH32_UNARY_FAST(exp32, "e^x in binary32", 64, mpfr_exp, expf, exp, 0x41800000u)
FPV_MATH32_UNARY(exp2_32, "2^x in binary32", 65, mpfr_exp2, exp2f, exp2, 0x41800000u)
FPV_MATH32_UNARY_FAST(exp10_32, "10^x in binary32", 66, mpfr_exp10, exp10f, exp10, 0x40800000u)
FPV_MATH32_UNARY(expm1_32, "e^x - 1 in binary32", 67, mpfr_expm1, expm1f, expm1, 0x41800000u)
FPV_MATH32_UNARY_FAST(log32, "ln x in binary32", 68, mpfr_log, logf, log, 0x4b800000u)
FPV_MATH32_UNARY_FAST(log2_32, "log2 x in binary32", 69, mpfr_log2, log2f, log2, 0x4b800000u)
FPV_MATH32_UNARY_FAST(log10_32, "log10 x in binary32", 70, mpfr_log10, log10f, log10, 0x4b800000u)
FPV_MATH32_UNARY(log1p32, "ln(1 + x) in binary32", 71, mpfr_log1p, log1pf, log1p, 0x4b800000u)
FPV_MATH32_UNARY_FAST(sin32, "sin x in binary32", 72, mpfr_sin, sinf, sin, 0x49000000u)
FPV_MATH32_UNARY_FAST(cos32, "cos x in binary32", 73, mpfr_cos, cosf, cos, 0x49000000u)
FPV_MATH32_UNARY_FAST(tan32, "tan x in binary32", 74, mpfr_tan, tanf, tan, 0x49000000u)
FPV_MATH32_OP(sinpi32, "sin(pi x) in binary32", 75, kUnary, UnaryClasses, MpfrOfOne<mpfr_sinpi>,
              FPV_CORE_MATH_1(sinpif), sinpi, math32::SinPi64, 0x44800000u, AnnexFStates<1>, math32::Cuda_sinpif,
              math32::CudaFtz_sinpif)
FPV_MATH32_OP(cospi32, "cos(pi x) in binary32", 76, kUnary, UnaryClasses, MpfrOfOne<mpfr_cospi>,
              FPV_CORE_MATH_1(cospif), cospi, math32::CosPi64, 0x44800000u, AnnexFStates<1>, math32::Cuda_cospif,
              math32::CudaFtz_cospif)
FPV_MATH32_UNARY(asin32, "arcsin x in binary32", 77, mpfr_asin, asinf, asin, 0x3f000000u)
FPV_MATH32_UNARY(acos32, "arccos x in binary32", 78, mpfr_acos, acosf, acos, 0x3f000000u)
FPV_MATH32_UNARY(atan32, "arctan x in binary32", 79, mpfr_atan, atanf, atan, 0x40000000u)
FPV_MATH32_UNARY(sinh32, "sinh x in binary32", 80, mpfr_sinh, sinhf, sinh, 0x41800000u)
FPV_MATH32_UNARY(cosh32, "cosh x in binary32", 81, mpfr_cosh, coshf, cosh, 0x41800000u)
FPV_MATH32_UNARY_FAST(tanh32, "tanh x in binary32", 82, mpfr_tanh, tanhf, tanh, 0x40800000u)
FPV_MATH32_UNARY(asinh32, "arsinh x in binary32", 83, mpfr_asinh, asinhf, asinh, 0x49800000u)
FPV_MATH32_UNARY(acosh32, "arcosh x in binary32", 84, mpfr_acosh, acoshf, acosh, 0x49800000u)
FPV_MATH32_UNARY(atanh32, "artanh x in binary32", 85, mpfr_atanh, atanhf, atanh, 0x3f000000u)
FPV_MATH32_UNARY(cbrt32, "cube root of x in binary32", 86, mpfr_cbrt, cbrtf, cbrt, 0x49800000u)
FPV_MATH32_OP(rcbrt32, "1/cbrt(x) in binary32 (rootn(x, -3): +-0 -> +-inf)", 87, kUnary, UnaryClasses,
              math32::MpfrRcbrt, None, rcbrt, math32::RecipCbrt64, 0x49800000u, AnnexFStates<1>, math32::Cuda_rcbrtf,
              math32::CudaFtz_rcbrtf)
FPV_MATH32_UNARY(erf32, "erf x in binary32", 88, mpfr_erf, erff, erf, 0x3f800000u)
FPV_MATH32_UNARY(erfc32, "erfc x in binary32", 89, mpfr_erfc, erfcf, erfc, 0x40800000u)
FPV_MATH32_OP(pow32, "x^y in binary32", 90, kBinary, PowClasses, MpfrOfTwo<mpfr_pow>, FPV_CORE_MATH_2(powf), pow,
              math32::Glibc64Of2<&::pow>, 0x40000000u, PowAnnexFStates, math32::Cuda_powf, math32::CudaFtz_powf,
              math32::Glibc_powf, math32::Intrinsic_powf, math32::FastMath_powf)
FPV_MATH32_OP(atan2_32, "atan2(y, x) in binary32, the angle of the point (x, y)", 91, kQuotientAngle,
              RatioClasses, MpfrOfTwo<mpfr_atan2>, FPV_CORE_MATH_2(atan2f), atan2, math32::Glibc64Of2<&::atan2>,
              0x40000000u, AnnexFStates<2>, math32::Cuda_atan2f, math32::CudaFtz_atan2f, math32::Glibc_atan2f)
FPV_MATH32_OP(hypot32, "sqrt(x^2 + y^2) in binary32", 92, kBinary, RatioClasses, MpfrOfTwo<mpfr_hypot>,
              FPV_CORE_MATH_2(hypotf), hypot, math32::Glibc64Of2<&::hypot>, 0x40000000u, AnnexFStates<2>,
              math32::Cuda_hypotf, math32::CudaFtz_hypotf, math32::Glibc_hypotf)

#undef FPV_MATH32_UNARY
#undef FPV_MATH32_UNARY_FAST
#undef FPV_MATH32_OP

// The list of them, for ops/ops.h.
using Math32Ops = TypeList<exp32, exp2_32, exp10_32, expm1_32, log32, log2_32, log10_32, log1p32, sin32, cos32, tan32,
                           sinpi32, cospi32, asin32, acos32, atan32, sinh32, cosh32, tanh32, asinh32, acosh32, atanh32,
                           cbrt32, rcbrt32, erf32, erfc32, pow32, atan2_32, hypot32>;

}  // namespace fpv::op
