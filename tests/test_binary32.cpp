// Binary32 ops and the f2d conversions against independent evidence: CUDA's documented
// intrinsic semantics worked by hand, the host FPU (with MXCSR's flush-to-zero and
// denormals-are-zero bits for the FTZ reference), and exact rational arithmetic (GMP).
#include <gtest/gtest.h>
#include <xmmintrin.h>

#include <cmath>
#include <cstring>

#include "corpus/class_catalogue.h"
#include "corpus/counter_rng.h"
#include "corpus/usage_error.h"
#include "kernels/catalogue.h"
#include "kernels/cuda_intrinsics_host.h"
#include "kernels/f2d_impls.h"
#include "reference/judge.h"
#include "verifier/tally.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

constexpr uint32_t kMinNormal32 = 0x00800000u;

bool same32(uint32_t a, uint32_t b) {
    const auto nan = [](uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u; };
    return a == b || (nan(a) && nan(b));
}

// ---- CUDA intrinsics, host versions -------------------------------------------------------

TEST(Intrinsics, BytePermFollowsCudasDocumentedIndexing) {
    // Bytes 0..3 come from x (least significant first), 4..7 from y.
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x3210u), 0x11223344u);
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x7654u), 0x55667788u);
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x0123u), 0x44332211u);
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x7210u), 0x55223344u);  // the f2d selector
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0x4444u), 0x88888888u);
    // Only bits 2:0 of each selector nibble count, and the upper 16 bits not at all.
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0xabcd8888u), 0x44444444u);
    EXPECT_EQ(byte_perm(0x11223344u, 0x55667788u, 0xfedcba98u), byte_perm(0x11223344u, 0x55667788u, 0x3210u));
}

TEST(Intrinsics, HiLoIntToDoubleConcatenatesTheWords) {
    EXPECT_EQ(hiloint2double(0x3ff00000u, 0u), 1.0);
    EXPECT_EQ(hiloint2double(0xc0000000u, 0u), -2.0);
    EXPECT_EQ(bits_of(hiloint2double(0x7ff80000u, 0xdeadbeefu)), 0x7ff80000deadbeefull);  // payload kept
    EXPECT_EQ(bits_of(hiloint2double(0x00000000u, 0x00000001u)), 1ull);  // the least subnormal
}

// ---- f2d: the documented domains on whole binades -----------------------------------------

// Every pattern of exponent field `field`, both signs: whether `impl` equals the native
// conversion on all of them (1), on none of the nonzero ones (0), or on some (-1).
int agreement_on_binade(uint64_t (*impl)(uint64_t, uint64_t), uint32_t field) {
    uint64_t agree = 0, total = 0;
    for (uint32_t sign = 0; sign < 2; ++sign) {
        for (uint32_t m = 0; m < (1u << 23); ++m) {
            const uint32_t bits = (sign << 31) | (field << 23) | m;
            if ((bits & 0x7fffffffu) == 0) continue;
            ++total;
            agree += impl(bits, 0) == f2d::native(bits, 0) ? 1 : 0;
        }
    }
    return agree == total ? 1 : agree == 0 ? 0 : -1;
}

TEST(F2d, ShiftXorIsExactOnItsDocumentedDomainAndWrongJustOutside) {
    // +-[2^-15, 2^17) is exponent fields 112 to 143; 2^-15 = 0x38000000.
    EXPECT_EQ(agreement_on_binade(f2d::shift_xor, 111), 0);
    EXPECT_EQ(agreement_on_binade(f2d::shift_xor, 112), 1);
    EXPECT_EQ(agreement_on_binade(f2d::shift_xor, 127), 1);
    EXPECT_EQ(agreement_on_binade(f2d::shift_xor, 143), 1);
    EXPECT_EQ(agreement_on_binade(f2d::shift_xor, 144), 0);
}

TEST(F2d, BytePermIsExactOnItsDocumentedDomainAndWrongJustOutside) {
    // +-[2^-1, 2^3) is exponent fields 126 to 129.
    EXPECT_EQ(agreement_on_binade(f2d::byte_permute, 125), 0);
    EXPECT_EQ(agreement_on_binade(f2d::byte_permute, 126), 1);
    EXPECT_EQ(agreement_on_binade(f2d::byte_permute, 129), 1);
    EXPECT_EQ(agreement_on_binade(f2d::byte_permute, 130), 0);
}

TEST(F2d, DomainPredicatesMatchTheirIntervals) {
    for (uint64_t i = 0; i < (uint64_t{1} << 20); ++i) {
        CounterRng rng(77, i);
        const uint32_t bits = static_cast<uint32_t>(rng.next());
        const float x = float_of(bits), m = std::fabs(x);
        const bool special = x == 0 || std::isinf(x) || std::isnan(x);
        ASSERT_EQ(f2d::in_domain_2m15_2p17(bits, 0), special || (m >= 0x1p-15f && m < 0x1p17f)) << std::hex << bits;
        ASSERT_EQ(f2d::in_domain_2m1_2p3(bits, 0), special || (m >= 0.5f && m < 8.0f)) << std::hex << bits;
    }
}

TEST(F2d, SpecialsInsideTheDomainsConvertExactly) {
    for (const uint32_t bits : {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u}) {
        EXPECT_EQ(f2d::shift_xor(bits, 0), f2d::native(bits, 0)) << std::hex << bits;
        EXPECT_EQ(f2d::byte_permute(bits, 0), f2d::native(bits, 0)) << std::hex << bits;
    }
    for (const uint32_t nan : {0x7fc00000u, 0xffc00001u, 0x7f800001u}) {
        EXPECT_TRUE(std::isnan(double_of(f2d::shift_xor(nan, 0)))) << std::hex << nan;
        EXPECT_TRUE(std::isnan(double_of(f2d::byte_permute(nan, 0)))) << std::hex << nan;
    }
}

TEST(F2d, JudgeCallsOutsideTheDomainWrongButNotFailed) {
    const ImplInfo& impl = *find_impl("f2d.shift_xor");
    Judge judge(impl);
    const uint32_t tiny = 0x37ffffffu;  // just below 2^-15
    const Verdict outside = judge({tiny, 0}, f2d::shift_xor(tiny, 0));
    EXPECT_EQ(outside.category, Category::outside_domain);
    EXPECT_TRUE(outside.wrong);
    EXPECT_FALSE(outside.failed());
    const Verdict inside = judge({0x38000000u, 0}, f2d::shift_xor(0x38000000u, 0));
    EXPECT_EQ(inside.category, Category::exact);
    EXPECT_FALSE(inside.wrong);
    // A wrong result inside the domain is a failure with a measured error.
    const Verdict bad = judge({0x3f800000u, 0}, bits_of(1.0) + 1);
    EXPECT_TRUE(bad.failed());
    EXPECT_EQ(bad.error, 1.0);
}

TEST(F2d, UlpErrorMatchesExactRationalArithmetic) {
    // |r - x| / ulp(x) from GMP, rounded to double, against the host computation.
    for (uint64_t i = 0; i < 20000; ++i) {
        CounterRng rng(5, i);
        const uint32_t a = static_cast<uint32_t>(rng.next());
        const uint64_t near = f2d::native(a, 0) + (rng.next() & 0xffff) - 0x8000;
        const uint64_t far = rng.next();
        for (const uint64_t r : {near, far}) {
            const float x = float_of(a);
            const double rd = double_of(r);
            if (!std::isfinite(x) || !std::isfinite(rd)) continue;
            const mpq_class diff = abs(testing::exact_value(r) - testing::exact_value(f2d::native(a, 0)));
            const int e = x == 0 ? -1074 : std::max(std::ilogb(static_cast<double>(x)), -1022) - 52;
            const mpq_class ulps = diff / testing::power_of_two(e);
            // ulps.get_d() truncates; compare within one rounding of the host value.
            const double host = binary64_ulp_error(a, r);
            if (std::isinf(host)) {
                EXPECT_GT(ulps, mpq_class(0x1.fffffffffffffp1023)) << std::hex << a << " " << r;
                continue;
            }
            const mpq_class gap = abs(ulps - mpq_class(host));
            EXPECT_LE(gap, mpq_class(host) * mpq_class(0x1p-52)) << std::hex << a << " " << r;
        }
    }
}

// ---- binary32 reference against the host FPU -----------------------------------------------

uint32_t host_op(OpId op, uint32_t a, uint32_t b) {
    const float x = float_of(a), y = float_of(b);
    switch (op) {
        case OpId::sqrt32: return bits_of(std::sqrt(x));
        case OpId::rcp32: return bits_of(1.0f / x);
        default: return bits_of(x / y);
    }
}

// The same under MXCSR.FTZ and MXCSR.DAZ; the barriers keep the compiler from moving the
// arithmetic across the mode switches.
__attribute__((noinline)) uint32_t host_op_ftz(OpId op, uint32_t a, uint32_t b) {
    const unsigned saved = _mm_getcsr();
    _mm_setcsr(saved | 0x8040u);
    asm volatile("" ::: "memory");
    volatile uint32_t r = host_op(op, a, b);
    asm volatile("" ::: "memory");
    _mm_setcsr(saved);
    return r;
}

// Operands drawn from every region that matters: random patterns, subnormals, and quotients
// near the bottom of the normal range.
Operands probe(uint64_t i) {
    CounterRng rng(2026, i);
    const uint64_t kind = rng.below(4);
    const uint32_t sign_a = rng.coin() ? 0x80000000u : 0u;
    const uint32_t a = static_cast<uint32_t>(rng.next()), b = static_cast<uint32_t>(rng.next());
    const uint32_t m = static_cast<uint32_t>(rng.next()) & 0x7fffffu;
    switch (kind) {
        case 0: return {a, b};
        case 1: return {sign_a | m, b};  // a subnormal first operand
        case 2: return {a, (b & 0x807fffffu)};  // a subnormal divisor
        default: {
            // x / y close to 2^-126: x in [1, 2), y near 2^126 or 2^127.
            const uint32_t x = 0x3f800000u | m;
            const uint32_t y = sign_a | ((253u + static_cast<uint32_t>(rng.below(2))) << 23) |
                               (static_cast<uint32_t>(rng.next()) & 0x7fffffu);
            return {x, y};
        }
    }
}

TEST(Binary32Reference, AgreesWithTheHostFpuOnSqrtReciprocalAndDivision) {
    Binary32Reference ref;
    for (const OpId op : {OpId::sqrt32, OpId::rcp32, OpId::div32}) {
        for (uint64_t i = 0; i < 300000; ++i) {
            const Operands in = probe(i);
            const uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
            ASSERT_TRUE(same32(ref.correctly_rounded(op, a, b, false), host_op(op, a, b)))
                << op_info(op).name << std::hex << " " << a << " " << b;
            ASSERT_TRUE(same32(Binary32Reference::host_correctly_rounded(op, a, b, false), host_op(op, a, b)));
        }
    }
}

TEST(Binary32Reference, FlushToZeroModeAgreesWithTheHostUnderFtzAndDaz) {
    Binary32Reference ref;
    uint64_t flushed = 0;
    for (const OpId op : {OpId::sqrt32, OpId::rcp32, OpId::div32}) {
        for (uint64_t i = 0; i < 300000; ++i) {
            const Operands in = probe(i);
            const uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
            const uint32_t expected = host_op_ftz(op, a, b);
            ASSERT_TRUE(same32(ref.correctly_rounded(op, a, b, true), expected))
                << op_info(op).name << std::hex << " " << a << " " << b;
            flushed += (expected & 0x7fffffffu) == 0 && (host_op(op, a, b) & 0x7fffffffu) != 0;
        }
    }
    EXPECT_GT(flushed, 10000u);  // the probes really reach the flushed range
    // Tiny after rounding: (1 - 2^-24) * 2^-126 rounds to 2^-126 in the subnormal format, but
    // to a 24-bit value below 2^-126 with an unbounded exponent, so FTZ flushes it.
    EXPECT_EQ(host_op(OpId::div32, 0x3f7fffffu, 0x7e800000u), kMinNormal32);
    EXPECT_EQ(host_op_ftz(OpId::div32, 0x3f7fffffu, 0x7e800000u), 0u);
    EXPECT_EQ(ref.correctly_rounded(OpId::div32, 0x3f7fffffu, 0x7e800000u, true), 0u);
    EXPECT_EQ(ref.correctly_rounded(OpId::div32, 0xbf7fffffu, 0x7e800000u, true), 0x80000000u);
    // Subnormal operands read as zeros: 1/subnormal is infinity, sqrt(-subnormal) is -0.
    EXPECT_EQ(ref.correctly_rounded(OpId::rcp32, 0x00000001u, 0, true), 0x7f800000u);
    EXPECT_EQ(ref.correctly_rounded(OpId::sqrt32, 0x80000005u, 0, true), 0x80000000u);
}

// rsqrt has no host instruction to compare with: check that MPFR's result r is the nearest
// binary32 to 1/sqrt(x) with exact rationals, r's neighbouring midpoints m- < 1/sqrt(x) < m+,
// that is m-^2 x < 1 < m+^2 x (ties cannot occur: 1/sqrt(x) is irrational or has few bits).
TEST(Binary32Reference, ReciprocalSquareRootIsTheNearestBinary32) {
    Binary32Reference ref;
    for (uint64_t i = 0; i < 50000; ++i) {
        CounterRng rng(31, i);
        uint32_t a = static_cast<uint32_t>(rng.next()) & 0x7fffffffu;
        if (i % 4 == 0) a &= 0x007fffffu;  // subnormal operands too
        if (a == 0 || a >= 0x7f800000u) continue;
        const uint32_t r = ref.correctly_rounded(OpId::rsqrt32, a, 0, false);
        ASSERT_LT(r, 0x7f800000u) << std::hex << a;
        const mpq_class x = testing::exact_value(bits_of(static_cast<double>(float_of(a))));
        const mpq_class rv = testing::exact_value(bits_of(static_cast<double>(float_of(r))));
        const mpq_class up = testing::exact_value(bits_of(static_cast<double>(float_of(r + 1))));
        const mpq_class down = testing::exact_value(bits_of(static_cast<double>(float_of(r - 1))));
        const mpq_class lo = (rv + down) / 2, hi = (rv + up) / 2;
        ASSERT_LT(lo * lo * x, 1) << std::hex << a;
        ASSERT_GT(hi * hi * x, 1) << std::hex << a;
    }
    EXPECT_EQ(ref.correctly_rounded(OpId::rsqrt32, 0x3e800000u, 0, false), 0x40000000u);  // 1/sqrt(1/4) = 2
    EXPECT_EQ(ref.correctly_rounded(OpId::rsqrt32, 0x80000000u, 0, false), 0xff800000u);  // -0 -> -inf
    EXPECT_TRUE(same32(ref.correctly_rounded(OpId::rsqrt32, 0xbf800000u, 0, false), 0x7fc00000u));
}

TEST(Binary32Reference, UlpErrorsAreMeasuredAgainstTheExactValue) {
    Binary32Reference ref;
    // sqrt(2) = 1.41421356...; its neighbours one and two ulps up.
    const uint32_t r = ref.correctly_rounded(OpId::sqrt32, 0x40000000u, 0, false);
    EXPECT_EQ(r, 0x3fb504f3u);
    EXPECT_LT(ref.ulp_error(OpId::sqrt32, 0x40000000u, 0, r, false), 0.5);
    const double one_up = ref.ulp_error(OpId::sqrt32, 0x40000000u, 0, r + 1, false);
    EXPECT_GT(one_up, 0.5);
    EXPECT_LT(one_up, 1.5);
    // 1/3 on the subnormal grid: the ulp there is 2^-149.
    EXPECT_NEAR(ref.ulp_error(OpId::div32, 0x00000001u, 0x40400000u, 0u, false), 1.0 / 3.0, 1e-12);
}

// The fast reference is the MPFR one, input by input.
TEST(Binary32Reference, FastReferenceGivesTheSameVerdictsAsMpfr) {
    for (const char* name : {"sqrt32.sqrtf", "rcp32.div_ftz", "div32.div", "div32.fdividef_ftz", "f2d.byte_perm"}) {
        const ImplInfo& impl = *find_impl(name);
        Judge mpfr(impl, ReferenceMode::mpfr), fast(impl, ReferenceMode::fast);
        Binary32Reference ref;
        for (uint64_t i = 0; i < 100000; ++i) {
            const Operands in = probe(i);
            const uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
            uint64_t result = impl.op == OpId::f2d ? f2d::byte_permute(a, 0) : ref.correctly_rounded(impl.op, a, b, impl.ftz);
            if (i % 3 == 1) result ^= 1;  // one ulp off, or a NaN payload changed
            const Verdict m = mpfr(in, result), f = fast(in, result);
            ASSERT_EQ(m.category, f.category) << name << std::hex << " " << a << " " << b;
            ASSERT_EQ(m.expected, f.expected) << name;
            ASSERT_EQ(m.wrong, f.wrong) << name;
            ASSERT_EQ(m.ftz_changed, f.ftz_changed) << name;
            ASSERT_FALSE(f.reference_conflict) << name;
            ASSERT_TRUE(m.error == f.error || (std::isnan(m.error) && std::isnan(f.error))) << name;
        }
    }
}

// The fast ulp error of quotients is MPFR's, bit for bit: results a few ulps off, far off,
// subnormal, in both FTZ modes; where it declines, MPFR measures.
TEST(Binary32Reference, FastQuotientUlpErrorsEqualMpfrs) {
    Binary32Reference ref;
    uint64_t fast = 0;
    for (const OpId op : {OpId::div32, OpId::rcp32}) {
        for (const bool ftz : {false, true}) {
            for (uint64_t i = 0; i < 200000; ++i) {
                const Operands in = probe(i);
                const uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
                CounterRng rng(77, i);
                const uint32_t right = ref.correctly_rounded(op, a, b, ftz);
                const uint32_t off = i % 5 == 4 ? static_cast<uint32_t>(rng.next())
                                                : right + static_cast<uint32_t>(rng.below(33)) - 16;
                double error = 0;
                if (!Binary32Reference::host_quotient_ulp_error(op, a, b, off, ftz, error)) continue;
                ++fast;
                ASSERT_EQ(bits_of(error), bits_of(ref.ulp_error(op, a, b, off, ftz)))
                    << op_info(op).name << std::hex << " " << a << " " << b << " -> " << off;
            }
        }
    }
    EXPECT_GT(fast, 300000u);  // most results: the rest go to MPFR
    double error = 0;
    EXPECT_FALSE(Binary32Reference::host_quotient_ulp_error(OpId::div32, 0x3f800000u, 0x40000000u, 0u, false, error));
    EXPECT_FALSE(Binary32Reference::host_quotient_ulp_error(OpId::sqrt32, 0x3f800000u, 0, 0x3f800001u, false, error));
}

// NVIDIA's bounds count representable numbers between the result and the correctly rounded
// one: a result two numbers away passes a 2 ulp claim although it is 2.14 ulps from the exact
// quotient (a case CUDA's -prec-div=false division returns on an H100), three away fails.
TEST(Binary32Reference, BoundsAreDistancesToTheCorrectlyRoundedResult) {
    EXPECT_EQ(representable_steps(0x3f800000u, 0x3f800002u), 2);
    EXPECT_EQ(representable_steps(0x80000001u, 0x00000001u), 2);  // across the zeros
    EXPECT_EQ(representable_steps(0x80000000u, 0x00000000u), 0);
    EXPECT_EQ(representable_steps(0x7f7fffffu, 0x7f800000u), 1);  // infinity: one beyond
    const ImplInfo& impl = *find_impl("div32.div_approx");
    Judge judge(impl);
    const Operands in{0x0b6c2582u, 0xb76cfdfdu};
    ASSERT_EQ(Binary32Reference().correctly_rounded(OpId::div32, 0x0b6c2582u, 0xb76cfdfdu, false), 0x937f1628u);
    const Verdict two_away = judge(in, 0x937f1626u);
    EXPECT_EQ(two_away.steps, 2);
    EXPECT_NEAR(two_away.error, 2.1416593, 1e-6);
    EXPECT_EQ(two_away.category, Category::within_bound);
    const Verdict three_away = judge(in, 0x937f1625u);
    EXPECT_EQ(three_away.steps, 3);
    EXPECT_TRUE(three_away.failed());
    // Only inside the domain do the distances count, and they merge like everything else.
    Tally a, b;
    a.record(0, in, 0x937f1626u, two_away, TallyLimits{});
    b.record(1, in, 0x937f1625u, three_away, TallyLimits{});
    a.merge(b, TallyLimits{});
    EXPECT_EQ(a.max_steps(), 3u);
    EXPECT_EQ(a.step_counts[2], 1u);
    EXPECT_EQ(a.step_counts[3], 1u);
}

TEST(Binary32Reference, FtzImplsCountWhereFlushingChangedTheAnswer) {
    const ImplInfo& impl = *find_impl("rcp32.frcp_rn_ftz");
    Judge judge(impl);
    // 1/x for x just above 2^126: IEEE gives a subnormal, FTZ gives zero.
    const Verdict v = judge({0x7e800001u, 0}, 0u);
    EXPECT_FALSE(v.failed());
    EXPECT_TRUE(v.ftz_changed);
    const Verdict normal = judge({0x40000000u, 0}, 0x3f000000u);
    EXPECT_FALSE(normal.failed());
    EXPECT_FALSE(normal.ftz_changed);
    // The IEEE answer is a failure for an FTZ impl: it was built to flush.
    EXPECT_TRUE(judge({0x7e800001u, 0}, 0x007fffffu).failed());
}

// ---- float-float building blocks under FTZ ------------------------------------------------

TEST(FloatFloatFtz, SubnormalOperandsReadAsZerosAndTheChangeIsCounted) {
    const ImplInfo& ieee = *find_impl("eft_add.two_sum");
    const ImplInfo& ftz = *find_impl("eft_add.two_sum_ftz");  // the catalogue's FTZ build
    ASSERT_TRUE(ftz.ftz);
    ASSERT_FALSE(ieee.ftz);
    Judge judge_ieee(ieee), judge_ftz(ftz);
    const float subnormal = 0x1p-140f;
    const Operands in{bits_of(1.0f), bits_of(subnormal)};
    const uint64_t flushed_answer = (uint64_t{bits_of(1.0f)} << 32);  // (1, 0)
    const Verdict for_ftz = judge_ftz(in, flushed_answer);
    EXPECT_FALSE(for_ftz.wrong);
    EXPECT_TRUE(for_ftz.ftz_changed);
    const Verdict for_ieee = judge_ieee(in, flushed_answer);
    EXPECT_TRUE(for_ieee.wrong);  // (1, 0) is not 1 + 2^-140
    EXPECT_FALSE(for_ieee.ftz_changed);
    // Normal operands are not flushed: dropping a normal addend is an error under FTZ too.
    const Operands normal_operands{bits_of(0x1p-100f), bits_of(0x1.000002p-126f)};
    EXPECT_TRUE(judge_ftz(normal_operands, uint64_t{bits_of(0x1p-100f)} << 32).wrong);
    EXPECT_FALSE(judge_ftz(normal_operands, uint64_t{bits_of(0x1p-100f)} << 32).ftz_changed);
}

TEST(FloatFloatFtz, EveryImplBuiltWithFtzIsJudgedInFtzMode) {
    size_t ftz_impls = 0;
    for (const ImplInfo& impl : all_impls()) {
        EXPECT_EQ(impl.ftz, impl.name.ends_with("_ftz")) << impl.name;
        ftz_impls += impl.ftz ? 1 : 0;
    }
    EXPECT_EQ(ftz_impls, 16u);  // 9 CUDA binary32 functions, 7 float-float blocks
}

// ---- exhaustive classes ---------------------------------------------------------------------

TEST(ExhaustiveClasses, RangesAndBinadesEnumerateTheirPatternsInOrder) {
    const InputSet all = resolve_class("all32", OpId::f2d, 1);
    EXPECT_TRUE(all.exhaustive);
    EXPECT_EQ(all.size, uint64_t{1} << 32);
    EXPECT_EQ(all.input(0xdeadbeefu).a, 0xdeadbeefu);
    const InputSet range = resolve_class("range32:0x3f800000-0x3f8000ff", OpId::rsqrt32, 1);
    EXPECT_EQ(range.size, 256u);
    for (uint64_t i = 0; i < range.size; ++i) ASSERT_EQ(range.input(i).a, 0x3f800000u + i);
    const InputSet binade = resolve_class("binade32:0", OpId::f2d, 1);
    EXPECT_EQ(binade.size, uint64_t{1} << 24);
    std::vector<bool> seen(uint64_t{1} << 24);
    for (uint64_t i = 0; i < binade.size; ++i) {
        const uint32_t bits = static_cast<uint32_t>(binade.input(i).a);
        ASSERT_EQ((bits >> 23) & 0xff, 0u);
        const uint64_t slot = ((bits >> 31) << 23) | (bits & 0x7fffffu);
        ASSERT_FALSE(seen[slot]);
        seen[slot] = true;
    }
    EXPECT_THROW(resolve_class("range32:5-4", OpId::f2d, 1), UsageError);
    EXPECT_THROW(resolve_class("range32:0-0x100000000", OpId::f2d, 1), UsageError);
    EXPECT_THROW(resolve_class("binade32:256", OpId::f2d, 1), UsageError);
    EXPECT_THROW(resolve_class("all32", OpId::div32, 1), UsageError);  // two operands
}

}  // namespace
}  // namespace fpv
