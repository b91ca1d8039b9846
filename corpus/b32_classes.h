// Input classes for binary32 ops (f2d, CUDA's functions): exhaustive sweeps of the 2^32 bit
// patterns and their ranges, and random classes. Pure functions of (key, parameter, index).
#pragma once

#include "corpus/binary32.h"
#include "corpus/counter_rng.h"
#include "corpus/operands.h"
#include "kernels/catalogue.h"

namespace fpv::b32c {

enum class InputClass : uint32_t {
    all32,      // every bit pattern once: index = bits (unary ops)
    range32,    // bit patterns first .. first + size - 1 (unary ops)
    binade32,   // the 2^24 values of exponent field `first`, both signs (unary ops)
    random,     // uniform 32-bit patterns
    normal,     // random sign and mantissa, exponent field uniform over 1..254
    subnormal,  // subnormal operands (and, for quotients, subnormal results)
    specials,   // boundary values: one of them (unary), or every pair (binary)
    vectors,    // the operands of a TestFloat file (f32_div, f32_sqrt, f32_to_f64)
};

FPV_HD constexpr bool exhaustive(InputClass c) {
    return c == InputClass::all32 || c == InputClass::range32 || c == InputClass::binade32;
}

FPV_HD constexpr bool applies(OpId op, InputClass c) {
    const bool unary = signature_of(op) == Signature::f32;
    if (c == InputClass::vectors) return op == OpId::f2d || op == OpId::sqrt32 || op == OpId::div32;
    return unary || !exhaustive(c);
}

FPV_TABLE(uint32_t, special32, 0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu,
          0x807fffffu, 0x00800000u, 0x80800000u, 0x00800001u, 0x3f800000u, 0xbf800000u,
          0x3f7fffffu, 0x3f800001u, 0x40000000u, 0x3f000000u, 0x7f000000u, 0x7f7fffffu,
          0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7fa00000u,
          0x7fc00123u, 0x38000000u, 0x47ffffffu, 0x48000000u, 0x3effffffu, 0x41000000u, 0x1f800000u,
          0x5f800000u, 0x20000000u)

inline constexpr uint64_t kSpecialCount32 = special32_size;

namespace detail {

FPV_HD FPV_INLINE uint32_t random_normal(CounterRng& rng) {
    const bool negative = rng.coin();
    const uint32_t field = static_cast<uint32_t>(rng.between(1, 254));
    const uint32_t mantissa = static_cast<uint32_t>(rng.next());
    return bits_of(b32::assemble(negative, field, mantissa));
}

FPV_HD FPV_INLINE uint32_t random_subnormal(CounterRng& rng) {
    const bool negative = rng.coin();
    const uint64_t draw = rng.next();
    const uint64_t shift = rng.below(23);
    uint32_t m = static_cast<uint32_t>(draw & 0x7fffffu) >> shift;
    if (m == 0) m = 1;
    return (negative ? 0x80000000u : 0u) | m;
}

}  // namespace detail

template <OpId kOp, InputClass C>
FPV_HD FPV_INLINE Operands generate_in(uint64_t key, uint64_t first, uint64_t index) {
    using namespace detail;
    constexpr bool kUnary = signature_of(kOp) == Signature::f32;
    if constexpr (C == InputClass::all32) {
        return {index, 0};
    } else if constexpr (C == InputClass::range32) {
        return {first + index, 0};
    } else if constexpr (C == InputClass::binade32) {
        return {((index >> 23) << 31) | (first << 23) | (index & 0x7fffffu), 0};
    } else if constexpr (C == InputClass::specials) {
        if constexpr (kUnary) return {special32(static_cast<unsigned>(index)), 0};
        return {special32(static_cast<unsigned>(index / kSpecialCount32)),
                special32(static_cast<unsigned>(index % kSpecialCount32))};
    } else {
        CounterRng rng(key, index);
        uint32_t a, b = 0;
        if constexpr (C == InputClass::random) {
            a = static_cast<uint32_t>(rng.next());
            b = static_cast<uint32_t>(rng.next());
        } else if constexpr (C == InputClass::normal) {
            a = random_normal(rng);
            b = random_normal(rng);
        } else {
            // Unary: a subnormal operand. Binary: index mod 3 = 0 subnormal dividend, 1 subnormal
            // divisor, 2 normal operands whose exponents put the quotient below 2^-126.
            const uint64_t kind = index % 3;
            if (kUnary || kind == 0) {
                a = random_subnormal(rng);
                b = random_normal(rng);
            } else if (kind == 1) {
                a = random_normal(rng);
                b = random_subnormal(rng);
            } else {
                const int e = static_cast<int>(rng.between(-149, -127));  // quotient in [2^(e-1), 2^(e+1))
                const int ey = static_cast<int>(rng.between(-126 - e, 127));
                const bool na = rng.coin(), nb = rng.coin();
                const uint32_t ma = static_cast<uint32_t>(rng.next()), mb = static_cast<uint32_t>(rng.next());
                a = bits_of(b32::assemble(na, static_cast<uint32_t>(ey + e + 127), ma));
                b = bits_of(b32::assemble(nb, static_cast<uint32_t>(ey + 127), mb));
            }
        }
        return {a, kUnary ? 0 : b};
    }
}

}  // namespace fpv::b32c
