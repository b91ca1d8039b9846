// MPFR's dot product as the judge uses it (reference/mpfr_dot.h), summed in chunks of terms so
// that its memory does not grow with k (issue 42, N1): against the exact integer accumulator
// (reference/exact_dot.h), an independent computation, in every rounding mode, on lengths that
// cross the chunks' borders, with exact zeros whose sign the chunks must agree on; its
// componentwise error against MPFR's sum of all the terms at once.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <random>
#include <vector>

#include "core/binary64.h"
#include "reference/exact_dot.h"
#include "reference/mpfr_dot.h"
#include "reference/mpfr_reference.h"

namespace fpv {
namespace {

constexpr Rounding kModes[] = {Rounding::rn, Rounding::rz, Rounding::ru, Rounding::rd};

struct Terms {
    std::vector<uint64_t> a, b;
};

uint64_t accumulated(const Terms& t, Rounding r) {
    exact_dot::Accumulator acc;
    acc.clear();
    for (size_t i = 0; i < t.a.size(); ++i) acc.add_product(t.a[i], t.b[i]);
    return acc.rounded(r);
}

// |result - exact| / (2^-52 sum |a b|), every term summed by one mpfr_dot, the magnitudes' sum
// rounded once to 64 bits as the judge's is.
double componentwise_at_once(const Terms& t, uint64_t result) {
    const ScopedExponentRange widest;
    const size_t n = t.a.size();
    std::vector<__mpfr_struct> values(4 * n);
    std::vector<mpfr_ptr> a(n), b(n), abs_a(n), abs_b(n);
    for (size_t i = 0; i < n; ++i) {
        a[i] = &values[i];
        b[i] = &values[n + i];
        abs_a[i] = &values[2 * n + i];
        abs_b[i] = &values[3 * n + i];
        for (mpfr_ptr v : {a[i], b[i], abs_a[i], abs_b[i]}) mpfr_init2(v, 53);
        mpfr_set_d(a[i], double_of(t.a[i]), MPFR_RNDN);
        mpfr_set_d(b[i], double_of(t.b[i]), MPFR_RNDN);
        mpfr_abs(abs_a[i], a[i], MPFR_RNDN);
        mpfr_abs(abs_b[i], b[i], MPFR_RNDN);
    }
    mpfr_t exact, scale, difference;
    mpfr_inits2(4400, exact, difference, static_cast<mpfr_ptr>(nullptr));
    mpfr_init2(scale, 64);
    mpfr_dot(exact, a.data(), b.data(), n, MPFR_RNDN);
    mpfr_dot(scale, abs_a.data(), abs_b.data(), n, MPFR_RNDN);
    mpfr_set_d(difference, double_of(result), MPFR_RNDN);
    mpfr_sub(difference, difference, exact, MPFR_RNDN);
    mpfr_abs(difference, difference, MPFR_RNDN);
    mpfr_div(difference, difference, scale, MPFR_RNDN);
    mpfr_mul_2si(difference, difference, 52, MPFR_RNDN);
    const double e = mpfr_get_d(difference, MPFR_RNDN);
    mpfr_clears(exact, scale, difference, static_cast<mpfr_ptr>(nullptr));
    for (__mpfr_struct& v : values) mpfr_clear(&v);
    return e;
}

// Terms whose products span the whole exponent range, of both signs, some cancelling.
Terms random_terms(std::mt19937_64& rng, size_t n) {
    Terms t;
    for (size_t i = 0; i < n; ++i) {
        const int spread = static_cast<int>(rng() % 4);
        const int exponent = spread == 0 ? static_cast<int>(rng() % 2000) - 1000 : static_cast<int>(rng() % 60) - 30;
        const double x = std::ldexp(static_cast<double>(rng() >> 11) * 0x1p-53, exponent);
        t.a.push_back(bits_of((rng() & 1) != 0 ? -x : x));
        t.b.push_back(bits_of(std::ldexp(static_cast<double>(rng() >> 11) * 0x1p-53 + 0.5, static_cast<int>(rng() % 40) - 20)));
        if (i % 7 == 3 && i > 0) {  // the product before, negated: exact cancellation across chunks too
            t.a.push_back(t.a[i - 1] ^ b64::kSign);
            t.b.push_back(t.b[i - 1]);
        }
    }
    return t;
}

TEST(MpfrDot, SummedInChunksRoundsAsTheExactAccumulatorInEveryMode) {
    std::mt19937_64 rng(42);
    MpfrDot dot;
    for (const size_t n : {1u, 4095u, 4096u, 4097u, 8192u, 10000u, 20000u}) {
        for (int sample = 0; sample < 3; ++sample) {
            const Terms t = random_terms(rng, n);
            dot.load(t.a, t.b);
            for (const Rounding r : kModes) {
                EXPECT_EQ(dot.rounded(r), accumulated(t, r)) << t.a.size() << " terms, mode " << rounding_name(r);
            }
            // A result some ulps off, as a GEMM gives: the same error as all the terms summed at once.
            const uint64_t off = accumulated(t, Rounding::rn) + 3;
            if (!b64::is_nan(off) && !b64::is_inf(off)) {
                EXPECT_EQ(dot.componentwise_error(off), componentwise_at_once(t, off)) << t.a.size() << " terms";
            }
        }
    }
}

TEST(MpfrDot, AnExactZeroTakesTheSignOfAllTheTermsAtOnce) {
    MpfrDot dot;
    const uint64_t one = bits_of(1.0), minus_zero = bits_of(-0.0), plus_zero = bits_of(0.0);
    // Every product -0, across two chunks: -0 in every mode.
    Terms negative_zeros{std::vector<uint64_t>(5000, minus_zero), std::vector<uint64_t>(5000, one)};
    dot.load(negative_zeros.a, negative_zeros.b);
    for (const Rounding r : kModes) EXPECT_EQ(dot.rounded(r), minus_zero) << rounding_name(r);
    // A first chunk that cancels exactly, a second of -0 products: +0, and -0 rounding down.
    Terms cancelled;
    for (int i = 0; i < 4096; ++i) {
        cancelled.a.push_back(i % 2 == 0 ? one : one ^ b64::kSign);
        cancelled.b.push_back(one);
    }
    for (int i = 0; i < 100; ++i) {
        cancelled.a.push_back(minus_zero);
        cancelled.b.push_back(one);
    }
    dot.load(cancelled.a, cancelled.b);
    for (const Rounding r : kModes) {
        EXPECT_EQ(dot.rounded(r), r == Rounding::rd ? minus_zero : plus_zero) << rounding_name(r);
        EXPECT_EQ(dot.rounded(r), accumulated(cancelled, r)) << rounding_name(r);
    }
    // Infinities of both signs in different chunks: NaN, as at once.
    Terms infinities{std::vector<uint64_t>(6000, one), std::vector<uint64_t>(6000, one)};
    infinities.a[10] = b64::kInfinity;
    infinities.a[5000] = b64::kInfinity | b64::kSign;
    dot.load(infinities.a, infinities.b);
    EXPECT_TRUE(b64::is_nan(dot.rounded(Rounding::rn)));
}

}  // namespace
}  // namespace fpv
