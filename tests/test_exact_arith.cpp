// The fast float-float reference against MPFR: exact sums, quotients and conversions in
// integer arithmetic must round exactly as mpfr_sum, mpfr_div and mpfr_get_d do at precision
// 64, and whole verdicts must be identical, input by input and campaign by campaign.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <random>
#include <vector>

#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "reference/exact_arith.h"
#include "reference/ff_judge.h"

namespace fpv {
namespace {

// An MPFR value of precision 64 and its Rounded64 twin.
class Mpfr64 {
public:
    Mpfr64() { mpfr_init2(v_, 64); }
    ~Mpfr64() { mpfr_clear(v_); }
    Mpfr64(const Mpfr64&) = delete;
    Mpfr64& operator=(const Mpfr64&) = delete;
    mpfr_ptr get() { return v_; }

    // The Rounded64 that holds the same value (v_ is a number).
    exact::Rounded64 rounded() const {
        exact::Rounded64 r;
        r.negative = mpfr_signbit(v_) != 0;
        if (mpfr_zero_p(v_)) return r;
        mpz_t z;
        mpz_init(z);
        const mpfr_exp_t e = mpfr_get_z_2exp(z, v_);  // v = z 2^e, |z| < 2^64
        mpz_abs(z, z);
        const int shift = 64 - static_cast<int>(mpz_sizeinbase(z, 2));
        mpz_mul_2exp(z, z, static_cast<mp_bitcnt_t>(shift));
        r.significand = mpz_get_ui(z);
        r.exponent = static_cast<int>(e) - shift + 63;
        mpz_clear(z);
        return r;
    }

private:
    mpfr_t v_;
};

bool same(const exact::Rounded64& a, const exact::Rounded64& b) {
    return a.significand == b.significand && a.negative == b.negative &&
           (a.significand == 0 || a.exponent == b.exponent);
}

// mpfr_sum at precision 64 of the terms.
exact::Rounded64 mpfr_sum64(const std::vector<double>& terms) {
    std::vector<mpfr_t> values(terms.size());
    std::vector<mpfr_ptr> pointers;
    for (size_t i = 0; i < terms.size(); ++i) {
        mpfr_init2(values[i], 53);
        mpfr_set_d(values[i], terms[i], MPFR_RNDN);
        pointers.push_back(values[i]);
    }
    Mpfr64 sum;
    mpfr_sum(sum.get(), pointers.data(), pointers.size(), MPFR_RNDN);
    for (mpfr_t& v : values) mpfr_clear(v);
    return sum.rounded();
}

// Random terms: significands of up to 53 bits, exponents within `spread` of each other around
// `centre`, random signs; sometimes a term cancels another one exactly or nearly.
std::vector<double> random_terms(std::mt19937_64& rng, int centre, int spread) {
    const int n = 1 + static_cast<int>(rng() % 8);
    std::vector<double> t;
    for (int i = 0; i < n; ++i) {
        const int bits = 1 + static_cast<int>(rng() % 53);
        const double m = static_cast<double>(rng() >> (64 - bits));
        const int e = centre - static_cast<int>(rng() % static_cast<uint64_t>(spread + 1));
        double v = std::ldexp(m, e - bits);
        if (rng() % 2) v = -v;
        switch (rng() % 8) {
            case 0: if (!t.empty()) v = -t[rng() % t.size()]; break;  // exact cancellation
            case 1: if (!t.empty()) v = -std::nextafter(t[rng() % t.size()], 0.0); break;
            case 2: v = 0.0 * (rng() % 2 ? 1 : -1); break;  // signed zeros
            default: break;
        }
        t.push_back(v);
    }
    return t;
}

TEST(ExactArithmetic, SumsRoundAsMpfrSumAtPrecision64) {
    std::mt19937_64 rng(2026);
    uint64_t wide = 0;
    for (int trial = 0; trial < 300000; ++trial) {
        // Narrow and wide spreads, around ordinary, tiny (subnormal) and huge magnitudes.
        static constexpr int kCentres[] = {0, 60, -60, -1000, -1070, 1000, 1023};
        const int centre = kCentres[rng() % 7];
        const int spread = trial % 3 == 0 ? 40 : trial % 3 == 1 ? 240 : 2000;
        std::vector<double> terms = random_terms(rng, centre, spread);
        for (double& t : terms) {
            if (!std::isfinite(t)) t = 1.0;
        }
        const exact::Rounded64 fast = exact::sum_rn64(terms.data(), static_cast<int>(terms.size()));
        const exact::Rounded64 mpfr = mpfr_sum64(terms);
        ASSERT_TRUE(same(fast, mpfr)) << "trial " << trial << ": " << fast.significand << "/" << fast.exponent
                                      << " vs " << mpfr.significand << "/" << mpfr.exponent;
        wide += spread == 2000;
    }
    EXPECT_GT(wide, 90000u);
}

TEST(ExactArithmetic, SumsBreakTiesToEvenAndHonourEveryLowerBit) {
    // 2^64 + 1 lies halfway between two 64-bit numbers: ties go to the even one, 2^64, unless a
    // tiny term further down tips the balance.
    const double two64 = 0x1p64;
    const std::vector<std::vector<double>> cases = {
        {two64, 1.0}, {two64, 3.0}, {two64, 1.0, 0x1p-900}, {two64, 1.0, -0x1p-900},
        {-two64, -1.0, -0x1p-1074}, {0x1p1023, 0x1p960, 0x1p959}, {1.0, -1.0}, {-0.0, -0.0},
        {-0.0, 0.0}, {0.0, -0.0, -0.0}, {0x1p-1074, -0x1p-1074}, {-0x1p-1074, 0x1p-1073, -0x1p-1074},
        {0x1.fffffffffffffp1023, 0x1.fffffffffffffp1023}, {}};
    for (const std::vector<double>& terms : cases) {
        const exact::Rounded64 fast = exact::sum_rn64(terms.data(), static_cast<int>(terms.size()));
        const exact::Rounded64 mpfr = mpfr_sum64(terms);
        EXPECT_TRUE(same(fast, mpfr)) << terms.size() << " terms, first " << (terms.empty() ? 0 : terms[0]);
    }
    const double inf[] = {1.0, INFINITY};
    EXPECT_FALSE(exact::sum_rn64(inf, 2).finite);
}

TEST(ExactArithmetic, QuotientsAndConversionsRoundAsMpfr) {
    std::mt19937_64 rng(7);
    Mpfr64 a, b, q;
    for (int trial = 0; trial < 300000; ++trial) {
        exact::Rounded64 x, y;
        x.significand = rng() | (uint64_t{1} << 63);
        y.significand = rng() | (uint64_t{1} << 63);
        if (trial % 5 == 0) y.significand = x.significand;            // quotient exactly 1
        if (trial % 7 == 0) y.significand = uint64_t{1} << 63;         // exact quotients
        x.exponent = static_cast<int>(rng() % 2400) - 1200;
        y.exponent = static_cast<int>(rng() % 200) - 100;
        x.negative = rng() % 2;
        y.negative = rng() % 2;
        mpfr_set_ui_2exp(a.get(), static_cast<unsigned long>(x.significand), x.exponent - 63, MPFR_RNDN);
        if (x.negative) mpfr_neg(a.get(), a.get(), MPFR_RNDN);
        mpfr_set_ui_2exp(b.get(), static_cast<unsigned long>(y.significand), y.exponent - 63, MPFR_RNDN);
        if (y.negative) mpfr_neg(b.get(), b.get(), MPFR_RNDN);
        ASSERT_TRUE(same(a.rounded(), x));
        mpfr_div(q.get(), a.get(), b.get(), MPFR_RNDN);
        const exact::Rounded64 fast = exact::quotient_rn64(x, y);
        ASSERT_TRUE(same(fast, q.rounded())) << "trial " << trial;
        // To binary64 from anywhere between far below the subnormals and beyond overflow.
        ASSERT_EQ(bits_of(exact::to_double(x)), bits_of(mpfr_get_d(a.get(), MPFR_RNDN))) << "trial " << trial;
        ASSERT_EQ(bits_of(exact::to_double(fast)), bits_of(mpfr_get_d(q.get(), MPFR_RNDN))) << "trial " << trial;
    }
    // The subnormal boundary itself: 2^-1075 rounds to 0 (a tie, to even), just above it to 2^-1074.
    exact::Rounded64 tie;
    tie.significand = uint64_t{1} << 63;
    tie.exponent = -1075;
    EXPECT_EQ(exact::to_double(tie), 0.0);
    tie.significand |= 1;
    EXPECT_EQ(exact::to_double(tie), 0x1p-1074);
}

TEST(ExactArithmetic, DivisionByDigitsMatchesTheHardwareDivision) {
    // The device's division path, run on the host.
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 1000000; ++trial) {
        uint64_t b = rng() | (uint64_t{1} << 63);
        if (trial % 4 == 0) b = (uint64_t{1} << 63) | (rng() & 0xffffffffu);  // low half matters
        if (trial % 4 == 1) b = ~uint64_t{0} - (rng() & 0xff);
        uint64_t a = rng() % b;
        if (trial % 8 == 2) a = b - 1;
        uint64_t q = 0, r = 0;
        exact::detail::divide_by_digits(a, b, q, r);
        const exact::u128 n = static_cast<exact::u128>(a) << 64;
        ASSERT_EQ(q, static_cast<uint64_t>(n / b)) << a << " / " << b;
        ASSERT_EQ(r, static_cast<uint64_t>(n % b)) << a << " / " << b;
    }
}

// Every float-float impl that runs on the CPU, on every class that fits it: the fast verdict
// and MPFR's, field by field.
TEST(ExactArithmetic, FastFloatFloatVerdictsEqualMpfrVerdicts) {
    MpfrReference mpfr;
    uint64_t judged = 0;
    for (const ImplInfo& impl : all_impls()) {
        if (op_info(impl.op).metric != Metric::relative_u2 || impl.host == nullptr) continue;
        with_op(impl.op, [&](auto tag) {
            using Op = typename decltype(tag)::type;
            if constexpr (Op::metric == Metric::relative_u2) {
                for (const std::string& name : all_class_names(impl.op)) {
                    const InputSet set = resolve_class(name, impl.op, 99);
                    const uint64_t n = std::min<uint64_t>(set.size, 4000);
                    for (FloatFloatClaim claim = claim_of(impl.spec); const bool ftz : {false, true}) {
                        claim.ftz = ftz;  // the FTZ reading of the operands too
                        for (uint64_t i = 0; i < n; ++i) {
                            const Operands in = set.input(i);
                            const uint64_t result = impl.host(in);
                            const CompactVerdict fast = judge_float_float_exactly<Op>(claim, in, result);
                            const CompactVerdict slow = judge_float_float_with_mpfr<Op>(mpfr, claim, in, result);
                            ASSERT_TRUE(same_verdict(fast, slow))
                                << impl.name << " x " << name << " #" << i << ": category "
                                << category_name(fast.category) << " vs " << category_name(slow.category)
                                << ", error " << fast.error << " vs " << slow.error;
                            // A result one ulp off in its low part changes the error, never the agreement.
                            const uint64_t nudged = result ^ 1;
                            ASSERT_TRUE(same_verdict(judge_float_float_exactly<Op>(claim, in, nudged),
                                                     judge_float_float_with_mpfr<Op>(mpfr, claim, in, nudged)))
                                << impl.name << " x " << name << " #" << i << " nudged";
                            ++judged;
                        }
                    }
                }
            }
        });
    }
    EXPECT_GT(judged, 1000000u);
}

}  // namespace
}  // namespace fpv
