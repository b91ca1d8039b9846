// A proof, cell by cell, that the one-Halley emulated division (ops/div64/emulated.h) rounds
// correctly, or a list of the seed cells where the argument fails (docs/div64_proof.md).
//
// The seed r0 depends only on the divisor's 20 high mantissa bits (rcp.approx.ftz.f64 reads only
// its operand's high word), so the 2^20 cells [1 + k 2^-20, 1 + (k+1) 2^-20) each have one r0.
// Within a cell the residual eps = 1 - y r0 is decreasing in y, so its two ends bound it; one
// exact Halley step would leave eps^3, and the three truncating fixed-point steps add terms that
// are bounded once for all. Every quantity is a dyadic rational, so the bounds are computed as
// integers over 2^345 (GMP), with no rounding anywhere in the argument.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fpv::div64::proof {

inline constexpr uint32_t kSeedCells = uint32_t{1} << 20;
// Every bound below is an integer numerator over 2^kScaleBits.
inline constexpr int kScaleBits = 345;

// What one cell's argument established. Significands sy are 53-bit integers in [2^52, 2^53); the
// divisor's significand is sy / 2^52, the reciprocal r / 2^63.
struct CellBound {
    uint32_t cell = 0;
    uint64_t seed = 0;            // r0
    uint64_t sy_first = 0, sy_last = 0;
    // The seed's residual eps = 1 - y r0 over the cell: [at sy_last, at sy_first], over 2^kScaleBits.
    mpz_class residual_low, residual_high;
    // The refined reciprocal's residual eps1 = 1 - y r1 lies in [refined_low, refined_high].
    mpz_class refined_low, refined_high;
    // The residual 2^63 - floor(y r0) goes below zero (wraps) for some divisor of the cell; then
    // wrap_from is the least significand where it does.
    bool residual_wraps = false;
    uint64_t wrap_from = 0;
    bool reciprocal_overflows = false;  // r1 >= 2^63: r1 << 1 would lose its top bit
    bool residual_out_of_range = false;  // eps outside (-1/2, 1): the sign arguments do not hold
    // |A - Q| < 1/2 (approximate minus exact quotient, in units of q's last place) for every
    // dividend: the q / q+1 rounding then picks the correctly rounded quotient.
    bool rounding_proved = false;
    // The bound on |A - Q| in units of q's last place, rounded for display only.
    double quotient_error_ulps = 0;

    bool proved() const {
        return !residual_wraps && !reciprocal_overflows && !residual_out_of_range && rounding_proved;
    }
};

// The argument for one cell whose divisors all get the seed r0.
CellBound bound_cell(uint32_t cell, uint64_t seed);

struct ProofSummary {
    uint32_t cells = 0, proved = 0;
    std::vector<CellBound> failing;  // in cell order
    uint64_t wrapping_significands = 0;  // divisor significands whose residual wraps, of 2^52
    double worst_error_ulps = 0;     // the largest bound on |A - Q| among the proved cells
    uint32_t worst_cell = 0;
};

// The seed of a cell: what the impl's reciprocal_seed returns for the cell's mantissas.
using SeedOfMantissa = uint64_t (*)(uint64_t mantissa);

// Runs bound_cell over the cells [first, first + count).
ProofSummary prove(SeedOfMantissa seed, uint32_t first = 0, uint32_t count = kSeedCells);

// The one-Halley variants this proof applies to, by impl name ("div64.emu_halley", ...).
struct ProvableVariant {
    std::string impl;
    SeedOfMantissa seed;
};
std::vector<ProvableVariant> provable_variants();

// The significand sy in [2^52, 2^53) of a nonzero finite divisor after the division's own
// normalisation of subnormals, and its seed cell.
uint64_t divisor_significand(uint64_t y);
uint32_t seed_cell_of_divisor(uint64_t y);

// For display: an integer numerator over 2^kScaleBits as log2 of its magnitude ("-inf" for 0).
std::string log2_text(const mpz_class& scaled);

}  // namespace fpv::div64::proof
