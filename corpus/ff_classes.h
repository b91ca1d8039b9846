// Input classes for the float-float ops and the error-free transformations. Each generator is a
// pure function of (class key, index), templated on the op so that the same class can mean
// "near overflow" for a sum and for a product. What each class guarantees is stated in
// corpus/class_catalogue.cpp and checked in tests/test_ff_classes.cpp.
//
// Every random draw is a statement of its own: the order in which function arguments are
// evaluated is unspecified, and the host and device compilers differ.
#pragma once

#include "corpus/binary32.h"
#include "corpus/counter_rng.h"
#include "corpus/operands.h"
#include "kernels/catalogue.h"
#include "kernels/ff_primitives.h"

namespace fpv::ffc {

enum class InputClass : uint32_t {
    random,         // normalised pairs with random low parts, exponents in [-20, 20]
    cancellation,   // y close to -x: the sum is tiny or zero
    pow2_hi,        // high parts at powers of two (and their neighbours for lone floats)
    half_ulp_lo,    // low parts at and just inside +-ulp(hi)/2
    gap_wide,       // exponents of x and y 24 to 50 apart
    gap_narrow,     // exponents of x and y at most 2 apart
    near_overflow,  // results near the binary32 overflow threshold (outside every domain)
    subnormal_lo,   // low parts (or operands) in the subnormal range (outside every domain)
    specials,       // zeros, infinities, NaNs, extremes, in any combination (outside)
};

FPV_HD constexpr bool is_sum(OpId op) {
    return op == OpId::eft_add || op == OpId::ff_add || op == OpId::ff_add_f;
}
FPV_HD constexpr bool is_product(OpId op) {
    return op == OpId::eft_mul || op == OpId::ff_mul || op == OpId::ff_mul_f;
}
FPV_HD constexpr bool is_quotient(OpId op) { return op == OpId::ff_div || op == OpId::ff_div_f; }

// Whether a class makes sense for an op (e.g. half_ulp_lo needs a pair operand).
FPV_HD constexpr bool applies(OpId op, InputClass c) {
    const Signature s = signature_of(op);
    if (s == Signature::b64_b64) return false;
    switch (c) {
        case InputClass::half_ulp_lo: return s == Signature::ff_f32 || s == Signature::ff_ff;
        case InputClass::cancellation:
        case InputClass::gap_wide:
        case InputClass::gap_narrow: return s != Signature::f32;
        default: return true;
    }
}

namespace detail {

using ff::Pair;

FPV_HD FPV_INLINE float random_float(CounterRng& rng, int emin, int emax) {
    const bool negative = rng.coin();
    const int e = static_cast<int>(rng.between(emin, emax));
    const uint32_t mantissa = static_cast<uint32_t>(rng.next());
    return b32::assemble(negative, static_cast<uint32_t>(e + 127), mantissa);
}

// Halves lo until hi + lo rounds to hi: below a power of two the spacing is half as wide.
FPV_HD FPV_INLINE float normalised_lo(float hi, float lo) {
    while (lo != 0.0f && ff::add(hi, lo) != hi) lo = ff::mul(lo, 0.5f);
    return lo;
}

// (1.mantissa) * 2^e as a binary32, truncated into the subnormal range below 2^-126 (never 0).
FPV_HD FPV_INLINE float scaled_float(bool negative, int e, uint32_t mantissa) {
    if (e >= -126) return b32::assemble(negative, static_cast<uint32_t>(e + 127), mantissa);
    const int shift = -126 - e;
    uint32_t m = shift > 24 ? 0u : ((mantissa & b32::kMantissaMask) | 0x800000u) >> shift;
    if (m == 0) m = 1;
    return b32::assemble(negative, 0, m);
}

// A low part for hi: zero one time in sixteen, otherwise of random sign with a magnitude
// log-uniform over [ulp(hi) * 2^-32, ulp(hi) / 2), then normalised.
FPV_HD FPV_INLINE float random_lo(CounterRng& rng, float hi) {
    if (rng.below(16) == 0) return 0.0f;
    const bool negative = rng.coin();
    const int below = static_cast<int>(rng.between(2, 32));
    const uint32_t mantissa = static_cast<uint32_t>(rng.next());
    return normalised_lo(hi, scaled_float(negative, b32::exponent(hi) - 23 - below, mantissa));
}

FPV_HD FPV_INLINE Pair random_pair(CounterRng& rng, int emin, int emax) {
    const float hi = random_float(rng, emin, emax);
    const float lo = random_lo(rng, hi);
    return {hi, lo};
}

FPV_HD FPV_INLINE Pair pair_with_hi(CounterRng& rng, float hi) {
    const float lo = random_lo(rng, hi);
    return {hi, lo};
}

template <OpId kOp>
FPV_HD FPV_INLINE Operands pack(Pair x, Pair y) {
    constexpr Signature s = signature_of(kOp);
    if constexpr (s == Signature::f32) return {ff::word_of(x.hi), 0};
    if constexpr (s == Signature::f32_f32) return {ff::word_of(x.hi), ff::word_of(y.hi)};
    if constexpr (s == Signature::ff_f32) return {ff::pack(x), ff::word_of(y.hi)};
    return {ff::pack(x), ff::pack(y)};
}

// x and y with exponents e and e + d, both within [-30, 30].
template <OpId kOp>
FPV_HD FPV_INLINE Operands with_gap(CounterRng& rng, int d) {
    const int lo = d >= 0 ? -30 : -30 - d, hi = d >= 0 ? 30 - d : 30;
    const int e = static_cast<int>(rng.between(lo, hi));
    const Pair x = random_pair(rng, e, e);
    const Pair y = random_pair(rng, e + d, e + d);
    return pack<kOp>(x, y);
}

template <OpId kOp>
FPV_HD FPV_INLINE Operands cancellation(CounterRng& rng) {
    constexpr Signature s = signature_of(kOp);
    const Pair x = random_pair(rng, 10, 20);
    const uint64_t kind = rng.below(4);
    if constexpr (s == Signature::f32_f32) {
        // b = -a moved by up to 4 ulps: a + b is 0 or a few ulps of a.
        const int k = static_cast<int>(rng.between(-4, 4));
        return pack<kOp>(x, {b32::step(b32::negate(x.hi), k), 0.0f});
    } else if constexpr (s == Signature::ff_f32) {
        // y = -hi, or -hi moved by an ulp: x + y is lo, or lo +- ulp(hi).
        const int k = kind == 0 ? static_cast<int>(rng.between(-1, 1)) : 0;
        return pack<kOp>(x, {b32::step(b32::negate(x.hi), k), 0.0f});
    } else {
        if (kind == 0) {
            // yh = -xh moved by an ulp, yl random: x + y is about ulp(xh).
            const int k = rng.coin() ? 1 : -1;
            const float yh = b32::step(b32::negate(x.hi), k);
            return pack<kOp>(x, pair_with_hi(rng, yh));
        }
        // yh = -xh and yl = -xl + t with t = xl * 2^-k: x + y = t, or exactly 0 (k = 0).
        const float yh = b32::negate(x.hi);
        const int k = static_cast<int>(rng.between(0, 24));
        const float t = k == 0 ? 0.0f : ff::mul(x.lo, b32::power_of_two(-k));
        float yl = ff::add(b32::negate(x.lo), t);
        if (ff::add(yh, yl) != yh) yl = b32::negate(x.lo);
        return pack<kOp>(x, {yh, yl});
    }
}

template <OpId kOp>
FPV_HD FPV_INLINE Operands powers_of_two(CounterRng& rng) {
    Pair v[2];
    for (Pair& p : v) {
        const bool negative = rng.coin();
        const int e = static_cast<int>(rng.between(-20, 20));
        float hi = b32::assemble(negative, static_cast<uint32_t>(e + 127), 0);
        if (signature_of(kOp) == Signature::f32 || signature_of(kOp) == Signature::f32_f32) {
            const int k = static_cast<int>(rng.between(-1, 1));  // 2^e or a neighbour
            hi = b32::step(hi, k);
        }
        p = pair_with_hi(rng, hi);
    }
    return pack<kOp>(v[0], v[1]);
}

// hi with an even last bit and lo = +-ulp(hi)/2 (+-ulp(hi)/4 below a power of two), or 1 to 3
// units of lo's last place inside that: the ties and near-ties of normalisation.
FPV_HD FPV_INLINE Pair half_ulp_pair(CounterRng& rng) {
    float hi = random_float(rng, -20, 20);
    hi = float_of(bits_of(hi) & ~1u);
    const bool negative = rng.coin();
    const bool power = (bits_of(hi) & b32::kMantissaMask) == 0;
    const bool below = negative != ((bits_of(hi) & b32::kSign) != 0);  // lo points towards zero
    const int e = b32::exponent(hi) - 23 - ((power && below) ? 2 : 1);
    float lo = b32::assemble(negative, static_cast<uint32_t>(e + 127), 0);
    const int inside = static_cast<int>(rng.between(0, 3));
    if (inside > 0) lo = b32::step(b32::assemble(negative, static_cast<uint32_t>(e + 126), 0x7fffffu), 1 - inside);
    return {hi, normalised_lo(hi, lo)};
}

template <OpId kOp>
FPV_HD FPV_INLINE Operands near_overflow(CounterRng& rng) {
    if constexpr (is_sum(kOp)) {
        const Pair x = random_pair(rng, 126, 127);
        const bool same = rng.below(4) != 0;  // mostly the same sign: the sum overflows or nearly
        Pair y = random_pair(rng, 126, 127);
        if (same != ((bits_of(x.hi) ^ bits_of(y.hi)) >> 31 == 0)) y = {b32::negate(y.hi), b32::negate(y.lo)};
        return pack<kOp>(x, y);
    } else if constexpr (is_product(kOp)) {
        const Pair x = random_pair(rng, 62, 64);
        const Pair y = random_pair(rng, 62, 64);
        return pack<kOp>(x, y);
    } else if constexpr (is_quotient(kOp)) {
        const Pair x = random_pair(rng, 125, 127);
        const Pair y = random_pair(rng, -3, 0);
        return pack<kOp>(x, y);
    } else {  // split: Veltkamp's C * a overflows from about 2^116 on
        const Pair x = random_pair(rng, 110, 127);
        return pack<kOp>(x, x);
    }
}

template <OpId kOp>
FPV_HD FPV_INLINE Operands subnormal_lo(CounterRng& rng) {
    constexpr Signature s = signature_of(kOp);
    if constexpr (s == Signature::f32 || s == Signature::f32_f32) {
        // One operand subnormal, or tiny enough that the exact result needs subnormals.
        const bool negative = rng.coin();
        const uint64_t draw = rng.next();
        const uint64_t shift = 41 + rng.below(23);
        const uint32_t mantissa = static_cast<uint32_t>(draw >> shift);
        const float subnormal = b32::assemble(negative, 0, mantissa == 0 ? 1 : mantissa);
        const float tiny = random_float(rng, -126, -90);
        const float a = rng.coin() ? subnormal : tiny;
        const float b = random_float(rng, -20, 20);
        return pack<kOp>({a, 0.0f}, {b, 0.0f});
    } else {
        // hi in [2^-126, 2^-100): lo below ulp(hi)/2 is subnormal.
        const float xh = random_float(rng, -126, -101);
        const float yh = random_float(rng, -126, -101);
        const Pair x = pair_with_hi(rng, xh);
        Pair y = pair_with_hi(rng, yh);
        if (is_quotient(kOp) || is_product(kOp)) {
            if (rng.coin()) y = random_pair(rng, -10, 10);  // keep one operand ordinary
        }
        return pack<kOp>(x, y);
    }
}

FPV_TABLE(uint32_t, special_component, 0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
          0x7fc00000u, 0x7f7fffffu, 0xff7fffffu, 0x00800000u, 0x80800000u, 0x00000001u,
          0x80000001u, 0x3f800000u, 0xbf800000u, 0x7fa00000u)

template <OpId kOp>
FPV_HD FPV_INLINE Operands specials(CounterRng& rng) {
    float c[4];
    for (float& v : c) v = float_of(special_component(static_cast<unsigned>(rng.below(special_component_size))));
    return pack<kOp>({c[0], c[1]}, {c[2], c[3]});
}

}  // namespace detail

template <OpId kOp, InputClass C>
FPV_HD FPV_INLINE Operands generate_in(uint64_t key, uint64_t index) {
    using namespace detail;
    CounterRng rng(key, index);
    if constexpr (C == InputClass::random) {
        const Pair x = random_pair(rng, -20, 20);
        const Pair y = random_pair(rng, -20, 20);
        return pack<kOp>(x, y);
    } else if constexpr (C == InputClass::cancellation) {
        return cancellation<kOp>(rng);
    } else if constexpr (C == InputClass::pow2_hi) {
        return powers_of_two<kOp>(rng);
    } else if constexpr (C == InputClass::half_ulp_lo) {
        const Pair x = half_ulp_pair(rng);
        const Pair y = signature_of(kOp) == Signature::ff_ff ? half_ulp_pair(rng) : random_pair(rng, -20, 20);
        return pack<kOp>(x, y);
    } else if constexpr (C == InputClass::gap_wide) {
        const int d = static_cast<int>(rng.between(24, 50));
        return with_gap<kOp>(rng, rng.coin() ? d : -d);
    } else if constexpr (C == InputClass::gap_narrow) {
        return with_gap<kOp>(rng, static_cast<int>(rng.between(-2, 2)));
    } else if constexpr (C == InputClass::near_overflow) {
        return near_overflow<kOp>(rng);
    } else if constexpr (C == InputClass::subnormal_lo) {
        return subnormal_lo<kOp>(rng);
    } else {
        return specials<kOp>(rng);
    }
}

}  // namespace fpv::ffc
