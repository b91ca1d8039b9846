// Fast binary32-to-binary64 conversions by bit manipulation, from the forum post behind
// ../shared/seeds/001: the exponent field grows from 8 to 11 bits by inserting three copies of
// a bit, which is right only where the exponent's top bits are all equal: the documented domains.
#pragma once

#include "kernels/cuda_intrinsics_host.h"

namespace fpv::f2d {

// The mask and the shift of the low word are parameters only so that fpverify's mutants
// (kernels/mutants.h) can plant wrong ones; the shipped impls use the published values.
template <uint32_t kMask = 0x07ffffffu, int kLowShift = 29>
FPV_HD FPV_INLINE uint64_t shift_xor_with(uint64_t a) {
    const uint32_t ia = static_cast<uint32_t>(a);
    return bits_of(hiloint2double((((ia >> 3) ^ ia) & kMask) ^ ia, ia << kLowShift));
}

template <uint32_t kSelector = 0x7210u>
FPV_HD FPV_INLINE uint64_t byte_permute_with(uint64_t a) {
    const uint32_t ia = static_cast<uint32_t>(a);
    return bits_of(hiloint2double(byte_perm(ia >> 3, ia, kSelector), ia << 29));
}

// Documented for +-[2^-15, 2^17), zero, infinity and NaN.
FPV_HD FPV_INLINE uint64_t shift_xor(uint64_t a, uint64_t) { return shift_xor_with(a); }

// Documented for +-[2^-1, 2^3), zero, infinity and NaN.
FPV_HD FPV_INLINE uint64_t byte_permute(uint64_t a, uint64_t) { return byte_permute_with(a); }

// The native conversion.
FPV_HD FPV_INLINE uint64_t native(uint64_t a, uint64_t) {
    return bits_of(static_cast<double>(float_of(static_cast<uint32_t>(a))));
}

// The documented domains, on the operand's bits.
inline bool zero_infinity_or_nan(uint32_t bits) {
    const uint32_t m = bits & 0x7fffffffu;
    return m == 0 || m >= 0x7f800000u;
}

inline bool in_domain_2m15_2p17(uint64_t a, uint64_t) {
    const uint32_t m = static_cast<uint32_t>(a) & 0x7fffffffu;
    return zero_infinity_or_nan(static_cast<uint32_t>(a)) || (m >= 0x38000000u && m < 0x48000000u);
}

inline bool in_domain_2m1_2p3(uint64_t a, uint64_t) {
    const uint32_t m = static_cast<uint32_t>(a) & 0x7fffffffu;
    return zero_infinity_or_nan(static_cast<uint32_t>(a)) || (m >= 0x3f000000u && m < 0x41000000u);
}

}  // namespace fpv::f2d
