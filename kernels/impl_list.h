// The implementations under test, as X-macro lists so that the host catalogue and the GPU
// kernels are generated from one place. Each entry:
//   X(op, variant, function, "what it is", "valid input domain", "accuracy claim")
// names the impl "op.variant". `function` maps the operands (two 64-bit words, see
// corpus/operands.h) to the result's bits.
#pragma once

#include "kernels/div64_emulated.h"
#include "kernels/div64_native.h"
#include "kernels/f2d_impls.h"
#include "kernels/ff_impls.h"
#include "kernels/mutants.h"

// Source that compiles for both the host and the device: all impls but the natives.
#define FPV_PORTABLE_IMPLS(X) FPV_DIV64_PORTABLE_IMPLS(X) FPV_FF_IMPLS(X) FPV_F2D_IMPLS(X)

#define FPV_F2D_IMPLS(X)                                                                       \
    X(f2d, shift_xor, ::fpv::f2d::shift_xor,                                                   \
      "bit manipulation: ((ia >> 3) ^ ia) & 0x07ffffff ^ ia, ia << 29 (seed 001, first variant)", \
      "+-[2^-15, 2^17), zero, infinity, NaN (documented)", "exact")                            \
    X(f2d, byte_perm, ::fpv::f2d::byte_permute,                                                \
      "bit manipulation with __byte_perm(ia >> 3, ia, 0x7210), ia << 29 (seed 001)",           \
      "+-[2^-1, 2^3), zero, infinity, NaN (documented)", "exact")                              \
    X(f2d, native, ::fpv::f2d::native, "the native conversion (double)f", "every binary32",   \
      "exact")

#define FPV_DIV64_PORTABLE_IMPLS(X)                                                            \
    X(div64, emu_halley, ::fpv::div64::emu_halley,                                             \
      "integer emulation, one Halley refinement of the rcp.approx seed (the published default)", \
      "all binary64 operands", "correctly rounded (claimed)")                                  \
    X(div64, emu_nr, ::fpv::div64::emu_nr,                                                     \
      "integer emulation, two Newton-Raphson refinements of the rcp.approx seed",              \
      "all binary64 operands", "correctly rounded (claimed)")

// The float-float domain (reference/judge_ff.h): finite, normalised operands with high parts in
// [2^-30, 2^30] and an exact result that is 0 or in [2^-60, 2^62].
#define FPV_FF_DOMAIN "finite normalised operands, high parts in [2^-30, 2^30], result 0 or in [2^-60, 2^62]"
#define FPV_FF_IMPLS(X)                                                                        \
    X(eft_add, two_sum, ::fpv::ff::eft_two_sum, "2Sum (Moller-Knuth; the seed's Add12)",       \
      FPV_FF_DOMAIN, "exact")                                                                   \
    X(eft_add, fast_two_sum, ::fpv::ff::eft_fast_two_sum, "Fast2Sum (Dekker)",                  \
      FPV_FF_DOMAIN ", and |a| >= |b|", "exact")                                               \
    X(eft_mul, two_prod_split, ::fpv::ff::eft_two_prod_split,                                  \
      "Dekker's product by Veltkamp splitting (the seed's Mul12)", FPV_FF_DOMAIN, "exact")     \
    X(eft_mul, two_prod_fma, ::fpv::ff::eft_two_prod_fma, "Fast2Mult with one FMA",           \
      FPV_FF_DOMAIN, "exact")                                                                   \
    X(eft_split, veltkamp, ::fpv::ff::eft_split, "Veltkamp's split, C = 2^12 + 1 (the seed's Split)", \
      FPV_FF_DOMAIN, "exact, halves of at most 12 bits")                                       \
    X(ff_add, add22, ::fpv::ff::add22, "the seed's Add22 (Da Graca and Defour 2006), as printed", \
      FPV_FF_DOMAIN, "|error| <= max(2^-24 |al + bl|, 2^-44 |x + y|): no relative bound")     \
    X(ff_add, sloppy, ::fpv::ff::sloppy_add, "SloppyDWPlusDW (JMP17 Algorithm 5)", FPV_FF_DOMAIN, \
      "no relative bound")                                                                     \
    X(ff_add, accurate, ::fpv::ff::accurate_add, "AccurateDWPlusDW (JMP17 Algorithm 6)",       \
      FPV_FF_DOMAIN, "3u^2/(1-4u)")                                                            \
    X(ff_add_f, dw_plus_fp, ::fpv::ff::plus_fp, "DWPlusFP (JMP17 Algorithm 4)", FPV_FF_DOMAIN, \
      "2u^2")                                                                                  \
    X(ff_mul_f, dw_times_fp1, ::fpv::ff::times_fp1, "DWTimesFP1 (JMP17 Algorithm 7), Fast2Mult", \
      FPV_FF_DOMAIN, "1.5u^2 + 4u^3")                                                          \
    X(ff_mul_f, dw_times_fp2, ::fpv::ff::times_fp2, "DWTimesFP2 (JMP17 Algorithm 8), Fast2Mult", \
      FPV_FF_DOMAIN, "3u^2")                                                                   \
    X(ff_mul_f, dw_times_fp3, ::fpv::ff::times_fp3, "DWTimesFP3 (JMP17 Algorithm 9), FMA",     \
      FPV_FF_DOMAIN, "2u^2")                                                                   \
    X(ff_mul, mul22, ::fpv::ff::mul22_printed,                                                  \
      "the seed's Mul22 exactly as printed (renormalises t2, drops t3)", FPV_FF_DOMAIN, "2^-44 = 16u^2") \
    X(ff_mul, mul22_corrected, ::fpv::ff::mul22_corrected,                                     \
      "the seed's Mul22 with Add12(t1, t3)", FPV_FF_DOMAIN, "2^-44 = 16u^2")                   \
    X(ff_mul, dw_times_dw1, ::fpv::ff::times_dw1, "DWTimesDW1 (JMP17 Algorithm 10), Fast2Mult", \
      FPV_FF_DOMAIN, "5u^2 (MR22, ties to even)")                                              \
    X(ff_mul, dw_times_dw2, ::fpv::ff::times_dw2, "DWTimesDW2 (JMP17 Algorithm 11), FMA",      \
      FPV_FF_DOMAIN, "5u^2 (MR22)")                                                            \
    X(ff_mul, dw_times_dw3, ::fpv::ff::times_dw3, "DWTimesDW3 (JMP17 Algorithm 12), FMA",      \
      FPV_FF_DOMAIN, "4u^2 (MR22)")                                                            \
    X(ff_div_f, dw_div_fp3_fma, ::fpv::ff::div_fp3_fma, "DWDivFP3 (JMP17 Algorithm 15) with Fast2Mult (FMA)", \
      FPV_FF_DOMAIN, "3u^2")                                                                   \
    X(ff_div_f, dw_div_fp3_dekker, ::fpv::ff::div_fp3_dekker,                                  \
      "DWDivFP3 (JMP17 Algorithm 15) with Dekker's product (no FMA)", FPV_FF_DOMAIN, "3u^2")   \
    X(ff_div, dw_div_dw2, ::fpv::ff::div_dw2, "DWDivDW2 (JMP17 Algorithm 17), no FMA",         \
      FPV_FF_DOMAIN, "15u^2 + 56u^3")                                                          \
    X(ff_div, dw_div_dw3, ::fpv::ff::div_dw3, "DWDivDW3 (JMP17 Algorithm 18), FMA", FPV_FF_DOMAIN, \
      "9.8u^2")

// Source that only the host can run.
#define FPV_HOST_ONLY_IMPLS(X)                                                                 \
    X(div64, host, ::fpv::div64::host_divide, "the host CPU's own IEEE division (baseline)",   \
      "all binary64 operands", "correctly rounded (IEEE 754)")

// Source that only the GPU can run (kernels/device_impls.cuh); listed here for the catalogue.
#define FPV_DEVICE_ONLY_IMPLS(X)                                                               \
    X(div64, cuda, ::fpv::div64::cuda_divide,                                                  \
      "the GPU's own binary64 division, __ddiv_rn (baseline)", "all binary64 operands",        \
      "correctly rounded (IEEE 754)")

// CUDA's own binary32 functions and float-float code, compiled for the GPU with the nvcc flags
// of each list (kernels/cuda_functions.cuh, verifier/gpu_config_*.cu). The accuracy claims are
// in kernels/accuracy_claims.cpp.
#define FPV_CUDA_IEEE_IMPLS(X)                                                                  \
    X(rsqrt32, rsqrtf, ::fpv::cudafn::rsqrt, "rsqrtf(x)", "every binary32", "2 ulp")          \
    X(sqrt32, sqrtf, ::fpv::cudafn::sqrt, "sqrtf(x), -prec-sqrt=true", "every binary32", "correctly rounded") \
    X(rcp32, div, ::fpv::cudafn::reciprocal, "1.0f / x, -prec-div=true", "every binary32", "correctly rounded") \
    X(rcp32, frcp_rn, ::fpv::cudafn::frcp_rn, "__frcp_rn(x)", "every binary32", "correctly rounded") \
    X(div32, div, ::fpv::cudafn::divide, "x / y, -prec-div=true", "every pair", "correctly rounded") \
    X(div32, fdividef, ::fpv::cudafn::fdividef, "__fdividef(x, y)", "|y| in [2^-126, 2^126]", "2 ulp")
#define FPV_CUDA_APPROX_IMPLS(X)                                                                \
    X(sqrt32, sqrtf_approx, ::fpv::cudafn::sqrt, "sqrtf(x), -prec-sqrt=false", "every binary32", "1 ulp") \
    X(rcp32, div_approx, ::fpv::cudafn::reciprocal, "1.0f / x, -prec-div=false", "every binary32", "1 ulp") \
    X(div32, div_approx, ::fpv::cudafn::divide, "x / y, -prec-div=false", "every pair", "2 ulp")
#define FPV_CUDA_IEEE_FTZ_IMPLS(X)                                                              \
    X(rsqrt32, rsqrtf_ftz, ::fpv::cudafn::rsqrt, "rsqrtf(x), -ftz=true", "every binary32", "2 ulp (FTZ)") \
    X(sqrt32, sqrtf_ftz, ::fpv::cudafn::sqrt, "sqrtf(x), -prec-sqrt=true -ftz=true", "every binary32", "correctly rounded (FTZ)") \
    X(rcp32, div_ftz, ::fpv::cudafn::reciprocal, "1.0f / x, -prec-div=true -ftz=true", "every binary32", "correctly rounded (FTZ)") \
    X(rcp32, frcp_rn_ftz, ::fpv::cudafn::frcp_rn, "__frcp_rn(x), -ftz=true", "every binary32", "correctly rounded (FTZ)") \
    X(div32, div_ftz, ::fpv::cudafn::divide, "x / y, -prec-div=true -ftz=true", "every pair", "correctly rounded (FTZ)") \
    X(div32, fdividef_ftz, ::fpv::cudafn::fdividef, "__fdividef(x, y), -ftz=true", "|y| in [2^-126, 2^126]", "2 ulp (FTZ)")
#define FPV_CUDA_APPROX_FTZ_IMPLS(X)                                                            \
    X(sqrt32, sqrtf_approx_ftz, ::fpv::cudafn::sqrt, "sqrtf(x), -prec-sqrt=false -ftz=true", "every binary32", "1 ulp (FTZ)") \
    X(rcp32, div_approx_ftz, ::fpv::cudafn::reciprocal, "1.0f / x, -prec-div=false -ftz=true", "every binary32", "1 ulp (FTZ)") \
    X(div32, div_approx_ftz, ::fpv::cudafn::divide, "x / y, -prec-div=false -ftz=true", "every pair", "2 ulp (FTZ)")
#define FPV_FF_FTZ_IMPLS(X)                                                                     \
    X(eft_add, two_sum_ftz, ::fpv::ff::eft_two_sum, "2Sum built with -ftz=true", FPV_FF_DOMAIN, "exact") \
    X(eft_add, fast_two_sum_ftz, ::fpv::ff::eft_fast_two_sum, "Fast2Sum built with -ftz=true", \
      FPV_FF_DOMAIN ", and |a| >= |b|", "exact")                                                \
    X(eft_mul, two_prod_split_ftz, ::fpv::ff::eft_two_prod_split, "Dekker's product built with -ftz=true", \
      FPV_FF_DOMAIN, "exact")                                                                   \
    X(eft_mul, two_prod_fma_ftz, ::fpv::ff::eft_two_prod_fma, "Fast2Mult built with -ftz=true", \
      FPV_FF_DOMAIN, "exact")                                                                   \
    X(eft_split, veltkamp_ftz, ::fpv::ff::eft_split, "Veltkamp's split built with -ftz=true", \
      FPV_FF_DOMAIN, "exact, halves of at most 12 bits")                                       \
    X(ff_add, accurate_ftz, ::fpv::ff::accurate_add, "AccurateDWPlusDW built with -ftz=true",  \
      FPV_FF_DOMAIN, "3u^2/(1-4u)")                                                            \
    X(ff_mul, dw_times_dw3_ftz, ::fpv::ff::times_dw3, "DWTimesDW3 built with -ftz=true",       \
      FPV_FF_DOMAIN, "4u^2 (MR22)")

// The impls built with -ftz=true, which are judged against the flush-to-zero reference.
#define FPV_FTZ_GPU_IMPLS(X) FPV_CUDA_IEEE_FTZ_IMPLS(X) FPV_CUDA_APPROX_FTZ_IMPLS(X) FPV_FF_FTZ_IMPLS(X)
#define FPV_CONFIGURED_GPU_IMPLS(X) FPV_CUDA_IEEE_IMPLS(X) FPV_CUDA_APPROX_IMPLS(X) FPV_FTZ_GPU_IMPLS(X)
