// sqrt64.emu: binary64 square root in integers, seeded by rsqrt.approx.ftz.f64 (the scheme of
// ops/binary64/mufu_seeded.h), correctly rounded in every rounding mode.
//
// x = m * 2^(e-52) is written as a * 2^(e'), a = m' / 2^52 in [1, 4) with e' = e or e - 1 even,
// so sqrt(x) = sqrt(a) * 2^(e'/2) and sqrt(a) lies in [1, 2). The seed y0 ~ 1/sqrt(a) (20 bits)
// takes two Newton steps in 64-bit fixed point (below 2^-58), and sqrt(a) = a * y. In units of
// half the result's last place the exact root is 2 sqrt(A), A = m' * 2^52; its floor H is H0 or
// H0 + 1, and the sign of the exact residual 4A - (H0 + 1)^2 decides. That residual is below
// 2^57 in magnitude, so it is computed modulo 2^64; it is zero exactly when the root is exact.
#pragma once

#include "core/rsqrt_approx.h"
#include "ops/binary64/mufu_seeded.h"

namespace fpv::sqrt64 {

// Planted bugs, for fpverify's mutation score (ops/sqrt64/mutants.h). The shipped impls use `none`.
enum class Mutation {
    none,
    zero_sign_lost,          // sqrt(-0) = +0
    subnormal_unnormalised,  // a subnormal's significand is used as if it had the hidden bit
    midpoint_bias,           // roots less than 2^-42 ulp below a midpoint round up, as ties would
    exact_test_strict,       // the residual's test excludes zero: exact roots look one half-ulp lower
    inexact_from_estimate,   // exactness read off the approximation: wrong within 2^-7 ulp of a half-ulp point
};

namespace emulation_detail {

using namespace ::fpv::mufu_seeded;

template <Mutation M>
FPV_HD FPV_INLINE uint64_t special_root(uint64_t x) {
    const uint64_t magnitude = x & ~kSign;
    if (magnitude == 0) return M == Mutation::zero_sign_lost ? 0 : x;  // sqrt(-0) = -0
    if (magnitude > kInfinity) return x | kQuietBit;
    if ((x & kSign) != 0) return kDefaultNan;
    return x;  // +infinity
}

// H = floor(2 sqrt(A)) for A = m' * 2^52, m' = m << odd, from s61 ~ sqrt(A) * 2^-52 * 2^61.
template <Mutation M>
FPV_HD FPV_INLINE mufu_seeded::HalfUlps root_in_half_ulps(uint64_t m, int odd, uint64_t s61) {
    const uint64_t h0 = (s61 - (uint64_t{1} << 7)) >> 8;  // biased down by half a unit
    const uint64_t four_a = m << (54 + odd);             // 4A modulo 2^64
    const int64_t above = static_cast<int64_t>(four_a - (h0 + 1) * (h0 + 1));
    const int64_t threshold = M == Mutation::midpoint_bias ? -(int64_t{1} << 13) + 1
                              : M == Mutation::exact_test_strict ? 1
                                                                 : 0;
    const bool next = above >= threshold;
    const int64_t residual = next ? above : above + static_cast<int64_t>(2 * h0 + 1);
    bool exact = residual == 0;
    if constexpr (M == Mutation::inexact_from_estimate) {
        exact = ((s61 + 4) & 0xff) < 8;  // within 2^-6 half-ulp of a whole half-ulp
    }
    return {next ? h0 + 1 : h0, exact};
}

}  // namespace emulation_detail

template <Rounding R, Mutation M = Mutation::none>
FPV_HD FPV_INLINE uint64_t emulated_sqrt(uint64_t x) {
    using namespace emulation_detail;
    if ((x & kSign) != 0 || x == 0 || x >= kInfinity) return special_root<M>(x);
    const auto [n, odd, a62, y] = refined_rsqrt<M == Mutation::subnormal_unnormalised>(x);
    const HalfUlps root = root_in_half_ulps<M>(n.m, odd, umul64hi(a62, y));
    const uint64_t field = static_cast<uint64_t>((n.e >> 1) + 1023);  // never subnormal, never overflows
    return ((field - 1) << 52) + round_half_ulps(root, direction<R>(false));
}

}  // namespace fpv::sqrt64
