// The exact dot product (reference/exact_dot.h) against MPFR: the exact sum of the products
// computed by mpfr_dot at a precision that holds it exactly, then rounded once into binary64
// (subnormals by mpfr_subnormalize), in every rounding mode, bit for bit; the magnitude sum and
// the fractional error against MPFR's; on vectors that reach every part of the accumulator. The
// GPU's count of steps (reference/entry_judge.h) against the host's.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <algorithm>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "core/portability.h"
#include "reference/classify.h"
#include "reference/entry_judge.h"
#include "reference/exact_dot.h"
#include "reference/mpfr_reference.h"

namespace fpv {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr Rounding kModes[] = {Rounding::rn, Rounding::rz, Rounding::ru, Rounding::rd};

struct Vectors {
    std::vector<double> a, b;
};

// MPFR's view of a dot product: exact (the precision holds any sum of 2^22 products), then
// rounded once into binary64.
class MpfrDot {
public:
    explicit MpfrDot(const Vectors& v) : n_(v.a.size()) {
        ScopedExponentRange widest;
        terms_.resize(2 * n_);
        for (size_t i = 0; i < 2 * n_; ++i) {
            mpfr_init2(&terms_[i], 53);
            mpfr_set_d(&terms_[i], i < n_ ? v.a[i] : v.b[i - n_], MPFR_RNDN);
        }
        a_.resize(n_);
        b_.resize(n_);
        for (size_t i = 0; i < n_; ++i) {
            a_[i] = &terms_[i];
            b_[i] = &terms_[n_ + i];
        }
        mpfr_init2(exact_, kExactBits);
        mpfr_init2(magnitude_, kExactBits);
        exact_inexact_ = mpfr_dot(exact_, a_.data(), b_.data(), n_, MPFR_RNDN);
        std::vector<__mpfr_struct> abs(2 * n_);
        std::vector<mpfr_ptr> abs_a(n_), abs_b(n_);
        for (size_t i = 0; i < 2 * n_; ++i) {
            mpfr_init2(&abs[i], 53);
            mpfr_abs(&abs[i], &terms_[i], MPFR_RNDN);
            (i < n_ ? abs_a[i] : abs_b[i - n_]) = &abs[i];
        }
        mpfr_dot(magnitude_, abs_a.data(), abs_b.data(), n_, MPFR_RNDN);
        for (auto& t : abs) mpfr_clear(&t);
    }
    ~MpfrDot() {
        for (auto& t : terms_) mpfr_clear(&t);
        mpfr_clear(exact_);
        mpfr_clear(magnitude_);
    }
    MpfrDot(const MpfrDot&) = delete;
    MpfrDot& operator=(const MpfrDot&) = delete;

    bool exact() const { return exact_inexact_ == 0; }
    // The exact sum again in mode r, since the mode decides the sign of an exact zero.
    uint64_t rounded(Rounding r) const {
        ScopedExponentRange widest;
        mpfr_t exact;
        mpfr_init2(exact, kExactBits);
        mpfr_dot(exact, a_.data(), b_.data(), n_, mpfr_rounding(r));
        const uint64_t bits = to_binary64(exact, mpfr_rounding(r));
        mpfr_clear(exact);
        return bits;
    }
    uint64_t magnitude_sum() const { return to_binary64(magnitude_, MPFR_RNDN); }
    // |exact - c| / ulp, the ulp given as a binary64 magnitude's last place.
    double error_in_ulps(uint64_t c, double ulp) const {
        ScopedExponentRange widest;
        mpfr_t d;
        mpfr_init2(d, kExactBits + 64);
        mpfr_set_d(d, double_of(c), MPFR_RNDN);
        mpfr_sub(d, exact_, d, MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
        mpfr_div_d(d, d, ulp, MPFR_RNDN);
        const double e = mpfr_get_d(d, MPFR_RNDN);
        mpfr_clear(d);
        return e;
    }

private:
    static constexpr mpfr_prec_t kExactBits = 4400;
    static uint64_t to_binary64(mpfr_srcptr exact, mpfr_rnd_t rounding) {
        ScopedExponentRange binary64(mpfr_emin(Format::binary64), mpfr_emax(Format::binary64));
        mpfr_t r;
        mpfr_init2(r, 53);
        int inexact = mpfr_set(r, exact, rounding);
        inexact = mpfr_check_range(r, inexact, rounding);
        mpfr_subnormalize(r, inexact, rounding);
        const uint64_t bits = bits_of(mpfr_get_d(r, rounding));
        mpfr_clear(r);
        return mpfr_nan_p(exact) ? 0x7ff8000000000000ull : bits;
    }
    size_t n_;
    std::vector<__mpfr_struct> terms_;
    std::vector<mpfr_ptr> a_, b_;
    mpfr_t exact_, magnitude_;
    int exact_inexact_ = 0;
};

exact_dot::Accumulator accumulated(const Vectors& v) {
    exact_dot::Accumulator acc;
    acc.clear();
    for (size_t i = 0; i < v.a.size(); ++i) acc.add_product(bits_of(v.a[i]), bits_of(v.b[i]));
    return acc;
}

// A binary64 of random sign and significand with its exponent drawn from [low, high]
// (below -1022: a subnormal, or zero).
double random_binade(std::mt19937_64& rng, int low, int high) {
    const int e = std::uniform_int_distribution<int>(low, high)(rng);
    const double significand = 1.0 + std::ldexp(static_cast<double>(rng() >> 12), -52);
    return ((rng() & 1) != 0 ? -1 : 1) * std::ldexp(significand, e);
}

using Generator = std::function<Vectors(std::mt19937_64&, size_t)>;

Vectors each(size_t n, std::mt19937_64& rng, const std::function<double(std::mt19937_64&)>& draw) {
    Vectors v;
    for (size_t i = 0; i < n; ++i) {
        v.a.push_back(draw(rng));
        v.b.push_back(draw(rng));
    }
    return v;
}

struct Family {
    const char* name;
    Generator make;
};

std::vector<Family> families() {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    return {
        {"uniform [0,1)", [=](auto& rng, size_t n) mutable { return each(n, rng, [&](auto& r) { return unit(r); }); }},
        {"signed uniform", [=](auto& rng, size_t n) mutable { return each(n, rng, [&](auto& r) { return 2 * unit(r) - 1; }); }},
        {"spread phi = 8",
         [=](auto& rng, size_t n) mutable {
             std::normal_distribution<double> normal;
             return each(n, rng, [&](auto& r) { return (unit(r) - 0.5) * std::exp(8 * normal(r)); });
         }},
        {"the whole range", [](auto& rng, size_t n) { return each(n, rng, [](auto& r) { return random_binade(r, -1074, 1023); }); }},
        {"subnormal products", [](auto& rng, size_t n) { return each(n, rng, [](auto& r) { return random_binade(r, -560, -500); }); }},
        {"near overflow", [](auto& rng, size_t n) { return each(n, rng, [](auto& r) { return random_binade(r, 505, 512); }); }},
        {"cancellation",
         [](auto& rng, size_t n) {
             // Products that cancel in pairs, and one small term, or none, left over.
             Vectors v = each((n + 1) / 2, rng, [](auto& r) { return random_binade(r, -300, 300); });
             const size_t half = v.a.size();
             for (size_t i = 0; i < half; ++i) {
                 v.a.push_back(-v.a[i]);
                 v.b.push_back(v.b[i]);
             }
             if ((rng() & 1) != 0) {
                 v.a.push_back(random_binade(rng, -700, -600));
                 v.b.push_back(random_binade(rng, -700, -600));
             }
             std::vector<size_t> order(v.a.size());
             for (size_t i = 0; i < order.size(); ++i) order[i] = i;
             std::shuffle(order.begin(), order.end(), rng);
             Vectors shuffled;
             for (const size_t i : order) {
                 shuffled.a.push_back(v.a[i]);
                 shuffled.b.push_back(v.b[i]);
             }
             return shuffled;
         }},
        {"ties and near ties",
         [](auto& rng, size_t) {
             // x + half an ulp of x: a midpoint; a third term a little off it, or none.
             const double x = random_binade(rng, -1000, 1000);
             const double half_ulp = std::ldexp(std::abs(x) - std::nextafter(std::abs(x), 0.0), -1);
             Vectors v{{x, half_ulp}, {1.0, (rng() & 1) != 0 ? 1.0 : -1.0}};
             const int off = static_cast<int>(rng() % 3);
             if (off != 0) {
                 v.a.push_back(std::ldexp(half_ulp, -60));
                 v.b.push_back(off == 1 ? 1.0 : -1.0);
             }
             return v;
         }},
        {"zeros, infinities and NaNs",
         [](auto& rng, size_t n) {
             const double specials[] = {0.0, -0.0, kInf, -kInf, kNan, 1.0, -1.0, 0x1p-1074};
             return each(n % 4 + 1, rng, [&](auto& r) { return specials[r() % 8]; });
         }},
    };
}

TEST(ExactDot, RoundsAsMpfrInEveryModeOnEveryFamilyOfVectors) {
    std::mt19937_64 rng(20261126);
    const size_t lengths[] = {1, 2, 3, 5, 16, 100, 1000};
    for (const Family& family : families()) {
        int compared = 0;
        for (int sample = 0; sample < 60; ++sample) {
            const Vectors v = family.make(rng, lengths[static_cast<size_t>(sample) % std::size(lengths)]);
            const MpfrDot mpfr(v);
            ASSERT_TRUE(mpfr.exact()) << family.name;
            const exact_dot::Accumulator acc = accumulated(v);
            for (const Rounding r : kModes) {
                const uint64_t want = mpfr.rounded(r), got = acc.rounded(r);
                EXPECT_EQ(got, want) << family.name << ", " << v.a.size() << " terms, mode " << rounding_name(r)
                                     << ": " << double_of(got) << " against MPFR's " << double_of(want);
                ++compared;
            }
            if (!std::isnan(double_of(mpfr.magnitude_sum()))) {
                EXPECT_EQ(acc.magnitude_sum(), mpfr.magnitude_sum()) << family.name;
            }
        }
        EXPECT_EQ(compared, 240) << family.name;
    }
}

TEST(ExactDot, MeasuresFractionalErrorsInUlpsAsMpfrDoes) {
    std::mt19937_64 rng(7);
    for (const Family& family : families()) {
        for (int sample = 0; sample < 40; ++sample) {
            const Vectors v = family.make(rng, 1 + rng() % 200);
            const exact_dot::Accumulator acc = accumulated(v);
            const uint64_t exact_rounded = acc.rounded(Rounding::rn);
            if ((exact_rounded & 0x7ff0000000000000ull) == 0x7ff0000000000000ull) continue;  // not finite
            // A naive sum in order: the kind of answer a GEMM gives, some ulps off.
            double naive = 0;
            for (size_t i = 0; i < v.a.size(); ++i) naive += v.a[i] * v.b[i];
            if (!std::isfinite(naive)) continue;
            const double ulp = std::abs(double_of(exact_rounded)) == 0
                                   ? 0x1p-1074
                                   : std::nextafter(std::abs(double_of(exact_rounded)), kInf) - std::abs(double_of(exact_rounded));
            const double want = MpfrDot(v).error_in_ulps(bits_of(naive), ulp);
            const double got = acc.error_in_ulps(bits_of(naive), exact_rounded);
            if (std::isinf(want)) {
                EXPECT_TRUE(std::isinf(got)) << family.name << ": an error beyond the doubles";
            } else {
                EXPECT_NEAR(got, want, want * 0x1p-50) << family.name << ", " << v.a.size() << " terms";
            }
        }
    }
}

TEST(ExactDot, KeepsIeeeRulesForSpecialsAndZeros) {
    const auto dot = [](std::vector<double> a, std::vector<double> b, Rounding r = Rounding::rn) {
        return accumulated({std::move(a), std::move(b)}).rounded(r);
    };
    EXPECT_EQ(dot({kInf, 1.0}, {0.0, 1.0}), 0x7ff8000000000000ull);          // inf * 0
    EXPECT_EQ(dot({kInf, -kInf}, {1.0, 1.0}), 0x7ff8000000000000ull);    // inf - inf
    EXPECT_EQ(dot({kInf, 1e300}, {1.0, 1e300}), bits_of(kInf));
    EXPECT_EQ(dot({-0.0, 0.0}, {1.0, -1.0}), bits_of(-0.0));                      // every product -0
    EXPECT_EQ(dot({-0.0, 0.0}, {1.0, 1.0}), bits_of(0.0));
    EXPECT_EQ(dot({1.0, 1.0}, {1.0, -1.0}), bits_of(0.0));                        // exact cancellation
    EXPECT_EQ(dot({1.0, 1.0}, {1.0, -1.0}, Rounding::rd), bits_of(-0.0));
    EXPECT_EQ(dot({0x1p-1074}, {0x1p-1074}, Rounding::ru), bits_of(0x1p-1074));   // the least product
    EXPECT_EQ(dot({0x1p-1074}, {0x1p-1074}, Rounding::rn), bits_of(0.0));
    EXPECT_EQ(dot({0x1p1023, 0x1p1023}, {2.0, -1.0}), bits_of(0x1p1023));         // past 2^1024 and back
    EXPECT_EQ(dot({0x1p1023}, {4.0}, Rounding::rz), bits_of(0x1.fffffffffffffp1023));
    EXPECT_EQ(dot({}, {}), bits_of(0.0));
}

// The distance in binary64 numbers that the verdicts and the GPU's entry judge count: as the
// values' ordinals say (representable_steps), across signs, zeros and infinities, and saturated
// where opposite signs lie farther apart than 63 bits count.
TEST(EntryJudge, CountsStepsAsTheOrdinalsOfTheValuesSay) {
    std::mt19937_64 rng(7);
    const uint64_t edges[] = {0, 1, 0x000fffffffffffffull, 0x0010000000000000ull, 0x3ff0000000000000ull,
                              0x7fefffffffffffffull, 0x7ff0000000000000ull};
    std::vector<uint64_t> values;
    for (const uint64_t e : edges) {
        values.push_back(e);
        values.push_back(e | (uint64_t{1} << 63));
    }
    for (int i = 0; i < 2000; ++i) values.push_back(rng() & ~(uint64_t{0x7ff} << 52 & rng()));
    for (const uint64_t x : values) {
        for (const uint64_t y : {values[0], values[5], values.back(), x ^ 1, x + 3}) {
            if (b64::is_nan(x) || b64::is_nan(y)) continue;
            const bool far_apart = ((x ^ y) >> 63) != 0 && (x & ~b64::kSign) + (y & ~b64::kSign) > uint64_t{INT64_MAX};
            const int64_t expected = far_apart ? INT64_MAX : representable_steps(Format::binary64, x, y);
            ASSERT_EQ(binary64_steps(x, y), expected) << std::hex << x << " " << y;
        }
    }
}

}  // namespace
}  // namespace fpv
