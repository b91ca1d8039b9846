// Code written for CUDA, compiled for the host: the CUDA intrinsics under their own names, as
// ordinary functions in the global namespace, with CUDA's documented semantics (checked against
// the GPU by `make gpu-test`), and functions for the inline PTX of rcp.approx.ftz.f64 and
// rsqrt.approx.ftz.f64.
//
// The intrinsics are declared only in host compilations (no __CUDACC__): under nvcc CUDA's own
// declarations stand, and plug-in code is compiled for the device only. Being real functions,
// they leave a header read after this one free to overload them for its own types (CCCL's
// cuda::experimental::fpemu declares __dadd_rn for its own number type) or to call them
// qualified, as ::__clz(x).
#pragma once

#include <cmath>

#include "core/bit_intrinsics.h"
#include "core/rcp_approx.h"
#include "core/rsqrt_approx.h"
#include "core/rn_arith.h"

#if !defined(__CUDACC__)

// Reinterpretations, with CUDA's signed types.
inline long long __double_as_longlong(double d) { return static_cast<long long>(fpv::bits_of(d)); }
inline double __longlong_as_double(long long v) { return fpv::double_of(static_cast<uint64_t>(v)); }
inline int __float_as_int(float f) { return static_cast<int>(fpv::bits_of(f)); }
inline float __int_as_float(int v) { return fpv::float_of(static_cast<uint32_t>(v)); }
inline unsigned __float_as_uint(float f) { return fpv::bits_of(f); }
inline float __uint_as_float(unsigned v) { return fpv::float_of(v); }
inline double __hiloint2double(int hi, int lo) {
    return fpv::hiloint2double(static_cast<uint32_t>(hi), static_cast<uint32_t>(lo));
}
inline int __double2hiint(double d) { return static_cast<int>(fpv::bits_of(d) >> 32); }
inline int __double2loint(double d) { return static_cast<int>(static_cast<uint32_t>(fpv::bits_of(d))); }

// Integer intrinsics.
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) { return fpv::umul64hi(a, b); }
inline long long __mul64hi(long long a, long long b) {
    return static_cast<long long>((static_cast<__int128>(a) * b) >> 64);
}
inline unsigned __umulhi(unsigned a, unsigned b) {
    return static_cast<unsigned>((static_cast<unsigned long long>(a) * b) >> 32);
}
inline int __mulhi(int a, int b) { return static_cast<int>((static_cast<long long>(a) * b) >> 32); }
inline int __clzll(long long a) { return fpv::clz64(static_cast<uint64_t>(a)); }
inline int __clz(int a) { return fpv::clz32(static_cast<uint32_t>(a)); }
inline int __popcll(unsigned long long a) { return __builtin_popcountll(a); }
inline int __popc(unsigned a) { return __builtin_popcount(a); }
// Position of the least significant set bit, from 1; 0 for 0.
inline int __ffsll(long long a) { return __builtin_ffsll(a); }
inline int __ffs(int a) { return __builtin_ffs(a); }
inline unsigned long long __brevll(unsigned long long a) { return fpv::bit_reverse64(a); }
inline unsigned __brev(unsigned a) { return static_cast<unsigned>(fpv::bit_reverse64(a) >> 32); }
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) { return fpv::byte_perm(x, y, s); }

// Arithmetic with the rounding spelled out.
inline float __fadd_rn(float a, float b) { return fpv::rn::add(a, b); }
inline float __fsub_rn(float a, float b) { return fpv::rn::sub(a, b); }
inline float __fmul_rn(float a, float b) { return fpv::rn::mul(a, b); }
inline float __fdiv_rn(float a, float b) { return fpv::rn::div(a, b); }
inline float __fmaf_rn(float a, float b, float c) { return fpv::rn::fma(a, b, c); }
inline double __dadd_rn(double a, double b) { return fpv::rn::add(a, b); }
inline double __dsub_rn(double a, double b) { return fpv::rn::sub(a, b); }
inline double __dmul_rn(double a, double b) { return fpv::rn::mul(a, b); }
inline double __ddiv_rn(double a, double b) { return fpv::rn::div(a, b); }
inline double __fma_rn(double a, double b, double c) { return fpv::rn::fma(a, b, c); }

#endif  // !__CUDACC__

// In place of asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x)) and its rsqrt sibling: the
// instruction on the device, fpverify's bit-exact model of it (sm_90) on the host.
FPV_HD FPV_INLINE double fpv_rcp_approx_ftz_f64(double x) { return ::fpv::rcp_approx_ftz_f64(x); }
FPV_HD FPV_INLINE double fpv_rsqrt_approx_ftz_f64(double x) { return ::fpv::rsqrt_approx_ftz_f64(x); }
