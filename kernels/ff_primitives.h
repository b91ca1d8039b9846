// binary32 operations with their rounding spelled out, for float-float code that must compute
// the same on the host and the device. On the device, plain a * b + c may be contracted into an
// FMA (nvcc's default); the _rn intrinsics never are. On the host, fpverify is compiled as ISO
// C++ (no contraction) for x86-64's SSE arithmetic, which rounds every operation to binary32.
#pragma once

#include <cmath>

#include "kernels/portability.h"

namespace fpv::ff {

FPV_HD FPV_INLINE float add(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fadd_rn(a, b);
#else
    return a + b;
#endif
}

FPV_HD FPV_INLINE float sub(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fsub_rn(a, b);
#else
    return a - b;
#endif
}

FPV_HD FPV_INLINE float mul(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fmul_rn(a, b);
#else
    return a * b;
#endif
}

FPV_HD FPV_INLINE float div(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fdiv_rn(a, b);
#else
    return a / b;
#endif
}

// a * b + c with a single rounding.
FPV_HD FPV_INLINE float fma(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
    return __fmaf_rn(a, b, c);
#else
    return std::fmaf(a, b, c);
#endif
}

// |a|, by clearing the sign bit (exact, and the same everywhere).
FPV_HD FPV_INLINE float abs(float a) { return float_of(bits_of(a) & 0x7fffffffu); }

// A float-float value: the unevaluated sum hi + lo.
struct Pair {
    float hi, lo;
};

FPV_HD FPV_INLINE uint64_t pack(Pair p) {
    return (uint64_t{bits_of(p.hi)} << 32) | bits_of(p.lo);
}

FPV_HD FPV_INLINE Pair unpack(uint64_t word) {
    return {float_of(static_cast<uint32_t>(word >> 32)), float_of(static_cast<uint32_t>(word))};
}

// The binary32 in the lower half of an operand word.
FPV_HD FPV_INLINE float single(uint64_t word) { return float_of(static_cast<uint32_t>(word)); }

FPV_HD FPV_INLINE uint64_t word_of(float f) { return bits_of(f); }

}  // namespace fpv::ff
