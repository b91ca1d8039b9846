// The seed's float-to-double conversions against the native one, their documented domains,
// f2d's error metric against exact rational arithmetic, and the exhaustive binary32 classes.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/usage_error.h"
#include "corpus/counter_rng.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "reference/host_errors.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

// Every pattern of exponent field `field`, both signs: whether `impl` equals the native
// conversion on all of them (1), on none of the nonzero ones (0), or on some (-1).
int agreement_on_binade(uint64_t (*impl)(uint64_t), uint32_t field) {
    uint64_t agree = 0, total = 0;
    for (uint32_t sign = 0; sign < 2; ++sign) {
        for (uint32_t m = 0; m < (1u << 23); ++m) {
            const uint32_t bits = (sign << 31) | (field << 23) | m;
            if ((bits & 0x7fffffffu) == 0) continue;
            ++total;
            agree += impl(bits) == f2d::Native::run(bits) ? 1 : 0;
        }
    }
    return agree == total ? 1 : agree == 0 ? 0 : -1;
}

TEST(F2d, ShiftXorIsExactOnItsDocumentedDomainAndWrongJustOutside) {
    // +-[2^-15, 2^17) is exponent fields 112 to 143; 2^-15 = 0x38000000.
    EXPECT_EQ(agreement_on_binade(f2d::ShiftXor::run, 111), 0);
    EXPECT_EQ(agreement_on_binade(f2d::ShiftXor::run, 112), 1);
    EXPECT_EQ(agreement_on_binade(f2d::ShiftXor::run, 127), 1);
    EXPECT_EQ(agreement_on_binade(f2d::ShiftXor::run, 143), 1);
    EXPECT_EQ(agreement_on_binade(f2d::ShiftXor::run, 144), 0);
}

TEST(F2d, BytePermIsExactOnItsDocumentedDomainAndWrongJustOutside) {
    // +-[2^-1, 2^3) is exponent fields 126 to 129.
    EXPECT_EQ(agreement_on_binade(f2d::BytePerm::run, 125), 0);
    EXPECT_EQ(agreement_on_binade(f2d::BytePerm::run, 126), 1);
    EXPECT_EQ(agreement_on_binade(f2d::BytePerm::run, 129), 1);
    EXPECT_EQ(agreement_on_binade(f2d::BytePerm::run, 130), 0);
}

TEST(F2d, DomainPredicatesMatchTheirIntervals) {
    for (uint64_t i = 0; i < (uint64_t{1} << 20); ++i) {
        CounterRng rng(77, i);
        const uint32_t bits = static_cast<uint32_t>(rng.next());
        const float x = float_of(bits), m = std::fabs(x);
        const bool special = x == 0 || std::isinf(x) || std::isnan(x);
        ASSERT_EQ(f2d::in_domain_2m15_2p17({bits, 0, 0}), special || (m >= 0x1p-15f && m < 0x1p17f)) << std::hex << bits;
        ASSERT_EQ(f2d::in_domain_2m1_2p3({bits, 0, 0}), special || (m >= 0.5f && m < 8.0f)) << std::hex << bits;
    }
}

TEST(F2d, SpecialsInsideTheDomainsConvertExactly) {
    for (const uint32_t bits : {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u}) {
        EXPECT_EQ(f2d::ShiftXor::run(bits), f2d::Native::run(bits)) << std::hex << bits;
        EXPECT_EQ(f2d::BytePerm::run(bits), f2d::Native::run(bits)) << std::hex << bits;
    }
    for (const uint32_t nan : {0x7fc00000u, 0xffc00001u, 0x7f800001u}) {
        EXPECT_TRUE(std::isnan(double_of(f2d::ShiftXor::run(nan)))) << std::hex << nan;
        EXPECT_TRUE(std::isnan(double_of(f2d::BytePerm::run(nan)))) << std::hex << nan;
    }
}

TEST(F2d, JudgeCallsOutsideTheDomainWrongButNotFailed) {
    const ImplInfo& impl = impl_named("f2d.shift_xor");
    Judge judge(impl);
    const uint32_t tiny = 0x37ffffffu;  // just below 2^-15
    const Verdict outside = judge({tiny, 0}, f2d::ShiftXor::run(tiny));
    EXPECT_EQ(outside.category, Category::outside_domain);
    EXPECT_TRUE(outside.wrong);
    EXPECT_FALSE(outside.failed());
    const Verdict inside = judge({0x38000000u, 0}, f2d::ShiftXor::run(0x38000000u));
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
        const uint64_t near = f2d::Native::run(a) + (rng.next() & 0xffff) - 0x8000;
        const uint64_t far = rng.next();
        for (const uint64_t r : {near, far}) {
            const float x = float_of(a);
            const double rd = double_of(r);
            if (!std::isfinite(x) || !std::isfinite(rd)) continue;
            const mpq_class diff = abs(testing::exact_value(r) - testing::exact_value(f2d::Native::run(a)));
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

TEST(ExhaustiveClasses, RangesAndBinadesEnumerateTheirPatternsInOrder) {
    const InputSet all = resolve_class("all32", op_id<op::f2d>(), 1);
    EXPECT_TRUE(all.exhaustive);
    EXPECT_EQ(all.size, uint64_t{1} << 32);
    EXPECT_EQ(all.input(0xdeadbeefu).a, 0xdeadbeefu);
    const InputSet range = resolve_class("range32:0x3f800000-0x3f8000ff", op_id<op::rsqrt32>(), 1);
    EXPECT_EQ(range.size, 256u);
    for (uint64_t i = 0; i < range.size; ++i) ASSERT_EQ(range.input(i).a, 0x3f800000u + i);
    const InputSet binade = resolve_class("binade32:0", op_id<op::f2d>(), 1);
    EXPECT_EQ(binade.size, uint64_t{1} << 24);
    std::vector<bool> seen(uint64_t{1} << 24);
    for (uint64_t i = 0; i < binade.size; ++i) {
        const uint32_t bits = static_cast<uint32_t>(binade.input(i).a);
        ASSERT_EQ((bits >> 23) & 0xff, 0u);
        const uint64_t slot = ((bits >> 31) << 23) | (bits & 0x7fffffu);
        ASSERT_FALSE(seen[slot]);
        seen[slot] = true;
    }
    EXPECT_THROW(resolve_class("range32:5-4", op_id<op::f2d>(), 1), UsageError);
    EXPECT_THROW(resolve_class("range32:0-0x100000000", op_id<op::f2d>(), 1), UsageError);
    EXPECT_THROW(resolve_class("binade32:256", op_id<op::f2d>(), 1), UsageError);
    EXPECT_THROW(resolve_class("all32", op_id<op::div32>(), 1), UsageError);  // two operands
}

}  // namespace
}  // namespace fpv

namespace fpv {
namespace {

// The GPU places certified results by each impl's claims(); the verdicts by its spec's
// in_domain: the two must be one predicate, on every binade and sign.
TEST(F2dDomains, TheGpuPredicateIsTheSpecsOnEveryOperand) {
    const auto agree = [](auto impl_type) {
        using Impl = typename decltype(impl_type)::type;
        for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 997) {
            const Operands in{bits, 0, 0};
            ASSERT_EQ(Impl::claims(in), Impl::spec.in_domain(in, 0, false)) << std::hex << bits;
        }
    };
    agree(std::type_identity<f2d::ShiftXor>{});
    agree(std::type_identity<f2d::BytePerm>{});
    EXPECT_TRUE(impl_named("f2d.shift_xor").operand_domain);
    EXPECT_TRUE(impl_named("f2d.mut_wide_mask").operand_domain);  // a mutant keeps its parent's domain
    EXPECT_TRUE(certifiable(impl_named("f2d.byte_perm")));
    EXPECT_FALSE(impl_named("f2d.native").operand_domain);
}

}  // namespace
}  // namespace fpv
