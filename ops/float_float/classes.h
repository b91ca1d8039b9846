// Input classes of the float-float ops and the error-free transformations, shared by the
// family: each is a template on the op, so that "near overflow" means a large sum for a sum
// and a large product for a product, and each op lists the ones that fit its operands
// (FamilyClasses). What each guarantees is checked in test_classes.cpp.
//
// Every random draw is a statement of its own: the order in which function arguments are
// evaluated is unspecified, and the host and device compilers differ. Binary32 arithmetic is
// b32's add_rn and mul_rn, never float's: the flush-to-zero builds would compute it otherwise.
#pragma once

#include "core/binary32.h"
#include "corpus/class_traits.h"
#include "ops/float_float/shape.h"

namespace fpv::ff {

namespace detail {


FPV_HD FPV_INLINE float random_float(CounterRng& rng, int emin, int emax) {
    const bool negative = rng.coin();
    const int e = static_cast<int>(rng.between(emin, emax));
    const uint32_t mantissa = static_cast<uint32_t>(rng.next());
    return b32::assemble(negative, static_cast<uint32_t>(e + 127), mantissa);
}

// Halves lo until hi + lo rounds to hi: below a power of two the spacing is half as wide.
FPV_HD FPV_INLINE float normalised_lo(float hi, float lo) {
    while (!b32::is_zero(lo) && bits_of(b32::add_rn(hi, lo)) != bits_of(hi)) lo = b32::mul_rn(lo, 0.5f);
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

// x and y with exponents e and e + d, both within [-30, 29]: high parts in [2^-30, 2^30), inside
// the domain, and so are products and quotients of two of them (within [2^-60, 2^60]).
template <class Op>
FPV_HD FPV_INLINE Operands with_gap(CounterRng& rng, int d) {
    const int lo = d >= 0 ? -30 : -30 - d, hi = d >= 0 ? 29 - d : 29;
    const int e = static_cast<int>(rng.between(lo, hi));
    const Pair x = random_pair(rng, e, e);
    const Pair y = random_pair(rng, e + d, e + d);
    return operands_of<Op>(x, y);
}

template <class Op>
FPV_HD FPV_INLINE Operands cancellation(CounterRng& rng) {
    constexpr Shape s = kShape<Op>;
    const Pair x = random_pair(rng, 10, 20);
    const uint64_t kind = rng.below(4);
    if constexpr (s == Shape::two_singles) {
        // b = -a moved by up to 4 ulps: a + b is 0 or a few ulps of a.
        const int k = static_cast<int>(rng.between(-4, 4));
        return operands_of<Op>(x, {b32::step(b32::negate(x.hi), k), 0.0f});
    } else if constexpr (s == Shape::pair_single) {
        // y = -hi, or -hi moved by an ulp: x + y is lo, or lo +- ulp(hi).
        const int k = kind == 0 ? static_cast<int>(rng.between(-1, 1)) : 0;
        return operands_of<Op>(x, {b32::step(b32::negate(x.hi), k), 0.0f});
    } else {
        if (kind == 0) {
            // yh = -xh moved by an ulp, yl random: x + y is about ulp(xh).
            const int k = rng.coin() ? 1 : -1;
            const float yh = b32::step(b32::negate(x.hi), k);
            return operands_of<Op>(x, pair_with_hi(rng, yh));
        }
        // yh = -xh and yl = -xl + t with t = xl * 2^-k: x + y = t, or exactly 0 (k = 0); k stops
        // where t would fall below 2^-60, out of the domain.
        const float yh = b32::negate(x.hi);
        const int deepest = b32::is_zero(x.lo) ? 24 : b32::exponent(x.lo) + 60;
        const int k = static_cast<int>(rng.between(0, deepest < 0 ? 0 : deepest < 24 ? deepest : 24));
        const float t = k == 0 ? 0.0f : b32::mul_rn(x.lo, b32::power_of_two(-k));
        float yl = b32::add_rn(b32::negate(x.lo), t);
        if (bits_of(b32::add_rn(yh, yl)) != bits_of(yh)) yl = b32::negate(x.lo);
        return operands_of<Op>(x, {yh, yl});
    }
}

// High parts that cancel exactly are the cancellation class's: here a sum's second high part is
// never the negation of the first (it would leave the low parts, down to 2^-75, out of the
// domain), so y is negated whole where it would be.
template <class Op>
FPV_HD FPV_INLINE Operands powers_of_two(CounterRng& rng) {
    Pair v[2];
    for (Pair& p : v) {
        const bool negative = rng.coin();
        const int e = static_cast<int>(rng.between(-20, 20));
        float hi = b32::assemble(negative, static_cast<uint32_t>(e + 127), 0);
        if (kShape<Op> == Shape::single || kShape<Op> == Shape::two_singles) {
            const int k = static_cast<int>(rng.between(-1, 1));  // 2^e or a neighbour
            hi = b32::step(hi, k);
        }
        p = pair_with_hi(rng, hi);
    }
    const bool pairs = kShape<Op> != Shape::single && kShape<Op> != Shape::two_singles;
    if (Op::kind == Kind::sum && pairs && v[1].hi == b32::negate(v[0].hi)) {
        v[1] = {b32::negate(v[1].hi), b32::negate(v[1].lo)};
    }
    return operands_of<Op>(v[0], v[1]);
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

template <class Op>
FPV_HD FPV_INLINE Operands near_overflow(CounterRng& rng) {
    if constexpr (Op::kind == Kind::sum) {
        const Pair x = random_pair(rng, 126, 127);
        const bool same = rng.below(4) != 0;  // mostly the same sign: the sum overflows or nearly
        Pair y = random_pair(rng, 126, 127);
        if (same != ((bits_of(x.hi) ^ bits_of(y.hi)) >> 31 == 0)) y = {b32::negate(y.hi), b32::negate(y.lo)};
        return operands_of<Op>(x, y);
    } else if constexpr (Op::kind == Kind::product) {
        const Pair x = random_pair(rng, 62, 64);
        const Pair y = random_pair(rng, 62, 64);
        return operands_of<Op>(x, y);
    } else if constexpr (Op::kind == Kind::quotient) {
        const Pair x = random_pair(rng, 125, 127);
        const Pair y = random_pair(rng, -3, 0);
        return operands_of<Op>(x, y);
    } else {  // split: Veltkamp's C * a overflows from about 2^116 on
        const Pair x = random_pair(rng, 110, 127);
        return operands_of<Op>(x, x);
    }
}

template <class Op>
FPV_HD FPV_INLINE Operands subnormal_lo(CounterRng& rng) {
    constexpr Shape s = kShape<Op>;
    if constexpr (s == Shape::single || s == Shape::two_singles) {
        // One operand subnormal, or tiny enough that the exact result needs subnormals.
        const bool negative = rng.coin();
        const uint64_t draw = rng.next();
        const uint64_t shift = 41 + rng.below(23);
        const uint32_t mantissa = static_cast<uint32_t>(draw >> shift);
        const float subnormal = b32::assemble(negative, 0, mantissa == 0 ? 1 : mantissa);
        const float tiny = random_float(rng, -126, -90);
        const float a = rng.coin() ? subnormal : tiny;
        const float b = random_float(rng, -20, 20);
        return operands_of<Op>({a, 0.0f}, {b, 0.0f});
    } else {
        // hi in [2^-126, 2^-100): lo below ulp(hi)/2 is subnormal.
        const float xh = random_float(rng, -126, -101);
        const float yh = random_float(rng, -126, -101);
        const Pair x = pair_with_hi(rng, xh);
        Pair y = pair_with_hi(rng, yh);
        if (Op::kind == Kind::quotient || Op::kind == Kind::product) {
            if (rng.coin()) y = random_pair(rng, -10, 10);  // keep one operand ordinary
        }
        return operands_of<Op>(x, y);
    }
}

FPV_TABLE(uint32_t, special_component, 0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
          0x7fc00000u, 0x7f7fffffu, 0xff7fffffu, 0x00800000u, 0x80800000u, 0x00000001u,
          0x80000001u, 0x3f800000u, 0xbf800000u, 0x7fa00000u)

template <class Op>
FPV_HD FPV_INLINE Operands specials(CounterRng& rng) {
    float c[4];
    for (float& v : c) v = float_of(special_component(static_cast<unsigned>(rng.below(special_component_size))));
    return operands_of<Op>({c[0], c[1]}, {c[2], c[3]});
}

// The draws of the classes below that combine the ones above.
template <class Op>
FPV_HD FPV_INLINE Operands half_ulp(CounterRng& rng) {
    const Pair x = half_ulp_pair(rng);
    const Pair y = kShape<Op> == Shape::two_pairs ? half_ulp_pair(rng) : random_pair(rng, -20, 20);
    return operands_of<Op>(x, y);
}

template <class Op>
FPV_HD FPV_INLINE Operands gap_wide(CounterRng& rng) {
    const int d = static_cast<int>(rng.between(24, 50));
    const int gap = rng.coin() ? d : -d;
    return with_gap<Op>(rng, gap);
}

template <class Op>
FPV_HD FPV_INLINE Operands gap_narrow(CounterRng& rng) {
    return with_gap<Op>(rng, static_cast<int>(rng.between(-2, 2)));
}

}  // namespace detail

template <class Op>
struct RandomPairs : ClassDefaults {
    static constexpr std::string_view name = "random";
    static constexpr std::string_view guarantee =
        "normalised pairs (hi = RN(hi + lo)) with hi exponents uniform in [-20, 20] and random lo (zero "
        "one time in 16, else log-uniform in [ulp(hi) 2^-32, ulp(hi)/2)); lone floats likewise";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        const Pair x = detail::random_pair(rng, -20, 20);
        const Pair y = detail::random_pair(rng, -20, 20);
        return operands_of<Op>(x, y);
    }
};

template <class Op>
struct Cancellation : Drawn<detail::cancellation<Op>> {
    static constexpr std::string_view name = "cancellation";
    static constexpr int version = 2;  // 1 let up to 5 % of its inputs out of the domain (issue 29)
    static constexpr std::string_view guarantee =
        "y close to -x with |xh| in [2^10, 2^21): pairs: yh = -xh and yl = -xl + xl 2^-k (k in 0..24, "
        "and x + y = xl 2^-k at least 2^-60; k = 0 gives x + y = 0), or yh = -xh +- 1 ulp; pair + float: "
        "y = -xh or -xh +- 1 ulp; two floats: b = -a moved by up to 4 ulps. Inside every domain";
};

template <class Op>
struct PowersOfTwo : Drawn<detail::powers_of_two<Op>> {
    static constexpr std::string_view name = "pow2_hi";
    static constexpr int version = 2;  // 1 let up to 5 % of its inputs out of the domain (issue 29)
    static constexpr std::string_view guarantee =
        "high parts exactly +-2^e, e in [-20, 20], with normalised random lo (below a power of two the "
        "spacing halves); lone floats are 2^e or a neighbour; a sum's high parts never cancel exactly (y "
        "is negated where they would). Inside every domain";
};

template <class Op>
struct HalfUlpLo : Drawn<detail::half_ulp<Op>> {
    static constexpr std::string_view name = "half_ulp_lo";
    static constexpr std::string_view guarantee =
        "pair operands with even hi and lo = +-ulp(hi)/2 (+-ulp(hi)/4 towards zero at a power of two), "
        "or 1 to 3 ulp(lo) inside that: the ties of normalisation; still normalised";
};

template <class Op>
struct GapWide : Drawn<detail::gap_wide<Op>> {
    static constexpr std::string_view name = "gap_wide";
    static constexpr int version = 2;  // 1 let up to 5 % of its inputs out of the domain (issue 29)
    static constexpr std::string_view guarantee =
        "random normalised operands whose exponents differ by 24 to 50, both within [-30, 29] (high parts "
        "below 2^30). Inside every domain";
};

template <class Op>
struct GapNarrow : Drawn<detail::gap_narrow<Op>> {
    static constexpr std::string_view name = "gap_narrow";
    static constexpr int version = 2;  // 1 let up to 5 % of its inputs out of the domain (issue 29)
    static constexpr std::string_view guarantee =
        "random normalised operands whose exponents differ by at most 2, both within [-30, 29], random "
        "signs. Inside every domain";
};

template <class Op>
struct NearOverflow : Drawn<detail::near_overflow<Op>> {
    static constexpr std::string_view name = "near_overflow";
    static constexpr std::string_view guarantee =
        "results near 2^128: sums of operands in [2^126, 2^128), products of operands in [2^62, 2^65), "
        "quotients of [2^125, 2^128) by [2^-3, 2); splits of [2^110, 2^128). Outside every domain";
    static constexpr bool inside_domains = false;
};

template <class Op>
struct SubnormalLo : Drawn<detail::subnormal_lo<Op>> {
    static constexpr std::string_view name = "subnormal_lo";
    static constexpr std::string_view guarantee =
        "pairs with hi in [2^-126, 2^-100), so that lo is subnormal (for products and quotients one "
        "operand may be ordinary); lone floats subnormal or below 2^-89. Outside every domain";
    static constexpr bool inside_domains = false;
};

template <class Op>
struct Specials : Drawn<detail::specials<Op>> {
    static constexpr std::string_view name = "specials";
    static constexpr std::string_view guarantee =
        "every component drawn from +-0, +-inf, quiet and signalling NaN, +-largest finite, +-least "
        "normal, +-least subnormal, +-1: pairs need not be normalised. Outside every domain";
    static constexpr bool inside_domains = false;
};

// The classes that fit an op's operands, in the order `--classes all` runs them: the ties of
// normalisation need a pair operand, cancellation and exponent gaps two operands.
template <class Op>
using FamilyClasses = concat_t<
    TypeList<RandomPairs<Op>>,
    std::conditional_t<kShape<Op> != Shape::single, TypeList<Cancellation<Op>>, TypeList<>>,
    TypeList<PowersOfTwo<Op>>,
    std::conditional_t<kShape<Op> == Shape::pair_single || kShape<Op> == Shape::two_pairs, TypeList<HalfUlpLo<Op>>,
                       TypeList<>>,
    std::conditional_t<kShape<Op> != Shape::single, TypeList<GapWide<Op>, GapNarrow<Op>>, TypeList<>>,
    TypeList<NearOverflow<Op>, SubnormalLo<Op>, Specials<Op>>>;

}  // namespace fpv::ff
