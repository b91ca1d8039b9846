// CUDA's own binary32 functions as impls: each is compiled in the translation unit of its nvcc
// flags (-prec-div, -prec-sqrt, -ftz), which decide what the same source computes.
#pragma once

#include "kernels/portability.h"

namespace fpv::cudafn {

__device__ __forceinline__ float operand(uint64_t w) { return __uint_as_float(static_cast<uint32_t>(w)); }
__device__ __forceinline__ uint64_t word(float f) { return __float_as_uint(f); }

__device__ __forceinline__ uint64_t rsqrt(uint64_t a, uint64_t) { return word(rsqrtf(operand(a))); }
__device__ __forceinline__ uint64_t sqrt(uint64_t a, uint64_t) { return word(sqrtf(operand(a))); }
__device__ __forceinline__ uint64_t reciprocal(uint64_t a, uint64_t) { return word(1.0f / operand(a)); }
__device__ __forceinline__ uint64_t frcp_rn(uint64_t a, uint64_t) { return word(__frcp_rn(operand(a))); }
__device__ __forceinline__ uint64_t divide(uint64_t a, uint64_t b) { return word(operand(a) / operand(b)); }
__device__ __forceinline__ uint64_t fdividef(uint64_t a, uint64_t b) {
    return word(__fdividef(operand(a), operand(b)));
}

}  // namespace fpv::cudafn
