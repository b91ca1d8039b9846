// Division's near-representable class, the directed-rounding counterpart of "midpoint": normal
// quotients extremely close to a binary64 number but not on it, where RU and RD differ and a
// wrong rounding direction shows. Pure function of (class key, index), host and GPU alike;
// ops/div64/test_near_exact.cpp proves the guarantee in exact rational arithmetic.
#pragma once

#include "corpus/drawn.h"
#include "corpus/class_traits.h"
#include "corpus/number_theory.h"
#include "corpus/random_values.h"

namespace fpv::div64 {
namespace class_detail {

struct NearExactSignificands {
    uint64_t x, y;
};

// Integer significands X, Y in [2^52, 2^53), Y odd, with X * 2^k - m * Y = e for a small
// nonzero e and m in [2^52, 2^53): then X/Y = m * 2^-k + e / (Y * 2^k) lies |e| / Y < 2^11 / 2^52
// = 2^-41 ulps from the binary64 number m * 2^-k, above it for e > 0 and below for e < 0
// (k = 52 when X >= Y, k = 53 when X < Y). Y odd fixes m modulo 2^k as -e / Y, so m has e's
// parity; each attempt succeeds with probability about 0.5.
FPV_HD FPV_INLINE NearExactSignificands near_exact_significands(CounterRng& rng) {
    constexpr uint64_t k2_52 = uint64_t{1} << 52;
    for (int attempt = 0; attempt < 64; ++attempt) {
        const uint64_t y = (rng.next() >> 11) | k2_52 | 1;
        const int magnitude_bits = static_cast<int>(rng.between(0, 11));
        const int64_t magnitude = static_cast<int64_t>(1 + rng.below(uint64_t{1} << magnitude_bits));
        const int64_t e = rng.coin() ? -magnitude : magnitude;
        const uint64_t minus_e_over_y = (0 - static_cast<uint64_t>(e)) * nt::inverse_mod_2_64(y);
        // k = 52: m = (-e/y mod 2^52) + 2^52, and X = (m y + e) / 2^52 must stay below 2^53.
        const uint64_t m52 = (minus_e_over_y & (k2_52 - 1)) + k2_52;
        const unsigned __int128 num52 =
            static_cast<unsigned __int128>(m52) * y + static_cast<unsigned __int128>(static_cast<__int128>(e));
        const uint64_t x52 = static_cast<uint64_t>(num52 >> 52);
        if (x52 < 2 * k2_52) return {x52, y};
        // k = 53: m = -e/y mod 2^53 must itself lie in [2^52, 2^53), and X >= 2^52.
        const uint64_t m53 = minus_e_over_y & (2 * k2_52 - 1);
        if (m53 >= k2_52) {
            const unsigned __int128 num53 =
                static_cast<unsigned __int128>(m53) * y + static_cast<unsigned __int128>(static_cast<__int128>(e));
            const uint64_t x53 = static_cast<uint64_t>(num53 >> 53);
            if (x53 >= k2_52) return {x53, y};
        }
    }
    return {0x10000000000002ull, 0x10000000000001ull};  // k = 52, m = 2^52 + 1, e = -1
}

// The quotient of the significands lies in [1/2, 2); scaled by 2^d with d in [-1020, 1022] it
// stays normal, and y's exponent is drawn so that both operands are normal too.
FPV_HD FPV_INLINE Operands near_exact(CounterRng& rng) {
    const NearExactSignificands s = near_exact_significands(rng);
    const int d = static_cast<int>(rng.between(-1020, 1022));
    const int ey_lo = -1022 - d > -1022 ? -1022 - d : -1022;
    const int ey_hi = 1023 - d < 1023 ? 1023 - d : 1023;
    const int ey = static_cast<int>(rng.between(ey_lo, ey_hi));
    const bool x_negative = rng.coin();
    const bool y_negative = rng.coin();
    return {b64::from_scaled_integer(s.x, ey + d - 52, x_negative),
            b64::from_scaled_integer(s.y, ey - 52, y_negative)};
}

}  // namespace class_detail

struct NearExact : Drawn<class_detail::near_exact> {
    static constexpr std::string_view name = "near_exact";
    static constexpr std::string_view guarantee =
        "normal x, y with a normal quotient within 2^-40 ulp of a binary64 number and not equal to it, "
        "on either side: X*2^k - m*Y = e for the significands, m of 53 bits, 0 < |e| <= 2^11";
};

}  // namespace fpv::div64
