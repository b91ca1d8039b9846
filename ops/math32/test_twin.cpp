// The binary64 twin's arithmetic (reference/binary64_twin.h), which judges binary32 math results
// on the GPU beside CUDA's binary64 functions, against MPFR: a rounding it calls certain is the
// rounding of every value within its trust of the evaluation, and, with the host's glibc
// functions standing in for CUDA's, what it certifies is MPFR's correctly rounded result and what
// it measures lands in MPFR's bin, above MPFR's error by less than its slack, with MPFR's
// distance in binary32 numbers. The GPU side (CUDA's functions) is compared with the host's
// verdicts by tests/gpu/test_gpu_exact_reference.cpp, GpuMath32.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cfenv>
#include <cmath>
#include <vector>

#include "corpus/counter_rng.h"
#include "model/error_bins.h"
#include "ops/math32/twin.h"
#include "ops/catalogue.h"
#include "ops/ops.h"
#include "reference/mpfr_reference.h"
#include "reference/reference_mode.h"
#include "verifier/cpu/backend.h"

namespace fpv {
namespace {

constexpr Rounding kModes[] = {Rounding::rn, Rounding::rz, Rounding::ru, Rounding::rd};

mpfr_rnd_t mpfr_mode(Rounding r) {
    switch (r) {
        case Rounding::rn: return MPFR_RNDN;
        case Rounding::rz: return MPFR_RNDZ;
        case Rounding::ru: return MPFR_RNDU;
        case Rounding::rd: return MPFR_RNDD;
    }
    return MPFR_RNDN;
}

// v (1 + k 2^-40), exactly, rounded to binary32 in `mode` by MPFR (subnormals included).
uint32_t rounded_with_offset(double v, int k, Rounding mode) {
    mpfr_t x;
    mpfr_init2(x, 200);
    mpfr_set_d(x, v, MPFR_RNDN);
    mpfr_t scaled;
    mpfr_init2(scaled, 200);
    mpfr_mul_d(scaled, x, static_cast<double>(k) * twin::kTrust, MPFR_RNDN);  // exact at 200 bits
    mpfr_add(x, x, scaled, MPFR_RNDN);                                         // exact at 200 bits
    const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-148);  // binary32: subnormals down to 2^-149
    mpfr_set_emax(128);
    mpfr_t f;
    mpfr_init2(f, 24);
    // x may lie beyond the range just set: the rounding first, then the range's overflow and
    // underflow, then binary32's subnormals.
    int t = mpfr_set(f, x, mpfr_mode(mode));
    t = mpfr_check_range(f, t, mpfr_mode(mode));
    mpfr_subnormalize(f, t, mpfr_mode(mode));
    const float out = mpfr_get_flt(f, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    mpfr_clears(x, scaled, f, static_cast<mpfr_ptr>(nullptr));
    return bits_of(out);
}

TEST(Binary64Twin, ACertainRoundingIsTheRoundingOfEveryValueWithinTheTrust) {
    CounterRng rng(20261129, 1);
    uint64_t certified[4] = {}, tried = 0;
    for (uint64_t i = 0; i < 60000; ++i) {
        // Binary64 values from far below binary32's subnormals to far above its largest, and
        // values on and next to binary32 numbers and their midpoints.
        const uint64_t r = rng.next();
        const int exponent = static_cast<int>(r % 300) - 160;
        double d = std::ldexp(1.0 + static_cast<double>(rng.next() >> 12) * 0x1p-52, exponent);
        if (i % 3 == 1) d = static_cast<double>(float_of(static_cast<uint32_t>(r >> 33)));
        if (i % 3 == 2) {
            const double a = static_cast<double>(float_of(static_cast<uint32_t>(r >> 33) & 0x7f7fffffu));
            d = a + std::ldexp(static_cast<double>(float_of(static_cast<uint32_t>((r >> 33) + 1) & 0x7f7fffffu)) - a, -1);
        }
        if (!std::isfinite(d)) continue;
        if ((r & 1) != 0) d = -d;
        ++tried;
        for (int m = 0; m < 4; ++m) {
            uint32_t c = 0;
            if (!twin::round_surely(d, kModes[m], c)) continue;
            ++certified[m];
            for (int k : {-1, 0, 1}) {
                ASSERT_EQ(c, rounded_with_offset(d, k, kModes[m]))
                    << std::hexfloat << d << " mode " << m << " offset " << k;
            }
        }
    }
    // Most values lie far from every boundary.
    for (int m = 0; m < 4; ++m) EXPECT_GT(certified[m], tried / 2) << "mode " << m;
}

TEST(Binary64Twin, ZerosInfinitiesAndNansRoundAsTheyMust) {
    uint32_t c = 0;
    EXPECT_TRUE(twin::round_surely(0.0, Rounding::rn, c));
    EXPECT_EQ(c, 0u);
    EXPECT_TRUE(twin::round_surely(-0.0, Rounding::rn, c));
    EXPECT_EQ(c, 0x80000000u);
    EXPECT_FALSE(twin::round_surely(0.0, Rounding::ru, c));  // an exact zero, or a tiny positive value?
    EXPECT_FALSE(twin::round_surely(std::nan(""), Rounding::rn, c));
    EXPECT_TRUE(twin::round_surely(INFINITY, Rounding::rz, c));
    EXPECT_EQ(c, 0x7f7fffffu);
    EXPECT_TRUE(twin::round_surely(-INFINITY, Rounding::ru, c));
    EXPECT_EQ(c, 0xff7fffffu);
    EXPECT_TRUE(twin::round_surely(0x1p200, Rounding::rn, c));
    EXPECT_EQ(c, 0x7f800000u);
    EXPECT_TRUE(twin::round_surely(0x1p-200, Rounding::ru, c));  // far below the least subnormal
    EXPECT_EQ(c, 1u);
    EXPECT_TRUE(twin::round_surely(0x1p-200, Rounding::rn, c));
    EXPECT_EQ(c, 0u);
    EXPECT_FALSE(twin::round_surely(1.0, Rounding::rz, c));  // on a binary32 number: either side
    EXPECT_TRUE(twin::round_surely(1.0, Rounding::rn, c));
    EXPECT_EQ(c, 0x3f800000u);
    for (uint32_t bits : {0u, 1u, 0x007fffffu, 0x00800000u, 0x3f800001u, 0x7f7fffffu, 0x80000001u, 0xc0490fdbu}) {
        EXPECT_EQ(bits_of(twin::widen(bits)), bits_of(static_cast<double>(float_of(bits)))) << std::hex << bits;
    }
}

// The twin's verdicts with glibc's binary64 function standing in for CUDA's.
template <class Op, class Fn>
void twin_agrees_with_mpfr(Fn glibc, uint64_t inputs, uint64_t& certified, uint64_t& measured) {
    MpfrReference mpfr;
    CounterRng rng(Op::key_salt, 7);
    for (uint64_t i = 0; i < inputs; ++i) {
        const uint64_t r = rng.next();
        Operands in{r & 0xffffffffu, r >> 32, 0};
        if (math32::left_to_host(static_cast<uint32_t>(in.a), false)) continue;
        double d = 0;
        if constexpr (arity<Op> == 1) {
            d = glibc(twin::widen(static_cast<uint32_t>(in.a)));
        } else {
            if (math32::left_to_host(static_cast<uint32_t>(in.b), false)) continue;
            d = glibc(twin::widen(static_cast<uint32_t>(in.a)), twin::widen(static_cast<uint32_t>(in.b)));
        }
        for (const Rounding mode : {Rounding::rn, Rounding::rz}) {
            uint32_t c = 0;
            if (!twin::round_surely(d, mode, c)) continue;
            ++certified;
            const uint64_t expected = mpfr.correctly_rounded<Op>(in, mode, false);
            ASSERT_EQ(c, expected) << Op::name << std::hex << " x " << in.a << " y " << in.b << " mode "
                                   << rounding_name(mode);
            if (mode != Rounding::rn || (c & 0x7fffffffu) == 0 || (c & 0x7fffffffu) >= 0x7f800000u) continue;
            for (const int64_t k : {-3, -1, 1, 2, 40}) {
                const uint32_t result = static_cast<uint32_t>(static_cast<int64_t>(c) + k);
                if ((result & 0x7fffffffu) == 0 || (result & 0x7fffffffu) >= 0x7f800000u ||
                    (result & 0x80000000u) != (c & 0x80000000u)) {
                    continue;
                }
                double error = 0;
                if (!twin::error_in_ulps(d, result, error)) continue;
                ++measured;
                const double exact = mpfr.ulp_error<Op>(in, result, false);
                ASSERT_EQ(error_bin(error), error_bin(exact))
                    << Op::name << std::hex << " x " << in.a << " result " << result << std::hexfloat << " "
                    << error << " " << exact;
                ASSERT_GE(error, exact);
                // Beside a power of two the bound covers both binades; elsewhere it is close.
                if (!twin::near_power_of_two(d)) {
                    ASSERT_LE(error - exact, 0x1p-14);
                }
                ASSERT_EQ(twin::steps_between(result, c), k < 0 ? -k : k);
            }
        }
    }
}

TEST(Binary64Twin, WithGlibcsFunctionsItCertifiesAndMeasuresAsMpfrDoes) {
    constexpr uint64_t kInputs = 6000;
    uint64_t certified = 0, measured = 0;
    twin_agrees_with_mpfr<op::exp32>([](double x) { return std::exp(x); }, kInputs, certified, measured);
    twin_agrees_with_mpfr<op::log32>([](double x) { return std::log(x); }, kInputs, certified, measured);
    twin_agrees_with_mpfr<op::sin32>([](double x) { return std::sin(x); }, kInputs, certified, measured);
    twin_agrees_with_mpfr<op::tan32>([](double x) { return std::tan(x); }, kInputs, certified, measured);
    twin_agrees_with_mpfr<op::erfc32>([](double x) { return std::erfc(x); }, kInputs, certified, measured);
    twin_agrees_with_mpfr<op::cbrt32>([](double x) { return std::cbrt(x); }, kInputs, certified, measured);
    twin_agrees_with_mpfr<op::pow32>([](double x, double y) { return std::pow(x, y); }, kInputs, certified, measured);
    twin_agrees_with_mpfr<op::atan2_32>([](double y, double x) { return std::atan2(y, x); }, kInputs, certified,
                                        measured);
    twin_agrees_with_mpfr<op::hypot32>([](double x, double y) { return std::hypot(x, y); }, kInputs, certified,
                                       measured);
    EXPECT_GT(certified, 50000u);
    EXPECT_GT(measured, 100000u);
}

// Beside a power of two the exact value may lie in either binade, whose ulps differ by two:
// what the twin measures there, with both binades allowed where its trust reaches across, must
// still land in MPFR's bin (MPFR rounds its error toward zero, so that bin is the exact error's)
// and bound MPFR's error from above. Inputs whose values lie within 2^-39 of 1, 2 or 4, and
// results up to four steps either side of the correctly rounded one.
template <class Op, class Fn>
void near_powers_agree_with_mpfr(Fn glibc, const std::vector<uint32_t>& inputs, uint64_t& measured,
                                 uint64_t& across) {
    MpfrReference mpfr;
    for (const uint32_t x : inputs) {
        const Operands in{x, 0, 0};
        const double d = glibc(twin::widen(x));
        uint32_t c = 0;
        if (!twin::near_power_of_two(d) || !twin::round_surely(d, Rounding::rn, c)) continue;
        for (int k = -4; k <= 4; ++k) {
            const uint32_t result = static_cast<uint32_t>(static_cast<int64_t>(c) + k);
            if (k == 0 || (result & 0x80000000u) != (c & 0x80000000u)) continue;
            double error = 0;
            if (!twin::error_in_ulps(d, result, error)) continue;
            ++measured;
            const double exact = mpfr.ulp_error<Op>(in, result, false);
            ASSERT_EQ(error_bin(error), error_bin(exact))
                << Op::name << std::hex << " x " << x << " result " << result << std::hexfloat << " " << error
                << " " << exact;
            ASSERT_GE(error, exact) << Op::name << std::hex << " x " << x << " result " << result;
            if (error - exact > 0.25) ++across;  // decided with both binades allowed
        }
    }
}

TEST(Binary64Twin, BesideAPowerOfTwoItMeasuresInMpfrsBin) {
    CounterRng rng(20261129, 2);
    std::vector<uint32_t> tiny, near_integer, near_four;
    for (int i = 0; i < 20000; ++i) {
        // |x| in [2^-60, 2^-12): cos x and exp x within 2^-25 of 1, many within 2^-40.
        const uint32_t exponent = 127 - 60 + static_cast<uint32_t>(rng.below(48));
        const uint32_t sign = rng.coin() ? 0x80000000u : 0u;
        tiny.push_back(sign | exponent << 23 | (static_cast<uint32_t>(rng.next()) & 0x7fffffu));
        // Around 1 and 2 (exp2 x near 2 and 4) by a few binary32 steps.
        const uint32_t one_or_two = rng.coin() ? 0x3f800000u : 0x40000000u;
        near_integer.push_back(one_or_two + static_cast<uint32_t>(rng.below(9)) - 4u);
        // Around 16 (log2 x near 4), 64 and 8 (cbrt x near 4 and 2).
        const uint32_t centres[] = {0x41800000u, 0x42800000u, 0x41000000u};
        near_four.push_back(centres[rng.below(3)] + static_cast<uint32_t>(rng.below(4001)) - 2000u);
    }
    uint64_t measured = 0, across = 0;
    near_powers_agree_with_mpfr<op::cos32>([](double x) { return std::cos(x); }, tiny, measured, across);
    near_powers_agree_with_mpfr<op::exp32>([](double x) { return std::exp(x); }, tiny, measured, across);
    near_powers_agree_with_mpfr<op::exp2_32>([](double x) { return std::exp2(x); }, near_integer, measured, across);
    near_powers_agree_with_mpfr<op::log2_32>([](double x) { return std::log2(x); }, near_four, measured, across);
    near_powers_agree_with_mpfr<op::cbrt32>([](double x) { return std::cbrt(x); }, near_four, measured, across);
    EXPECT_GT(measured, 50000u);
    EXPECT_GT(across, 1000u);  // the one-step-below results of cos and exp near 1
}

// What the GPU's twin decided of an input of MPFR's sample travels with the result to the host,
// which counts a decision MPFR contradicts as a disagreement of the references: a wrong result
// certified, or an error measured outside MPFR's bin or slack. Verdicts stay MPFR's.
TEST(Binary64Twin, ADecisionSentFromTheGpuThatMpfrContradictsIsADisagreement) {
    const ImplInfo& impl = *find_impl("exp32.expf_glibc");
    const InputSet set = resolve_class("all32", impl.op, 1);
    MpfrReference mpfr;
    std::vector<IndexedResult> listed;
    uint64_t sampled = 0;
    for (uint64_t x = 0x3f800000u; sampled < 6; ++x) {
        if (!exact_sampled(x)) continue;
        ++sampled;
        const Operands in{x, 0, 0};
        const uint64_t c = mpfr.correctly_rounded<op::exp32>(in, Rounding::rn, false);
        const double error = mpfr.ulp_error<op::exp32>(in, c + 1, false);
        listed.push_back({x, twin::with_decision(c, 0.0)});                // agrees: certified
        listed.push_back({x, twin::with_decision(c + 1, error)});          // agrees: measured
        listed.push_back({x, c + 1});                                      // nothing decided
        listed.push_back({x, twin::with_decision(c + 1, 0.0)});            // a wrong result certified
        listed.push_back({x, twin::with_decision(c + 1, error - 0x1p-10)}); // an error below MPFR's
    }
    const Tally t = judge_indexed_results(UnitWork{impl, set, TallyLimits{}, ReferenceMode::exact}, listed.data(),
                                          listed.size());
    EXPECT_EQ(t.tested, listed.size());
    EXPECT_EQ(t.reference_disagreements, 2 * sampled);
    EXPECT_EQ(t.failed(), 0u);  // one step from the correctly rounded result: within expf_glibc's 1 ulp
    for (const FailureRecord& r : t.disagreements) EXPECT_EQ(r.result, r.expected + 1) << std::hex << r.input.a;
}

}  // namespace
}  // namespace fpv
