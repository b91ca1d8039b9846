// The binary32 ops' reference against independent evidence: the host FPU (with MXCSR's
// flush-to-zero and denormals-are-zero bits for the FTZ reference) and exact rational
// arithmetic (GMP); the fast reference against MPFR; NVIDIA's measure of ulp bounds.
#include <gtest/gtest.h>
#include <xmmintrin.h>

#include <cmath>
#include <stdexcept>

#include "corpus/counter_rng.h"
#include "model/tally.h"
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

constexpr uint32_t kMinNormal32 = 0x00800000u;

bool same32(uint32_t a, uint32_t b) {
    const auto nan = [](uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u; };
    return a == b || (nan(a) && nan(b));
}

uint32_t host_op(OpId op, uint32_t a, uint32_t b) {
    const float x = float_of(a), y = float_of(b);
    if (op == op_id<op::sqrt32>()) return bits_of(std::sqrt(x));
    if (op == op_id<op::rcp32>()) return bits_of(1.0f / x);
    return bits_of(x / y);
}

// MPFR's answers for a correctly rounded op named at run time.
class Reference {
public:
    uint32_t correctly_rounded(OpId op, uint32_t a, uint32_t b, bool ftz) {
        return static_cast<uint32_t>(with_op(op, [&](auto tag) -> uint64_t {
            using Op = typename decltype(tag)::type;
            if constexpr (Op::metric == Metric::correctly_rounded) {
                return mpfr_.correctly_rounded<Op>({a, b, 0}, Rounding::rn, ftz);
            } else {
                throw std::logic_error("not a correctly rounded op");
            }
        }));
    }
    double ulp_error(OpId op, uint32_t a, uint32_t b, uint32_t result, bool ftz) {
        return with_op(op, [&](auto tag) -> double {
            using Op = typename decltype(tag)::type;
            if constexpr (Op::metric == Metric::correctly_rounded) {
                return mpfr_.ulp_error<Op>({a, b, 0}, result, ftz);
            } else {
                throw std::logic_error("not a correctly rounded op");
            }
        });
    }

private:
    MpfrReference mpfr_;
};

// The host's exact answer, as the fast reference takes it.
uint32_t host_answer_of(OpId op, uint32_t a, uint32_t b, bool ftz) {
    return static_cast<uint32_t>(with_op(op, [&](auto tag) -> uint64_t {
        using Op = typename decltype(tag)::type;
        if constexpr (Op::metric == Metric::correctly_rounded) {
            return host_answer<Op>({a, b, 0}, Rounding::rn, ftz).value();
        } else {
            throw std::logic_error("not a correctly rounded op");
        }
    }));
}

// The fast quotient error, where the op has one.
bool host_quotient_error(OpId op, uint32_t a, uint32_t b, uint32_t result, bool ftz, double& error) {
    return with_op(op, [&](auto tag) -> bool {
        using Error = typename decltype(tag)::type::host_error;
        if constexpr (is_none<Error>) {
            return false;
        } else {
            return Error::ulp_error({a, b, 0}, result, ftz, error);
        }
    });
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
        case 0: return {a, b, 0};
        case 1: return {sign_a | m, b, 0};  // a subnormal first operand
        case 2: return {a, (b & 0x807fffffu), 0};  // a subnormal divisor
        default: {
            // x / y close to 2^-126: x in [1, 2), y near 2^126 or 2^127.
            const uint32_t x = 0x3f800000u | m;
            const uint32_t y = sign_a | ((253u + static_cast<uint32_t>(rng.below(2))) << 23) |
                               (static_cast<uint32_t>(rng.next()) & 0x7fffffu);
            return {x, y, 0};
        }
    }
}

TEST(Binary32Reference, AgreesWithTheHostFpuOnSqrtReciprocalAndDivision) {
    Reference ref;
    for (const OpId op : {op_id<op::sqrt32>(), op_id<op::rcp32>(), op_id<op::div32>()}) {
        for (uint64_t i = 0; i < 300000; ++i) {
            const Operands in = probe(i);
            const uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
            ASSERT_TRUE(same32(ref.correctly_rounded(op, a, b, false), host_op(op, a, b)))
                << op_info(op).name << std::hex << " " << a << " " << b;
            ASSERT_TRUE(same32(host_answer_of(op, a, b, false), host_op(op, a, b)));
        }
    }
}

TEST(Binary32Reference, FlushToZeroModeAgreesWithTheHostUnderFtzAndDaz) {
    Reference ref;
    uint64_t flushed = 0;
    for (const OpId op : {op_id<op::sqrt32>(), op_id<op::rcp32>(), op_id<op::div32>()}) {
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
    EXPECT_EQ(host_op(op_id<op::div32>(), 0x3f7fffffu, 0x7e800000u), kMinNormal32);
    EXPECT_EQ(host_op_ftz(op_id<op::div32>(), 0x3f7fffffu, 0x7e800000u), 0u);
    EXPECT_EQ(ref.correctly_rounded(op_id<op::div32>(), 0x3f7fffffu, 0x7e800000u, true), 0u);
    EXPECT_EQ(ref.correctly_rounded(op_id<op::div32>(), 0xbf7fffffu, 0x7e800000u, true), 0x80000000u);
    // Subnormal operands read as zeros: 1/subnormal is infinity, sqrt(-subnormal) is -0.
    EXPECT_EQ(ref.correctly_rounded(op_id<op::rcp32>(), 0x00000001u, 0, true), 0x7f800000u);
    EXPECT_EQ(ref.correctly_rounded(op_id<op::sqrt32>(), 0x80000005u, 0, true), 0x80000000u);
}

// rsqrt has no host instruction to compare with: check that MPFR's result r is the nearest
// binary32 to 1/sqrt(x) with exact rationals, r's neighbouring midpoints m- < 1/sqrt(x) < m+,
// that is m-^2 x < 1 < m+^2 x (ties cannot occur: 1/sqrt(x) is irrational or has few bits).
TEST(Binary32Reference, ReciprocalSquareRootIsTheNearestBinary32) {
    Reference ref;
    for (uint64_t i = 0; i < 50000; ++i) {
        CounterRng rng(31, i);
        uint32_t a = static_cast<uint32_t>(rng.next()) & 0x7fffffffu;
        if (i % 4 == 0) a &= 0x007fffffu;  // subnormal operands too
        if (a == 0 || a >= 0x7f800000u) continue;
        const uint32_t r = ref.correctly_rounded(op_id<op::rsqrt32>(), a, 0, false);
        ASSERT_LT(r, 0x7f800000u) << std::hex << a;
        const mpq_class x = testing::exact_value(bits_of(static_cast<double>(float_of(a))));
        const mpq_class rv = testing::exact_value(bits_of(static_cast<double>(float_of(r))));
        const mpq_class up = testing::exact_value(bits_of(static_cast<double>(float_of(r + 1))));
        const mpq_class down = testing::exact_value(bits_of(static_cast<double>(float_of(r - 1))));
        const mpq_class lo = (rv + down) / 2, hi = (rv + up) / 2;
        ASSERT_LT(lo * lo * x, 1) << std::hex << a;
        ASSERT_GT(hi * hi * x, 1) << std::hex << a;
    }
    EXPECT_EQ(ref.correctly_rounded(op_id<op::rsqrt32>(), 0x3e800000u, 0, false), 0x40000000u);  // 1/sqrt(1/4) = 2
    EXPECT_EQ(ref.correctly_rounded(op_id<op::rsqrt32>(), 0x80000000u, 0, false), 0xff800000u);  // -0 -> -inf
    EXPECT_TRUE(same32(ref.correctly_rounded(op_id<op::rsqrt32>(), 0xbf800000u, 0, false), 0x7fc00000u));
}

TEST(Binary32Reference, UlpErrorsAreMeasuredAgainstTheExactValue) {
    Reference ref;
    // sqrt(2) = 1.41421356...; its neighbours one and two ulps up.
    const uint32_t r = ref.correctly_rounded(op_id<op::sqrt32>(), 0x40000000u, 0, false);
    EXPECT_EQ(r, 0x3fb504f3u);
    EXPECT_LT(ref.ulp_error(op_id<op::sqrt32>(), 0x40000000u, 0, r, false), 0.5);
    const double one_up = ref.ulp_error(op_id<op::sqrt32>(), 0x40000000u, 0, r + 1, false);
    EXPECT_GT(one_up, 0.5);
    EXPECT_LT(one_up, 1.5);
    // 1/3 on the subnormal grid: the ulp there is 2^-149.
    EXPECT_NEAR(ref.ulp_error(op_id<op::div32>(), 0x00000001u, 0x40400000u, 0u, false), 1.0 / 3.0, 1e-12);
}

// The fast reference is the MPFR one, input by input.
TEST(Binary32Reference, FastReferenceGivesTheSameVerdictsAsMpfr) {
    for (const char* name : {"sqrt32.sqrtf", "rcp32.div_ftz", "div32.div", "div32.fdividef_ftz", "f2d.byte_perm"}) {
        const ImplInfo& impl = impl_named(name);
        Judge mpfr(impl, ReferenceMode::mpfr), fast(impl, ReferenceMode::fast);
        Reference ref;
        for (uint64_t i = 0; i < 100000; ++i) {
            const Operands in = probe(i);
            const uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
            uint64_t result = impl.op == op_id<op::f2d>() ? f2d::BytePerm::run(a) : ref.correctly_rounded(impl.op, a, b, impl.spec.ftz);
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
    Reference ref;
    uint64_t fast = 0;
    for (const OpId op : {op_id<op::div32>(), op_id<op::rcp32>()}) {
        for (const bool ftz : {false, true}) {
            for (uint64_t i = 0; i < 200000; ++i) {
                const Operands in = probe(i);
                const uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
                CounterRng rng(77, i);
                const uint32_t right = ref.correctly_rounded(op, a, b, ftz);
                const uint32_t off = i % 5 == 4 ? static_cast<uint32_t>(rng.next())
                                                : right + static_cast<uint32_t>(rng.below(33)) - 16;
                double error = 0;
                if (!host_quotient_error(op, a, b, off, ftz, error)) continue;
                ++fast;
                ASSERT_EQ(bits_of(error), bits_of(ref.ulp_error(op, a, b, off, ftz)))
                    << op_info(op).name << std::hex << " " << a << " " << b << " -> " << off;
            }
        }
    }
    EXPECT_GT(fast, 300000u);  // most results: the rest go to MPFR
    double error = 0;
    EXPECT_FALSE(host_quotient_error(op_id<op::div32>(), 0x3f800000u, 0x40000000u, 0u, false, error));
    EXPECT_FALSE(host_quotient_error(op_id<op::sqrt32>(), 0x3f800000u, 0, 0x3f800001u, false, error));
}

// NVIDIA's bounds count representable numbers between the result and the correctly rounded
// one: a result two numbers away passes a 2 ulp claim although it is 2.14 ulps from the exact
// quotient (a case CUDA's -prec-div=false division returns on an H100), three away fails.
TEST(Binary32Reference, BoundsAreDistancesToTheCorrectlyRoundedResult) {
    EXPECT_EQ(representable_steps(Format::binary32, 0x3f800000u, 0x3f800002u), 2);
    EXPECT_EQ(representable_steps(Format::binary32, 0x80000001u, 0x00000001u), 2);  // across the zeros
    EXPECT_EQ(representable_steps(Format::binary32, 0x80000000u, 0x00000000u), 0);
    EXPECT_EQ(representable_steps(Format::binary32, 0x7f7fffffu, 0x7f800000u), 1);  // infinity: one beyond
    const ImplInfo& impl = impl_named("div32.div_approx");
    Judge judge(impl);
    const Operands in{0x0b6c2582u, 0xb76cfdfdu, 0};
    ASSERT_EQ(Reference().correctly_rounded(op_id<op::div32>(), 0x0b6c2582u, 0xb76cfdfdu, false), 0x937f1628u);
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
    EXPECT_EQ(a.step_counts.max_steps(), 3u);
    EXPECT_EQ(a.step_counts.counts[2], 1u);
    EXPECT_EQ(a.step_counts.counts[3], 1u);
}

TEST(Binary32Reference, FtzImplsCountWhereFlushingChangedTheAnswer) {
    const ImplInfo& impl = impl_named("rcp32.frcp_rn_ftz");
    Judge judge(impl);
    // 1/x for x just above 2^126: IEEE gives a subnormal, FTZ gives zero.
    const Verdict v = judge({0x7e800001u, 0, 0}, 0u);
    EXPECT_FALSE(v.failed());
    EXPECT_TRUE(v.ftz_changed);
    const Verdict normal = judge({0x40000000u, 0, 0}, 0x3f000000u);
    EXPECT_FALSE(normal.failed());
    EXPECT_FALSE(normal.ftz_changed);
    // The IEEE answer is a failure for an FTZ impl: it was built to flush.
    EXPECT_TRUE(judge({0x7e800001u, 0, 0}, 0x007fffffu).failed());
}

}  // namespace
}  // namespace fpv
