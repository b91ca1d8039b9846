// Random binary64 and binary32 values of given kinds, drawn from a CounterRng: the building
// blocks of input classes. Every draw is a statement of its own: the order in which function
// arguments are evaluated is unspecified, and the host and device compilers do choose
// differently.
#pragma once

#include "core/binary32.h"
#include "core/binary64.h"
#include "corpus/counter_rng.h"

namespace fpv::draw64 {

// One draw gives sign, exponent field and mantissa; the two fields that are not normal (0 and
// 2047) are replaced by a second, uniform draw, which keeps the field uniform over 1..2046.
FPV_HD FPV_INLINE uint64_t normal(CounterRng& rng) {
    const uint64_t bits = rng.next();
    const uint32_t field = b64::exponent_field(bits);
    if (field != 0 && field != 0x7ff) return bits;
    return b64::assemble((bits >> 63) != 0, static_cast<uint32_t>(rng.between(1, 2046)), bits);
}

// Nonzero subnormal; leading zeros spread evenly so tiny ones are common too.
FPV_HD FPV_INLINE uint64_t subnormal(CounterRng& rng) {
    const uint64_t bits = rng.next();
    uint64_t mantissa = (bits & b64::kMantissaMask) >> rng.below(52);
    if (mantissa == 0) mantissa = 1;
    return (rng.coin() ? b64::kSign : 0) | mantissa;
}

// A value with the given unbiased exponent and a random significand.
FPV_HD FPV_INLINE uint64_t with_exponent(CounterRng& rng, int exponent) {
    const bool negative = rng.coin();
    const uint64_t mantissa = rng.next();
    return b64::assemble(negative, static_cast<uint32_t>(exponent + 1023), mantissa);
}

FPV_HD FPV_INLINE uint64_t low_bits(int n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

// A 52-bit significand field made of runs of ones and zeros, as TestFloat's generators do.
FPV_HD FPV_INLINE uint64_t patterned_mantissa(CounterRng& rng) {
    const int lo = static_cast<int>(rng.below(52));
    const int hi = static_cast<int>(rng.between(lo, 51));
    const uint64_t run = low_bits(hi + 1) & ~low_bits(lo);
    switch (rng.below(6)) {
        case 0: return run;
        case 1: return ~run & b64::kMantissaMask;
        case 2: return uint64_t{1} << lo;
        case 3: return ~(uint64_t{1} << lo) & b64::kMantissaMask;
        case 4: {
            const int lo2 = static_cast<int>(rng.below(52));
            const int hi2 = static_cast<int>(rng.between(lo2, 51));
            return run ^ (low_bits(hi2 + 1) & ~low_bits(lo2));
        }
        default: return (rng.coin() ? 0x5555555555555555ull : 0x3333333333333333ull) >> (lo % 4) &
                        b64::kMantissaMask;
    }
}

FPV_TABLE(uint32_t, boundary_exponent_field, 1u, 2u, 0x3feu, 0x3ffu, 0x400u, 0x7fdu, 0x7feu)

// A patterned significand with an exponent field that is zero one time in ten, a boundary
// value four in ten, uniform otherwise.
FPV_HD FPV_INLINE uint64_t patterned(CounterRng& rng) {
    const uint64_t pick = rng.below(10);
    uint32_t field;
    if (pick == 0) {
        field = 0;
    } else if (pick < 5) {
        field = boundary_exponent_field(static_cast<unsigned>(rng.below(boundary_exponent_field_size)));
    } else {
        field = static_cast<uint32_t>(rng.between(1, 2046));
    }
    uint64_t mantissa = patterned_mantissa(rng);
    if (field == 0 && mantissa == 0) mantissa = 1;
    return b64::assemble(rng.coin(), field, mantissa);
}

// Index mod 4 = 0: a negative normal number, 1: a negative subnormal, 2: -infinity, 3: -0.
FPV_HD FPV_INLINE uint64_t negative_of_each_kind(CounterRng& rng, uint64_t index) {
    switch (index % 4) {
        case 0: return normal(rng) | b64::kSign;
        case 1: return subnormal(rng) | b64::kSign;
        case 2: return b64::kInfinity | b64::kSign;
        default: return b64::kSign;
    }
}

}  // namespace fpv::draw64

namespace fpv::draw32 {

// Random sign and mantissa, exponent field uniform over 1..254.
FPV_HD FPV_INLINE uint32_t normal(CounterRng& rng) {
    const bool negative = rng.coin();
    const uint32_t field = static_cast<uint32_t>(rng.between(1, 254));
    const uint32_t mantissa = static_cast<uint32_t>(rng.next());
    return bits_of(b32::assemble(negative, field, mantissa));
}

// Nonzero subnormal, its leading zeros spread evenly.
FPV_HD FPV_INLINE uint32_t subnormal(CounterRng& rng) {
    const bool negative = rng.coin();
    const uint64_t draw = rng.next();
    const uint64_t shift = rng.below(23);
    uint32_t m = static_cast<uint32_t>(draw & 0x7fffffu) >> shift;
    if (m == 0) m = 1;
    return (negative ? 0x80000000u : 0u) | m;
}

}  // namespace fpv::draw32
