// Code written for CUDA, compiled for the host too: the CUDA intrinsics under their own names,
// and a function for the inline PTX of rcp.approx.ftz.f64. Included before a plug-in header
// (make EXTRA_IMPLS=...), in host and device compilations alike, so that the same source runs on
// the CPU backend and the GPU backend.
//
// The names are macros that forward to fpv::cuda (kernels/cuda_intrinsics_host.h): on the
// device to the intrinsics themselves, on the host to versions that follow CUDA's documentation
// bit for bit. Include this header last among fpverify's: headers read after it see the macros.
#pragma once

#include "kernels/cuda_intrinsics_host.h"
#include "kernels/portability.h"
#include "kernels/rcp_approx.h"

#define __double_as_longlong(d) ::fpv::cuda::double_as_longlong(d)
#define __longlong_as_double(v) ::fpv::cuda::longlong_as_double(v)
#define __float_as_int(f) ::fpv::cuda::float_as_int(f)
#define __int_as_float(v) ::fpv::cuda::int_as_float(v)
#define __float_as_uint(f) ::fpv::cuda::float_as_uint(f)
#define __uint_as_float(v) ::fpv::cuda::uint_as_float(v)
#define __hiloint2double(hi, lo) ::fpv::cuda::hiloint2double(hi, lo)
#define __double2hiint(d) ::fpv::cuda::double2hiint(d)
#define __double2loint(d) ::fpv::cuda::double2loint(d)
#define __umul64hi(a, b) ::fpv::cuda::umul64hi(a, b)
#define __mul64hi(a, b) ::fpv::cuda::mul64hi(a, b)
#define __umulhi(a, b) ::fpv::cuda::umulhi(a, b)
#define __mulhi(a, b) ::fpv::cuda::mulhi(a, b)
#define __clzll(a) ::fpv::cuda::clzll(a)
#define __clz(a) ::fpv::cuda::clz(a)
#define __popcll(a) ::fpv::cuda::popcll(a)
#define __popc(a) ::fpv::cuda::popc(a)
#define __ffsll(a) ::fpv::cuda::ffsll(a)
#define __ffs(a) ::fpv::cuda::ffs(a)
#define __brevll(a) ::fpv::cuda::brevll(a)
#define __brev(a) ::fpv::cuda::brev(a)
#define __byte_perm(x, y, s) ::fpv::cuda::byte_perm(x, y, s)
#define __fadd_rn(a, b) ::fpv::cuda::fadd_rn(a, b)
#define __fsub_rn(a, b) ::fpv::cuda::fsub_rn(a, b)
#define __fmul_rn(a, b) ::fpv::cuda::fmul_rn(a, b)
#define __fdiv_rn(a, b) ::fpv::cuda::fdiv_rn(a, b)
#define __fmaf_rn(a, b, c) ::fpv::cuda::fmaf_rn(a, b, c)
#define __dadd_rn(a, b) ::fpv::cuda::dadd_rn(a, b)
#define __dsub_rn(a, b) ::fpv::cuda::dsub_rn(a, b)
#define __dmul_rn(a, b) ::fpv::cuda::dmul_rn(a, b)
#define __ddiv_rn(a, b) ::fpv::cuda::ddiv_rn(a, b)
#define __fma_rn(a, b, c) ::fpv::cuda::fma_rn(a, b, c)

// In place of asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x)): the instruction on the
// device, fpverify's bit-exact model of it (sm_90) on the host.
FPV_HD FPV_INLINE double fpv_rcp_approx_ftz_f64(double x) { return ::fpv::rcp_approx_ftz_f64(x); }
