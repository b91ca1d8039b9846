// rsqrt64.emu: binary64 1/sqrt(x) in integers, seeded by rsqrt.approx.ftz.f64 (the scheme of
// ops/binary64/mufu_seeded.h), correctly rounded in every rounding mode.
//
// x = a * 2^e' as for the square root (ops/sqrt64/emulated.h), a = M / 2^52 in [1, 4), e' even;
// 1/sqrt(x) = y * 2^(-e'/2) with y = 1/sqrt(a) in (1/2, 1]. Two Newton steps refine the seed in
// fixed point. In units of half the last place y * 2^54 has the floor H0 or H0 + 1, and
// H <= y * 2^54 exactly when H^2 * M <= 2^160: the residual 2^160 - H^2 M, a 162-bit
// computation. But it is at most about 2^110 in magnitude for H within a few units of the
// exact value, so it is exact modulo 2^128: five 64-bit products (H^2 as two words, then the
// low 128 bits of H^2 M). Correct rounding in every mode costs one such residual.
#pragma once

#include "core/rsqrt_approx.h"
#include "ops/binary64/mufu_seeded.h"

namespace fpv::rsqrt64 {

// Planted bugs, for fpverify's mutation score (ops/rsqrt64/mutants.h). The shipped impls use `none`.
enum class Mutation {
    none,
    zero_sign_lost,          // rsqrt(-0) = +infinity
    negative_infinity_zero,  // rsqrt(-infinity) = +0, as if the sign were ignored
    subnormal_unnormalised,  // a subnormal's significand is used as if it had the hidden bit
    no_residual_test,        // the refined approximation is truncated to the half ulp, never checked
    exact_test_strict,       // the residual's test excludes zero: exact results look one half-ulp lower
};

namespace emulation_detail {

using namespace ::fpv::mufu_seeded;

// A signed 128-bit integer as two words; only its sign and whether it is zero are read.
struct Wide {
    uint64_t hi, lo;
    FPV_HD bool negative() const { return (hi >> 63) != 0; }
    FPV_HD bool zero() const { return (hi | lo) == 0; }
};

// 2^160 - h^2 * m modulo 2^128 (2^160 is 0 there).
FPV_HD FPV_INLINE Wide residual(uint64_t h, uint64_t m) {
    const uint64_t square_lo = h * h, square_hi = umul64hi(h, h);
    const uint64_t lo = square_lo * m;
    const uint64_t hi = umul64hi(square_lo, m) + square_hi * m;
    return {0 - hi - (lo != 0 ? 1 : 0), 0 - lo};
}

// w + h * m, modulo 2^128.
FPV_HD FPV_INLINE Wide plus_product(Wide w, uint64_t h, uint64_t m) {
    const uint64_t lo = w.lo + h * m;
    return {w.hi + umul64hi(h, m) + (lo < w.lo ? 1 : 0), lo};
}

template <Mutation M>
FPV_HD FPV_INLINE uint64_t special_rsqrt(uint64_t x) {
    const uint64_t magnitude = x & ~kSign;
    if (magnitude > kInfinity) return x | kQuietBit;
    if (magnitude == 0) return (M == Mutation::zero_sign_lost ? 0 : x) | kInfinity;  // +-0: +-infinity
    if (M == Mutation::negative_infinity_zero && magnitude == kInfinity) return 0;
    if ((x & kSign) != 0) return kDefaultNan;
    return 0;  // +infinity
}

// H = floor(y * 2^54) for y = 1/sqrt(M / 2^52), from y63 ~ y * 2^63.
template <Mutation M>
FPV_HD FPV_INLINE mufu_seeded::HalfUlps rsqrt_in_half_ulps(uint64_t m_scaled, uint64_t y63) {
    if constexpr (M == Mutation::no_residual_test) return {y63 >> 9, (y63 & 0x1ff) == 0};
    const uint64_t h0 = (y63 - (uint64_t{1} << 8)) >> 9;  // biased down by half a unit
    const Wide above = residual(h0 + 1, m_scaled);
    const bool next = M == Mutation::exact_test_strict ? !above.negative() && !above.zero() : !above.negative();
    const Wide at_h = next ? above : plus_product(above, 2 * h0 + 1, m_scaled);
    return {next ? h0 + 1 : h0, at_h.zero()};
}

}  // namespace emulation_detail

template <Rounding R, Mutation M = Mutation::none>
FPV_HD FPV_INLINE uint64_t emulated_rsqrt(uint64_t x) {
    using namespace emulation_detail;
    if ((x & kSign) != 0 || x == 0 || x >= kInfinity) return special_rsqrt<M>(x);
    const auto [n, odd, a62, y] = refined_rsqrt<M == Mutation::subnormal_unnormalised>(x);
    const HalfUlps v = rsqrt_in_half_ulps<M>(n.m << odd, y);
    // y in (1/2, 1]: y * 2^53 is the significand of the binade 2^(-e'/2 - 1); y = 1 carries.
    const uint64_t field = static_cast<uint64_t>(1022 - (n.e >> 1));
    return ((field - 1) << 52) + round_half_ulps(v, direction<R>(false));
}

}  // namespace fpv::rsqrt64
