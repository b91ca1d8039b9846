// CUDA intrinsics that emulation and bit-manipulation code uses, as fpv:: functions for host and
// device: the device's own where compiled for it, host versions that follow CUDA's documented
// semantics elsewhere (checked against the GPU in tests/gpu/). kernels/cuda_compat.h gives them
// their CUDA names for code written for CUDA (plug-in impls).
#pragma once

#include <cmath>

#include "kernels/ff_primitives.h"
#include "kernels/portability.h"

namespace fpv {

// A double from its high and low 32-bit words.
FPV_HD FPV_INLINE double hiloint2double(uint32_t hi, uint32_t lo) {
#if defined(__CUDA_ARCH__)
    return __hiloint2double(static_cast<int>(hi), static_cast<int>(lo));
#else
    return double_of((uint64_t{hi} << 32) | lo);
#endif
}

// Byte permutation: result byte n is byte ((s >> 4n) & 7) of the eight bytes y:x (x's bytes are
// 0 to 3, y's 4 to 7); the upper 16 bits of s are not used.
FPV_HD FPV_INLINE uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s) {
#if defined(__CUDA_ARCH__)
    return __byte_perm(x, y, s);
#else
    const uint64_t bytes = (uint64_t{y} << 32) | x;
    uint32_t r = 0;
    for (int n = 0; n < 4; ++n) {
        const unsigned pick = (s >> (4 * n)) & 7;
        r |= static_cast<uint32_t>((bytes >> (8 * pick)) & 0xff) << (8 * n);
    }
    return r;
#endif
}

namespace cuda {

// Reinterpretations, with CUDA's signed types.
FPV_HD FPV_INLINE long long double_as_longlong(double d) { return static_cast<long long>(bits_of(d)); }
FPV_HD FPV_INLINE double longlong_as_double(long long v) { return double_of(static_cast<uint64_t>(v)); }
FPV_HD FPV_INLINE int float_as_int(float f) { return static_cast<int>(bits_of(f)); }
FPV_HD FPV_INLINE float int_as_float(int v) { return float_of(static_cast<uint32_t>(v)); }
FPV_HD FPV_INLINE unsigned float_as_uint(float f) { return bits_of(f); }
FPV_HD FPV_INLINE float uint_as_float(unsigned v) { return float_of(v); }
FPV_HD FPV_INLINE double hiloint2double(int hi, int lo) {
    return ::fpv::hiloint2double(static_cast<uint32_t>(hi), static_cast<uint32_t>(lo));
}
FPV_HD FPV_INLINE int double2hiint(double d) { return static_cast<int>(bits_of(d) >> 32); }
FPV_HD FPV_INLINE int double2loint(double d) { return static_cast<int>(static_cast<uint32_t>(bits_of(d))); }

// Integer intrinsics.
FPV_HD FPV_INLINE unsigned long long umul64hi(unsigned long long a, unsigned long long b) {
    return ::fpv::umul64hi(a, b);
}
FPV_HD FPV_INLINE long long mul64hi(long long a, long long b) {
#if defined(__CUDA_ARCH__)
    return __mul64hi(a, b);
#else
    return static_cast<long long>((static_cast<__int128>(a) * b) >> 64);
#endif
}
FPV_HD FPV_INLINE unsigned umulhi(unsigned a, unsigned b) {
    return static_cast<unsigned>((static_cast<unsigned long long>(a) * b) >> 32);
}
FPV_HD FPV_INLINE int mulhi(int a, int b) { return static_cast<int>((static_cast<long long>(a) * b) >> 32); }
FPV_HD FPV_INLINE int clzll(long long a) { return clz64(static_cast<uint64_t>(a)); }
FPV_HD FPV_INLINE int clz(int a) { return clz32(static_cast<uint32_t>(a)); }
FPV_HD FPV_INLINE int popcll(unsigned long long a) {
#if defined(__CUDA_ARCH__)
    return __popcll(a);
#else
    return __builtin_popcountll(a);
#endif
}
FPV_HD FPV_INLINE int popc(unsigned a) {
#if defined(__CUDA_ARCH__)
    return __popc(a);
#else
    return __builtin_popcount(a);
#endif
}
// Position of the least significant set bit, from 1; 0 for 0.
FPV_HD FPV_INLINE int ffsll(long long a) {
#if defined(__CUDA_ARCH__)
    return __ffsll(a);
#else
    return __builtin_ffsll(a);
#endif
}
FPV_HD FPV_INLINE int ffs(int a) {
#if defined(__CUDA_ARCH__)
    return __ffs(a);
#else
    return __builtin_ffs(a);
#endif
}
FPV_HD FPV_INLINE unsigned long long brevll(unsigned long long a) {
#if defined(__CUDA_ARCH__)
    return __brevll(a);
#else
    unsigned long long r = 0;
    for (int i = 0; i < 64; ++i) r |= ((a >> i) & 1ull) << (63 - i);
    return r;
#endif
}
FPV_HD FPV_INLINE unsigned brev(unsigned a) { return static_cast<unsigned>(brevll(a) >> 32); }
FPV_HD FPV_INLINE unsigned byte_perm(unsigned x, unsigned y, unsigned s) { return ::fpv::byte_perm(x, y, s); }

// Arithmetic with the rounding spelled out (never contracted into an FMA).
FPV_HD FPV_INLINE float fadd_rn(float a, float b) { return ff::add(a, b); }
FPV_HD FPV_INLINE float fsub_rn(float a, float b) { return ff::sub(a, b); }
FPV_HD FPV_INLINE float fmul_rn(float a, float b) { return ff::mul(a, b); }
FPV_HD FPV_INLINE float fdiv_rn(float a, float b) { return ff::div(a, b); }
FPV_HD FPV_INLINE float fmaf_rn(float a, float b, float c) { return ff::fma(a, b, c); }
FPV_HD FPV_INLINE double dadd_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __dadd_rn(a, b);
#else
    return a + b;
#endif
}
FPV_HD FPV_INLINE double dsub_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __dsub_rn(a, b);
#else
    return a - b;
#endif
}
FPV_HD FPV_INLINE double dmul_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __dmul_rn(a, b);
#else
    return a * b;
#endif
}
FPV_HD FPV_INLINE double ddiv_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
    return __ddiv_rn(a, b);
#else
    return a / b;
#endif
}
FPV_HD FPV_INLINE double fma_rn(double a, double b, double c) {
#if defined(__CUDA_ARCH__)
    return __fma_rn(a, b, c);
#else
    return std::fma(a, b, c);
#endif
}

}  // namespace cuda
}  // namespace fpv
