// rcp64.emu: binary64 reciprocal 1/x in integers, seeded by rcp.approx.ftz.f64 (the scheme of
// ops/binary64/mufu_seeded.h), correctly rounded in every rounding mode, with gradual underflow and
// overflow.
//
// x = +-a * 2^e with a = m / 2^52 in [1, 2); 1/x = +-y * 2^-e, y = 1/a in (1/2, 1]. Two Newton
// steps refine the seed in fixed point. Results of 2^-1022 and above are rounded at 53 bits,
// subnormal ones (e = 1022, 1023) at 52 or 51: in either case p is the number of bits plus one,
// H0 or H0 + 1 is the floor of y * 2^p, and H <= y * 2^p exactly when 2^(p+52) - H * m >= 0, a
// residual below 2^55 in magnitude, computed modulo 2^64.
#pragma once

#include "core/rcp_approx.h"
#include "ops/binary64/mufu_seeded.h"

namespace fpv::rcp64 {

// Planted bugs, for fpverify's mutation score (ops/rcp64/mutants.h). The shipped impls use `none`.
enum class Mutation {
    none,
    zero_sign_lost,              // 1/-0 = +infinity
    subnormal_double_rounding,   // subnormal results rounded at 53 bits first, then to their place
    overflow_to_infinity,        // results past the largest finite number always infinite
    exact_test_strict,           // the residual's test excludes zero: exact results look one half-ulp lower
    subnormal_unnormalised,      // a subnormal's significand is used as if it had the hidden bit
};

namespace emulation_detail {

using namespace ::fpv::mufu_seeded;

template <Mutation M>
FPV_HD FPV_INLINE uint64_t special_reciprocal(uint64_t x) {
    const uint64_t magnitude = x & ~kSign;
    if (magnitude > kInfinity) return x | kQuietBit;
    if (magnitude == 0) return (M == Mutation::zero_sign_lost ? 0 : x) | kInfinity;
    return x & kSign;  // +-infinity: +-0
}

// H = floor(y * 2^(54 - shift)) for y = 2^52 / m, from y63 ~ y * 2^63.
template <Mutation M>
FPV_HD FPV_INLINE mufu_seeded::HalfUlps reciprocal_in_half_ulps(uint64_t m, uint64_t y63, int shift) {
    const uint64_t h0 = (y63 - (uint64_t{1} << (8 + shift))) >> (9 + shift);  // biased down by half a unit
    const int64_t above = static_cast<int64_t>(0 - (h0 + 1) * m);  // 2^(p+52) is 0 modulo 2^64
    const bool next = M == Mutation::exact_test_strict ? above > 0 : above >= 0;
    return {next ? h0 + 1 : h0, (next ? above : above + static_cast<int64_t>(m)) == 0};
}

}  // namespace emulation_detail

template <Rounding R, Mutation M = Mutation::none>
FPV_HD FPV_INLINE uint64_t emulated_reciprocal(uint64_t x) {
    using namespace emulation_detail;
    const uint64_t sign = x & kSign, magnitude = x & ~kSign;
    if (magnitude == 0 || magnitude >= kInfinity) return special_reciprocal<M>(x);
    const Normalised n = M == Mutation::subnormal_unnormalised && (magnitude >> 52) == 0
                             ? Normalised{magnitude | kHiddenBit, -1022}
                             : normalise(magnitude);
    const Direction d = direction<R>(sign != 0);
    // y * 2^53 is the significand of the binade with this biased exponent; y = 1 carries.
    const int32_t field = 1022 - n.e;
    if (field >= 2047) return M == Mutation::overflow_to_infinity ? sign | kInfinity : overflowed(sign, d);
    const uint64_t a62 = n.m << 10;  // a in [1, 2)
    uint64_t y = fixed_point_of_seed(rcp_approx_ftz_f64_model((uint64_t{1023} << 52) | (n.m & kMantissa)));
    y = reciprocal_step(a62, y);
    y = reciprocal_step(a62, y);
    const int shift = field < 1 ? 1 - field : 0;  // subnormal results: 1 or 2 bits fewer
    uint64_t result;
    if (M == Mutation::subnormal_double_rounding && shift > 0) {
        const uint64_t q = round_half_ulps(reciprocal_in_half_ulps<M>(n.m, y, 0), d);
        result = round_half_ulps({q >> (shift - 1), (q & ((uint64_t{1} << (shift - 1)) - 1)) == 0}, d);
    } else {
        const uint64_t q = round_half_ulps(reciprocal_in_half_ulps<M>(n.m, y, shift), d);
        result = shift > 0 ? q : (static_cast<uint64_t>(field - 1) << 52) + q;
    }
    if (result >= kInfinity) return M == Mutation::overflow_to_infinity ? sign | kInfinity : overflowed(sign, d);
    return sign | result;
}

}  // namespace fpv::rcp64
