// The input classes of binary64 square root that only it has: exact squares and their
// neighbours, inputs whose root lies extremely close to a rounding midpoint or to a binary64
// number, and negative operands (the powers of two with their neighbours are
// generic::BinadeEdges, shared with rsqrt64). Each generator is a pure function of (class key,
// index) and runs unchanged on the host and the GPU; ops/sqrt64/test_classes.cpp proves every
// guarantee in exact arithmetic.
#pragma once

#include "corpus/class_traits.h"
#include "corpus/drawn.h"
#include "corpus/number_theory.h"
#include "corpus/random_values.h"

namespace fpv::sqrt64 {
namespace class_detail {

// A random r = 1 mod 8 with |r| < 2^bits (bits >= 3), magnitudes spread over all bit lengths:
// the residues that odd squares leave modulo a power of two.
FPV_HD FPV_INLINE int64_t odd_square_residue(CounterRng& rng, int bits) {
    const int magnitude_bits = static_cast<int>(rng.between(0, bits - 3));
    const int64_t j = rng.between(-(int64_t{1} << magnitude_bits), (int64_t{1} << magnitude_bits) - 1);
    return 1 + 8 * j;
}

// An exponent E in [-1074, 971] with E = n mod 2: X * 2^E is normal for a 53-bit X.
FPV_HD FPV_INLINE int normal_exponent_of_parity(CounterRng& rng, int n) {
    const int lowest = (n & 1) ? -1073 : -1074;
    return lowest + 2 * static_cast<int>(rng.between(0, (971 - lowest) / 2));
}

// x = m^2 * 4^k, m < 2^26 (so m^2 < 2^52 fits the significand), 2k >= -1074 (a multiple of the
// least subnormal) and m^2 * 4^k < 2^1024; then moved by d = index mod 5 - 2 binary64 steps,
// by -d where d would leave the positive numbers (only from 2^-1074).
FPV_HD FPV_INLINE uint64_t square_or_neighbour(CounterRng& rng, uint64_t index) {
    const int bits = static_cast<int>(rng.between(1, 26));
    const uint64_t m = (rng.next() >> (64 - bits)) | (uint64_t{1} << (bits - 1));
    // m^2 < 2^(2 bits): x < 2^1024 needs k <= 512 - bits; an eighth of the draws keep
    // x < 2^-1022 (k <= -511 - bits), where the square is subnormal.
    const int k_hi = rng.below(8) == 0 ? -511 - bits : 512 - bits;
    const int k = static_cast<int>(rng.between(-537, k_hi));
    const uint64_t square = b64::from_scaled_integer(m * m, 2 * k, false);
    int64_t d = static_cast<int64_t>(index % 5) - 2;
    if (static_cast<int64_t>(square) + d < 1) d = -d;
    return square + static_cast<uint64_t>(d);
}

// The shapes of x = X * 2^E for the near-midpoint and near-representable generators: X has
// `bits` bits and the lifting works modulo 2^n, n = E mod 2 so that sqrt(x) is an integer
// power of two times sqrt(X * 2^n). Normal x: 53 bits, either parity of n; subnormal x:
// E = -1074 (even), n even, X with 50 to 52 bits.
struct Shape {
    int bits;
    int n;
};

// 2Y+1 = Z with Z^2 = 4 X 2^t + r, n = t + 2: Z is an odd square root of r modulo 2^n, and
// X = (Z^2 - r) / 2^n. Then sqrt(X 2^t) = sqrt(Z^2 - r) / 2 lies |r| / (2 (Z + sqrt(Z^2 - r)))
// < 2^14 / 2^55 = 2^-41 units of Y from the midpoint Y + 1/2, below it for r > 0 and above for
// r < 0. Z in [2^53, 2^54) makes Y a 53-bit significand, so the unit is one ulp; Z^2 in
// [2^106, 2^108) fixes n from the bits of X: n = 107 - bits or 108 - bits, by the parity of E.
FPV_HD FPV_INLINE Shape midpoint_shape(CounterRng& rng) {
    const uint64_t kind = rng.below(8);
    if (kind == 0) {
        switch (rng.below(3)) {
            case 0: return {52, 56};
            case 1: return {51, 56};
            default: return {50, 58};
        }
    }
    return {53, 54 + static_cast<int>(kind & 1)};
}

// Y^2 = X 2^n + r: Y (53 bits) is a square root of r modulo 2^n and sqrt(X 2^n) =
// sqrt(Y^2 - r) lies |r| / (Y + sqrt(Y^2 - r)) < 2^13 / 2^53 = 2^-40 ulps from Y, below for
// r > 0, above for r < 0. Y^2 in [2^104, 2^106): n = 105 - bits or 106 - bits.
FPV_HD FPV_INLINE Shape near_exact_shape(CounterRng& rng) {
    const uint64_t kind = rng.below(8);
    if (kind == 0) {
        switch (rng.below(3)) {
            case 0: return {52, 54};
            case 1: return {51, 54};
            default: return {50, 56};
        }
    }
    return {53, 52 + static_cast<int>(kind & 1)};
}

FPV_HD FPV_INLINE uint64_t assemble(Shape shape, uint64_t significand, CounterRng& rng) {
    const int e = shape.bits == 53 ? normal_exponent_of_parity(rng, shape.n) : -1074;
    return b64::from_scaled_integer(significand, e, false);
}

// Each attempt succeeds with probability from about 0.07 (50-bit subnormal X) to 0.8.
FPV_HD FPV_INLINE uint64_t near_midpoint(CounterRng& rng) {
    const Shape shape = midpoint_shape(rng);
    for (int attempt = 0; attempt < 128; ++attempt) {
        const int64_t r = odd_square_residue(rng, 14);
        const uint64_t pick = rng.below(4);
        const nt::LiftedRoot z = nt::lift_square_root(r, shape.n, 54, shape.bits, pick);
        if (z.found) return assemble(shape, z.quotient, rng);
    }
    // Z = 2^53 + 1, r = 1, n = 54: X = 2^52 + 1.
    return b64::from_scaled_integer((uint64_t{1} << 52) + 1, 0, false);
}

// Y = 2^j Y' with r = 4^j r' covers even significands too: Y'^2 = X 2^(n-2j) + r'.
FPV_HD FPV_INLINE uint64_t near_representable(CounterRng& rng) {
    const Shape shape = near_exact_shape(rng);
    for (int attempt = 0; attempt < 128; ++attempt) {
        const int j = rng.coin() ? 0 : static_cast<int>(rng.between(1, 3));
        const int64_t r = odd_square_residue(rng, 13 - 2 * j);
        const uint64_t pick = rng.below(4);
        const nt::LiftedRoot y = nt::lift_square_root(r, shape.n - 2 * j, 53 - j, shape.bits, pick);
        if (y.found) return assemble(shape, y.quotient, rng);
    }
    // Y = 2^52 + 1, r = 1, n = 52: X = 2^52 + 2.
    return b64::from_scaled_integer((uint64_t{1} << 52) + 2, 0, false);
}

}  // namespace class_detail

struct Squares : Drawn<class_detail::square_or_neighbour> {
    static constexpr std::string_view name = "squares";
    static constexpr std::string_view guarantee =
        "x = m^2 * 4^k exactly (m below 2^26, 2k >= -1074, subnormal x included: an exact root "
        "m * 2^k), moved d = index mod 5 - 2 binary64 steps (by -d from 2^-1074)";
};

struct Midpoint : Drawn<class_detail::near_midpoint> {
    static constexpr std::string_view name = "midpoint";
    static constexpr std::string_view guarantee =
        "x > 0, normal or subnormal above 2^-1025, whose square root lies within 2^-40 ulp of a rounding "
        "midpoint and not on it, on either side: (2Y+1)^2 = 4*X*2^t + r, X*2^t the significand of x "
        "scaled, r = 1 mod 8, |r| < 2^14";
};

struct NearExact : Drawn<class_detail::near_representable> {
    static constexpr std::string_view name = "near_exact";
    static constexpr std::string_view guarantee =
        "x > 0, normal or subnormal above 2^-1025, whose square root lies within 2^-40 ulp of a binary64 "
        "number and is not equal to it, on either side: Y^2 = X*2^t + r, X*2^t the significand of x "
        "scaled, 0 < |r| < 2^13";
};

struct Negative : Drawn<draw64::negative_of_each_kind> {
    static constexpr std::string_view name = "negative";
    static constexpr std::string_view guarantee =
        "index mod 4 = 0: negative normal; 1: negative subnormal; 2: -infinity; 3: -0 (sqrt is NaN, "
        "except sqrt(-0) = -0)";
};

}  // namespace fpv::sqrt64
