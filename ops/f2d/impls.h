// Fast binary32-to-binary64 conversions by bit manipulation, from the forum post behind
// ../shared/seeds/001: the exponent field grows from 8 to 11 bits by inserting three copies of
// a bit, which is right only where the exponent's top bits are all equal: the documented
// domains. And the native conversion they stand in for.
#pragma once

#include "core/bit_intrinsics.h"
#include "core/impl_traits.h"
#include "core/type_list.h"

namespace fpv::f2d {

// The mask and the shift of the low word are parameters only so that the mutants (below) can
// plant wrong ones; the shipped impls use the published values.
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

// The documented domains, on the operand's bits: zero, infinity and NaN, and a range of
// magnitudes.
FPV_HD inline bool zero_infinity_or_nan(uint32_t bits) {
    const uint32_t m = bits & 0x7fffffffu;
    return m == 0 || m >= 0x7f800000u;
}

FPV_HD inline bool in_domain_2m15_2p17(const Operands& in, uint64_t = 0, bool = false) {
    const uint32_t m = static_cast<uint32_t>(in.a) & 0x7fffffffu;
    return zero_infinity_or_nan(static_cast<uint32_t>(in.a)) || (m >= 0x38000000u && m < 0x48000000u);
}

FPV_HD inline bool in_domain_2m1_2p3(const Operands& in, uint64_t = 0, bool = false) {
    const uint32_t m = static_cast<uint32_t>(in.a) & 0x7fffffffu;
    return zero_infinity_or_nan(static_cast<uint32_t>(in.a)) || (m >= 0x3f000000u && m < 0x41000000u);
}

struct ShiftXor : PortableImpl {
    static constexpr ImplSpec spec{
        .variant = "shift_xor",
        .summary = "bit manipulation: ((ia >> 3) ^ ia) & 0x07ffffff ^ ia, ia << 29 (seed 001, first variant)",
        .domain = "+-[2^-15, 2^17), zero, infinity, NaN (documented)", .claim = "exact", .bound = 0,
        .bound_source = "seed 001: +-[2^-15, 2^17), zero, infinity, NaN", .in_domain = &in_domain_2m15_2p17};
    FPV_HD static uint64_t run(uint64_t a) { return shift_xor_with(a); }
    FPV_HD static bool claims(const Operands& in) { return in_domain_2m15_2p17(in); }
};

struct BytePerm : PortableImpl {
    static constexpr ImplSpec spec{
        .variant = "byte_perm", .summary = "bit manipulation with __byte_perm(ia >> 3, ia, 0x7210), ia << 29 (seed 001)",
        .domain = "+-[2^-1, 2^3), zero, infinity, NaN (documented)", .claim = "exact", .bound = 0,
        .bound_source = "seed 001: +-[2^-1, 2^3), zero, infinity, NaN", .in_domain = &in_domain_2m1_2p3};
    FPV_HD static uint64_t run(uint64_t a) { return byte_permute_with(a); }
    FPV_HD static bool claims(const Operands& in) { return in_domain_2m1_2p3(in); }
};

struct Native : PortableImpl {
    static constexpr ImplSpec spec{.variant = "native", .summary = "the native conversion (double)f",
                                   .domain = "every binary32", .claim = "exact", .bound = 0,
                                   .bound_source = "exact conversion"};
    FPV_HD static uint64_t run(uint64_t a) { return bits_of(static_cast<double>(float_of(static_cast<uint32_t>(a)))); }
};

// ---- mutants: the tricks with one planted bug each ----------------------------------------

inline constexpr ImplSpec kWideMask{.variant = "mut_wide_mask",
                                    .summary = "shift-and-xor with mask 0x0fffffff instead of 0x07ffffff"};
inline constexpr ImplSpec kLowShift{.variant = "mut_low_shift", .summary = "low word ia << 28 instead of ia << 29"};
inline constexpr ImplSpec kWrongSelector{.variant = "mut_wrong_selector",
                                         .summary = "__byte_perm selector 0x7310 instead of 0x7210"};

template <class Parent, uint64_t (*Convert)(uint64_t), const ImplSpec& kSpec>
struct Mutant : MutantOf<Parent> {
    static constexpr const ImplSpec& spec = kSpec;
    FPV_HD static uint64_t run(uint64_t a) { return Convert(a); }
};

using Mutants = TypeList<Mutant<ShiftXor, shift_xor_with<0x0fffffffu>, kWideMask>,
                         Mutant<ShiftXor, shift_xor_with<0x07ffffffu, 28>, kLowShift>,
                         Mutant<BytePerm, byte_permute_with<0x7310u>, kWrongSelector>>;

}  // namespace fpv::f2d
