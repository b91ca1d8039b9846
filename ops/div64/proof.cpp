// The per-cell argument of proof.h. Notation (docs/div64_proof.md): Y = sy / 2^52, R0 = r0 / 2^63,
// eps = 1 - Y R0, and the code's three truncations
//   e  = 2^63 - floor(sy r0 / 2^52)   = 2^63 (eps + d),  d in [0, 2^-63)
//   e2 = floor(e^2 / 2^63) + e        = 2^63 (E + E^2) - f2,  E = e / 2^63, f2 in [0, 1)
//   r1 = floor(e2 r0 / 2^63) + r0     = 2^63 R0 (1 + E2) - f3, f3 in [0, 1)
// give, exactly, eps1 = 1 - Y R1 = eps^3 - (1 - eps) d (1 + 2 eps + d) + ((1 - eps) f2 + Y f3) / 2^63.
#include "ops/div64/proof.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ops/div64/emulated.h"
#include "ops/div64/impls.h"

namespace fpv::div64::proof {
namespace {

using u128 = unsigned __int128;

mpz_class power_of_two(unsigned bits) {
    mpz_class z;
    mpz_setbit(z.get_mpz_t(), bits);
    return z;
}

void shift_into(mpz_class& out, const mpz_class& in, unsigned bits) {
    mpz_mul_2exp(out.get_mpz_t(), in.get_mpz_t(), bits);
}

// The code's own integer steps at one significand, for the largest r1 of the cell (r1 does not
// increase with sy: e does not increase, e2 and r1 do not decrease in e). Only where e >= 0.
u128 refined_reciprocal_at(uint64_t sy, uint64_t r0) {
    const u128 t = (static_cast<u128>(sy) * r0) >> 52;
    const u128 e = (u128{1} << 63) - t;
    const u128 e2 = ((e * e) >> 63) + e;
    return ((e2 * r0) >> 63) + r0;
}

struct Constants {
    mpz_class one = power_of_two(kScaleBits);
    mpz_class one_115 = power_of_two(115);  // 1 over 2^115, the scale of y * r0
    mpz_class minus_half_115 = -power_of_two(114);
    mpz_class one_115_plus_2_52 = power_of_two(115) + power_of_two(52);
    // e = 2^63 - floor(sy r0 / 2^52) wraps when sy r0 >= (2^63 + 1) 2^52.
    mpz_class wrap_limit = (power_of_two(63) + 1) * power_of_two(52);
};

// Numbers reused from cell to cell, assigned in place: under a sanitizer, allocating them afresh
// for each of the 2^20 cells would dominate the proof's time.
struct Scratch {
    mpz_class r0, first, last, yr_last, eps_high, eps_low, t, worst, divisor_low;
};

void bound_cell_into(CellBound& b, Scratch& s, uint32_t cell, uint64_t seed) {
    static const Constants c;
    b.cell = cell;
    b.seed = seed;
    b.sy_first = (uint64_t{1} << 52) + (static_cast<uint64_t>(cell) << 32);
    b.sy_last = b.sy_first + (uint64_t{1} << 32) - 1;
    b.residual_wraps = b.reciprocal_overflows = false;
    b.wrap_from = 0;
    s.r0 = static_cast<unsigned long>(seed);
    s.first = static_cast<unsigned long>(b.sy_first);
    s.last = static_cast<unsigned long>(b.sy_last);

    // eps = (2^115 - sy r0) / 2^115 decreases with sy: its ends are at the cell's ends.
    s.yr_last = s.last * s.r0;
    s.t = s.first * s.r0;
    s.eps_high = c.one_115 - s.t;
    s.eps_low = c.one_115 - s.yr_last;
    shift_into(b.residual_high, s.eps_high, kScaleBits - 115);
    shift_into(b.residual_low, s.eps_low, kScaleBits - 115);

    if (s.yr_last >= c.wrap_limit) {
        b.residual_wraps = true;
        mpz_cdiv_q(s.t.get_mpz_t(), c.wrap_limit.get_mpz_t(), s.r0.get_mpz_t());
        b.wrap_from = std::max(b.sy_first, static_cast<uint64_t>(s.t.get_ui()));
    }
    b.residual_out_of_range = s.eps_low <= c.minus_half_115 || s.eps_high >= c.one_115;
    if (!b.residual_wraps) b.reciprocal_overflows = refined_reciprocal_at(b.sy_first, seed) >> 63 != 0;

    // eps1 <= eps_high^3 + ((1 - eps_low) + Y_last) / 2^63           (f2, f3 < 1; the d term <= 0)
    // eps1 >= eps_low^3 - (1 - eps_low)(1 + 2 eps_high + 2^-63) / 2^63 (f2, f3 >= 0; d < 2^-63)
    // with 1 - eps_low = sy_last r0 / 2^115 and Y_last = sy_last / 2^52; over 2^345 every term is
    // an integer.
    b.refined_high = s.eps_high * s.eps_high;
    b.refined_high *= s.eps_high;
    shift_into(s.t, s.yr_last, kScaleBits - 178);
    b.refined_high += s.t;
    shift_into(s.t, s.last, kScaleBits - 115);
    b.refined_high += s.t;
    shift_into(s.t, s.eps_high, 1);
    s.t += c.one_115_plus_2_52;
    s.t *= s.yr_last;
    shift_into(s.t, s.t, kScaleBits - 293);
    b.refined_low = s.eps_low * s.eps_low;
    b.refined_low *= s.eps_low;
    b.refined_low -= s.t;

    // A - Q = -Q eps1 (A = the product before truncation, Q = the exact quotient, both in units of
    // q's last place), and Q < 2^53 / min(Y_first, 1 - eps1): without the normalising shift,
    // Q = sx / Y with sx < 2^53; with it, sx R1 < 2^52 so Q = 2 sx / Y < 2^53 / (Y R1).
    s.worst = 0;
    if (b.refined_high > s.worst) s.worst = b.refined_high;
    s.t = -b.refined_low;
    if (s.t > s.worst) s.worst = s.t;
    shift_into(s.divisor_low, s.first, kScaleBits - 52);
    s.t = c.one - b.refined_high;
    if (s.t < s.divisor_low) s.divisor_low = s.t;
    shift_into(s.t, s.worst, 54);
    b.rounding_proved = sgn(s.divisor_low) > 0 && s.t < s.divisor_low;
    b.quotient_error_ulps =
        sgn(s.divisor_low) > 0 ? std::ldexp(s.worst.get_d() / s.divisor_low.get_d(), 53) : HUGE_VAL;
}

}  // namespace

CellBound bound_cell(uint32_t cell, uint64_t seed) {
    CellBound b;
    Scratch s;
    bound_cell_into(b, s, cell, seed);
    return b;
}

ProofSummary prove(SeedOfMantissa seed, uint32_t first, uint32_t count) {
    ProofSummary summary;
    CellBound b;
    Scratch s;
    for (uint32_t cell = first; cell < first + count; ++cell) {
        bound_cell_into(b, s, cell, seed(static_cast<uint64_t>(cell) << 32));
        ++summary.cells;
        if (b.residual_wraps) summary.wrapping_significands += b.sy_last - b.wrap_from + 1;
        if (!b.proved()) {
            summary.failing.push_back(b);
            continue;
        }
        ++summary.proved;
        if (b.quotient_error_ulps > summary.worst_error_ulps) {
            summary.worst_error_ulps = b.quotient_error_ulps;
            summary.worst_cell = cell;
        }
    }
    return summary;
}

std::vector<ProvableVariant> provable_variants() {
    using namespace emulation_detail;
    return {{"div64." + std::string(EmuHalley::spec.variant), &reciprocal_seed<kPublishedSeedBias>},
            {"div64." + std::string(EmuHalleyFixed::spec.variant), &reciprocal_seed<kCorrectedSeedBias>}};
}

uint64_t divisor_significand(uint64_t y) {
    using namespace emulation_detail;
    y &= ~kSign;
    if ((y & kExponent) == 0) y <<= clz64(y) - 11;  // as emulated_divide normalises a subnormal
    return (y & kMantissa) | kHiddenBit;
}

uint32_t seed_cell_of_divisor(uint64_t y) {
    return static_cast<uint32_t>((divisor_significand(y) - emulation_detail::kHiddenBit) >> 32);
}

std::string log2_text(const mpz_class& scaled) {
    if (scaled == 0) return "-inf";
    long exponent = 0;
    const double mantissa = mpz_get_d_2exp(&exponent, mpz_class(abs(scaled)).get_mpz_t());
    char text[32];
    std::snprintf(text, sizeof text, "%s2^%.3f", scaled < 0 ? "-" : "",
                  std::log2(mantissa) + static_cast<double>(exponent - kScaleBits));
    return text;
}

}  // namespace fpv::div64::proof
