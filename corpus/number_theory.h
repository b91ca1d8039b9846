// Integer number theory for the generators of hard cases: inverses and square roots modulo
// powers of two, and the binary64 neighbours of powers of two. Integer arithmetic only, so
// that the host and the GPU build the same inputs.
#pragma once

#include "core/binary64.h"

namespace fpv::nt {

// 2^n - 1 for 0 <= n <= 64.
FPV_HD FPV_INLINE uint64_t low_mask(int n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

// The inverse of an odd number modulo 2^64. Newton's step v <- v(2 - a v) doubles the number
// of correct low bits, and v = a is right to 3 bits (every odd square is 1 mod 8): five steps
// give 96 >= 64.
FPV_HD FPV_INLINE uint64_t inverse_mod_2_64(uint64_t odd) {
    uint64_t inv = odd;
    for (int i = 0; i < 5; ++i) inv *= 2 - odd * inv;
    return inv;
}

// An odd square root of r modulo 2^n (3 <= n <= 64), for r = 1 mod 8: every odd square is 1
// mod 8, and each such r has exactly four roots, z, -z, z + 2^(n-1) and -z + 2^(n-1).
// Hensel lifting one bit at a time: if z^2 = r mod 2^k (k >= 3) but not mod 2^(k+1), then
// (z + 2^(k-1))^2 = z^2 + 2^k z + 2^(2k-2) differs from z^2 in bit k alone (z odd, 2k-2 > k),
// which repairs it. Arithmetic wraps modulo 2^64, which is all the low n bits need.
FPV_HD FPV_INLINE uint64_t odd_sqrt_mod_2n(int64_t r, int n) {
    const uint64_t ur = static_cast<uint64_t>(r);
    uint64_t z = 1;
    for (int k = 3; k < n; ++k) {
        if (((z * z - ur) >> k) & 1) z += uint64_t{1} << (k - 1);
    }
    return z & low_mask(n);
}

// A square root lifted to an interval: root^2 = quotient * 2^n + r exactly, with root in
// [2^(root_bits-1), 2^root_bits) and quotient in [2^(quotient_bits-1), 2^quotient_bits).
struct LiftedRoot {
    uint64_t root;
    uint64_t quotient;
    bool found;
};

// Among the roots of y^2 = r (mod 2^n) (r = 1 mod 8, 3 <= n <= 64, root_bits <= 54), the
// least one at or above 2^(root_bits-1) in each of the four residue classes, and the first
// whose quotient has quotient_bits bits, trying the classes from `pick` (mod 4) on.
FPV_HD FPV_INLINE LiftedRoot lift_square_root(int64_t r, int n, int root_bits, int quotient_bits,
                                              uint64_t pick) {
    const uint64_t mask = low_mask(n);
    const uint64_t z = odd_sqrt_mod_2n(r, n);
    const uint64_t half = uint64_t{1} << (n - 1);
    const uint64_t roots[4] = {z, (0 - z) & mask, (z + half) & mask, (half - z) & mask};
    const uint64_t lo = uint64_t{1} << (root_bits - 1);
    for (int i = 0; i < 4; ++i) {
        const uint64_t root = roots[(pick + static_cast<uint64_t>(i)) % 4];
        const uint64_t y = lo + ((root - lo) & mask);
        if (y < lo || y >= 2 * lo) continue;
        const unsigned __int128 square = static_cast<unsigned __int128>(y) * y;
        const unsigned __int128 rest = square - static_cast<unsigned __int128>(static_cast<__int128>(r));
        const unsigned __int128 q = rest >> n;
        if ((q >> (quotient_bits - 1)) != 1) continue;
        return {y, static_cast<uint64_t>(q), true};
    }
    return {0, 0, false};
}

// The binary64 bit pattern `steps` places above (below, for negative steps) the positive
// power of two 2^e, e in [-1074, 1023]; the caller keeps the result within [+0, +infinity].
FPV_HD FPV_INLINE uint64_t power_of_two_step(int e, int64_t steps) {
    return b64::from_scaled_integer(1, e, false) + static_cast<uint64_t>(steps);
}

// Input i of the classes that list powers of two with their neighbours in order (binade_edges,
// rsqrt64's and rcp64's exact): 2^e moved d binary64 steps, e = first + step * ((i+1) div 5),
// d = (i+1) mod 5 - 2. Counting from i+1 skips the pattern two steps below 2^-1074, which does
// not exist.
FPV_HD FPV_INLINE uint64_t power_neighbour(uint64_t index, int first, int step) {
    const uint64_t j = index + 1;
    return power_of_two_step(first + step * static_cast<int>(j / 5), static_cast<int64_t>(j % 5) - 2);
}

}  // namespace fpv::nt
