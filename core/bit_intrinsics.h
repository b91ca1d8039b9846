// Bit manipulations that CUDA has as intrinsics, for host and device alike: the device's own
// where compiled for it, host versions that follow CUDA's documentation bit for bit elsewhere
// (checked against the GPU by `make gpu-test`).
#pragma once

#include "core/portability.h"

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

// The bits of a in reverse order.
FPV_HD FPV_INLINE uint64_t bit_reverse64(uint64_t a) {
#if defined(__CUDA_ARCH__)
    return __brevll(a);
#else
    uint64_t r = 0;
    for (int i = 0; i < 64; ++i) r |= ((a >> i) & 1ull) << (63 - i);
    return r;
#endif
}

}  // namespace fpv
