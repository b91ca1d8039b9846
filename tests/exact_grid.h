// Where exact values lie on binary64's grid, for the tests that prove the class guarantees: the
// distance of an exact rational (or of a root known by its exact square) to the nearest
// midpoint or representable number in ulps, the tests' own exact rounding to binary64, and
// MPFR set up to round as binary64 does, subnormals included.
#pragma once

#include <gmpxx.h>
#include <mpfr.h>

#include <cstdint>

#include "core/binary64.h"
#include "tests/exact_rational.h"

namespace fpv::testing {

inline bool normal(uint64_t bits) {
    const uint32_t f = b64::exponent_field(bits);
    return f != 0 && f != 0x7ff;
}
inline mpq_class magnitude(const mpq_class& v) { return v < 0 ? mpq_class(-v) : v; }

inline mpz_class floor_of(const mpq_class& q) {
    mpz_class z;
    mpz_fdiv_q(z.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
    return z;
}

// Where a nonzero value lies on binary64's grid: |v| = (whole + fraction) * 2^exponent,
// 0 <= fraction < 1, 2^exponent its ulp (exponent = max(floor(log2 |v|), -1022) - 52, unbounded
// above).
struct Grid {
    int exponent;
    mpz_class whole;
    mpq_class fraction;
    mpq_class ulp() const { return power_of_two(exponent); }
};
inline Grid grid(const mpq_class& v) {
    const mpz_class num = abs(v.get_num()), den = v.get_den();
    // floor(log2 |v|) from the sizes, corrected by one comparison.
    int e = static_cast<int>(mpz_sizeinbase(num.get_mpz_t(), 2)) - static_cast<int>(mpz_sizeinbase(den.get_mpz_t(), 2));
    mpz_class lhs = num, rhs = den;
    if (e >= 0)
        rhs <<= e;
    else
        lhs <<= -e;
    if (lhs < rhs) --e;
    Grid g{(e < -1022 ? -1022 : e) - 52, 0, 0};
    mpz_class scaled_num = num, scaled_den = den;  // |v| / ulp
    if (g.exponent >= 0)
        scaled_den <<= g.exponent;
    else
        scaled_num <<= -g.exponent;
    mpz_class rest;
    mpz_fdiv_qr(g.whole.get_mpz_t(), rest.get_mpz_t(), scaled_num.get_mpz_t(), scaled_den.get_mpz_t());
    g.fraction = mpq_class(rest, scaled_den);
    g.fraction.canonicalize();
    return g;
}
inline mpq_class midpoint_distance(const Grid& g) { return magnitude(g.fraction - mpq_class(1, 2)); }  // in ulps
inline mpq_class representable_distance(const Grid& g) {
    return g.fraction < mpq_class(1, 2) ? g.fraction : mpq_class(1 - g.fraction);
}

// The grid point nearest `scaled` (a positive value measured in ulps), in ulps: the nearest
// midpoint k + 1/2, or the nearest integer (a binary64 number), ties upwards.
inline mpq_class nearest_grid_units(const mpq_class& scaled, bool midpoints) {
    return midpoints ? mpq_class(mpq_class(floor_of(scaled)) + mpq_class(1, 2))
                     : mpq_class(floor_of(scaled + mpq_class(1, 2)));
}

// The test's own rounding of a nonzero exact value to binary64, in an MPFR rounding mode.
inline uint64_t round_exact(bool negative, const Grid& g, mpfr_rnd_t mode) {
    bool up = false;
    switch (mode) {
        case MPFR_RNDN:
            up = g.fraction > mpq_class(1, 2) || (g.fraction == mpq_class(1, 2) && mpz_odd_p(g.whole.get_mpz_t()));
            break;
        case MPFR_RNDU: up = !negative && g.fraction > 0; break;
        case MPFR_RNDD: up = negative && g.fraction > 0; break;
        default: break;
    }
    mpz_class n = g.whole + (up ? 1 : 0);
    int e = g.exponent;
    if (n == (mpz_class(1) << 53)) {
        n = mpz_class(1) << 52;
        ++e;
    }
    if (n != 0 && static_cast<int>(mpz_sizeinbase(n.get_mpz_t(), 2)) - 1 + e >= 1024) {
        const bool to_infinity =
            mode == MPFR_RNDN || (mode == MPFR_RNDU && !negative) || (mode == MPFR_RNDD && negative);
        return (negative ? b64::kSign : 0) | (to_infinity ? b64::kInfinity : b64::kMaxFinite);
    }
    return b64::from_scaled_integer(n.get_ui(), e, negative);
}
inline uint64_t round_exact(const mpq_class& v, mpfr_rnd_t mode) { return round_exact(v < 0, grid(v), mode); }

// f > 0 known by its exact square; m > 0 a grid point. |f - m| = |f^2 - m^2| / (f + m), and
// f + m >= 2m when f >= m, f + m >= 2m - D/m when f < m (sqrt(m^2 - D) >= m - D/m).
struct RootDistance {
    mpq_class bound;  // of |f - m|, rigorous
    int sign;         // of f - m, exact
};

inline RootDistance root_distance(const mpq_class& square, const mpq_class& m) {
    mpq_class d = square - m * m;
    const int sign = sgn(d);
    if (sign < 0) d = -d;
    const mpq_class bound = sign >= 0 ? mpq_class(d / (2 * m)) : mpq_class(d / (2 * m - d / m));
    return {bound, sign};
}

// The grid point nearest a normal positive root f, the ulp there, and the rigorous distance, in
// ulps: f is known by an approximation close enough to find the point and by its exact square.
struct NearRoot {
    mpq_class point;
    mpq_class ulp;
    mpq_class bound_ulps;
    int sign;
};

inline NearRoot near_root(const mpq_class& approximation, const mpq_class& square, bool midpoints) {
    const mpq_class ulp = power_of_two(floor_log2(approximation) - 52);
    const mpq_class point = nearest_grid_units(approximation / ulp, midpoints) * ulp;
    const RootDistance d = root_distance(square, point);
    return {point, ulp, d.bound / ulp, d.sign};
}

// The odd part of a finite nonzero value's significand, and its number of bits.
inline uint64_t odd_part(uint64_t bits) {
    uint64_t s = b64::decompose(bits & ~b64::kSign).significand;
    while ((s & 1) == 0) s >>= 1;
    return s;
}
inline int odd_bits(uint64_t bits) { return 64 - clz64(odd_part(bits)); }

// A finite nonzero value's significand normalised to [2^52, 2^53).
inline uint64_t significand53(uint64_t x) {
    b64::Decomposed d = b64::decompose(x);
    while (d.significand < (uint64_t{1} << 52)) d.significand <<= 1;
    return d.significand;
}

// MPFR with binary64's exponent range, where mpfr_subnormalize gives binary64's subnormals.
class Binary64Range {
public:
    Binary64Range() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
        mpfr_set_emin(-1073);
        mpfr_set_emax(1024);
    }
    ~Binary64Range() {
        mpfr_set_emin(emin_);
        mpfr_set_emax(emax_);
    }

private:
    mpfr_exp_t emin_, emax_;
};

// A correctly rounded binary64 result and MPFR's ternary value for it.
struct Rounded {
    uint64_t bits;
    int ternary;
};

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
using MpfrBinary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

// f(x), correctly rounded to binary64 (MPFR at 53 bits in binary64's exponent range).
inline Rounded mpfr_unary64(MpfrUnary f, uint64_t x, mpfr_rnd_t mode) {
    const Binary64Range range;
    mpfr_t in, out;
    mpfr_inits2(53, in, out, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(in, double_of(x), MPFR_RNDN);
    int t = f(out, in, mode);
    t = mpfr_subnormalize(out, t, mode);
    const Rounded r{bits_of(mpfr_get_d(out, mode)), t};
    mpfr_clears(in, out, static_cast<mpfr_ptr>(nullptr));
    return r;
}

// f(a, b), correctly rounded to binary64 (MPFR at 53 bits in binary64's exponent range).
inline Rounded mpfr_binary64(MpfrBinary f, uint64_t a, uint64_t b, mpfr_rnd_t mode) {
    const Binary64Range range;
    mpfr_t x, y, r;
    mpfr_inits2(53, x, y, r, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(x, double_of(a), MPFR_RNDN);
    mpfr_set_d(y, double_of(b), MPFR_RNDN);
    int t = f(r, x, y, mode);
    t = mpfr_subnormalize(r, t, mode);
    const Rounded out{bits_of(mpfr_get_d(r, mode)), t};
    mpfr_clears(x, y, r, static_cast<mpfr_ptr>(nullptr));
    return out;
}

// f(x) to `precision` bits (MPFR's default exponent range), as a rational.
inline mpq_class mpfr_approximation(MpfrUnary f, uint64_t x, int precision) {
    mpfr_t in, out;
    mpfr_init2(in, 53);
    mpfr_init2(out, precision);
    mpfr_set_d(in, double_of(x), MPFR_RNDN);
    f(out, in, MPFR_RNDN);
    mpq_class q;
    mpfr_get_q(q.get_mpq_t(), out);
    mpfr_clears(in, out, static_cast<mpfr_ptr>(nullptr));
    return q;
}

// near_root for f(x), f a root (sqrt, rec_sqrt) whose value at x is normal and positive and
// `square` exactly: f(x) to 320 bits finds the grid point.
inline NearRoot near_root(MpfrUnary f, uint64_t x, const mpq_class& square, bool midpoints) {
    return near_root(mpfr_approximation(f, x, 320), square, midpoints);
}

}  // namespace fpv::testing
