// Every div64 input class against its documented guarantee, checked in exact rational
// arithmetic.
#include <gtest/gtest.h>

#include <set>

#include "core/usage_error.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

using namespace testing;

constexpr uint64_t kSamples = 20000;

InputSet make(const char* name, uint64_t seed = 7) { return resolve_class(name, op_id<op::div64>(), seed); }

bool finite(uint64_t bits) { return !b64::is_nan(bits) && !b64::is_inf(bits); }
bool normal(uint64_t bits) {
    const uint32_t f = b64::exponent_field(bits);
    return f != 0 && f != 0x7ff;
}

mpq_class abs_quotient(const Operands& in) {
    mpq_class q = exact_value(in.a) / exact_value(in.b);
    return q < 0 ? mpq_class(-q) : q;
}

TEST(Div64Classes, SpecialsCrossAtLeastFortyDistinctBoundaryValues) {
    EXPECT_GE(boundary64_size, 40u);
    std::set<uint64_t> distinct;
    for (unsigned i = 0; i < boundary64_size; ++i) distinct.insert(boundary64(i));
    EXPECT_EQ(distinct.size(), boundary64_size);
    for (uint64_t v : {0x0ull, 0x8000000000000000ull, 0x1ull, 0x000fffffffffffffull,
                       0x0010000000000000ull, 0x3ff0000000000000ull, 0x7fefffffffffffffull,
                       0x7ff0000000000000ull, 0xfff0000000000000ull}) {
        EXPECT_TRUE(distinct.count(v)) << std::hex << v;
    }
    bool quiet = false, signalling = false;
    for (uint64_t v : distinct) {
        if (b64::is_nan(v)) ((v & 0x0008000000000000ull) ? quiet : signalling) = true;
    }
    EXPECT_TRUE(quiet && signalling);

    const InputSet set = make("specials");
    ASSERT_EQ(set.size, uint64_t{boundary64_size} * boundary64_size);
    std::set<std::pair<uint64_t, uint64_t>> pairs;
    for (uint64_t i = 0; i < set.size; ++i) {
        const Operands in = set.input(i);
        pairs.insert({in.a, in.b});
    }
    EXPECT_EQ(pairs.size(), set.size);  // the full cross product, each pair once
}

TEST(Div64Classes, SubnormalHasSubnormalOperandsOrQuotient) {
    const InputSet set = make("subnormal");
    int kinds[4] = {};
    for (uint64_t i = 0; i < kSamples; ++i) {
        const Operands in = set.input(i);
        switch (i % 4) {
            case 0: ASSERT_TRUE(b64::is_subnormal(in.a) && normal(in.b)); break;
            case 1: ASSERT_TRUE(normal(in.a) && b64::is_subnormal(in.b)); break;
            case 2: ASSERT_TRUE(b64::is_subnormal(in.a) && b64::is_subnormal(in.b)); break;
            default: {
                ASSERT_TRUE(normal(in.a) && normal(in.b));
                const mpq_class q = abs_quotient(in);
                ASSERT_GT(q, power_of_two(-1075)) << std::hex << in.a << " " << in.b;
                ASSERT_LT(q, power_of_two(-1022)) << std::hex << in.a << " " << in.b;
            }
        }
        ++kinds[i % 4];
    }
    for (int k : kinds) EXPECT_GT(k, 0);
}

void expect_near_targets(const char* name, const std::vector<mpq_class>& targets) {
    const InputSet set = make(name);
    const mpq_class bound = 5 * power_of_two(-52);
    std::vector<int> above(targets.size()), below(targets.size());
    for (uint64_t i = 0; i < kSamples; ++i) {
        const Operands in = set.input(i);
        ASSERT_TRUE(normal(in.a) && normal(in.b)) << std::hex << in.a << " " << in.b;
        const mpq_class& t = targets[i % targets.size()];
        const mpq_class q = abs_quotient(in);
        mpq_class rel = (q - t) / t;
        if (rel > 0) ++above[i % targets.size()];
        if (rel < 0) ++below[i % targets.size()];
        if (rel < 0) rel = -rel;
        ASSERT_LT(rel, bound) << name << " #" << i << std::hex << " " << in.a << " " << in.b;
    }
    for (size_t t = 0; t < targets.size(); ++t) {
        EXPECT_GT(above[t], 0) << name << " target " << t << " never approached from above";
        EXPECT_GT(below[t], 0) << name << " target " << t << " never approached from below";
    }
}

TEST(Div64Classes, UnderflowQuotientsHugTheUnderflowThresholds) {
    expect_near_targets("underflow", {power_of_two(-1075), power_of_two(-1074),
                                      power_of_two(-1022) - power_of_two(-1075),
                                      power_of_two(-1022)});
}

TEST(Div64Classes, OverflowQuotientsHugTheOverflowThresholds) {
    expect_near_targets("overflow", {power_of_two(1024) - power_of_two(971),
                                     power_of_two(1024) - power_of_two(970), power_of_two(1024)});
}

TEST(Div64Classes, TiesAreExactlyHalfwayBetweenSubnormals) {
    const InputSet set = make("ties");
    const mpq_class unit = power_of_two(-1075);
    bool saw_full_width = false;
    for (uint64_t i = 0; i < kSamples; ++i) {
        const Operands in = set.input(i);
        ASSERT_TRUE(finite(in.a) && finite(in.b) && !b64::is_zero(in.b));
        const mpq_class n = abs_quotient(in) / unit;
        ASSERT_EQ(n.get_den(), 1) << std::hex << in.a << " " << in.b;  // an integer
        const mpz_class ni = n.get_num();
        ASSERT_EQ(mpz_class(ni % 2), 1);                      // odd: a midpoint
        ASSERT_LT(ni, mpz_class(1) << 53);                   // below 2^-1022
        saw_full_width = saw_full_width || ni >= (mpz_class(1) << 52);
    }
    EXPECT_TRUE(saw_full_width);  // ties next to 2^-1022 are generated too
}

TEST(Div64Classes, MidpointQuotientsAreWithinTwoToMinusFortyUlpOfAMidpoint) {
    const InputSet set = make("midpoint");
    const mpq_class bound = power_of_two(-40);
    bool both_binades[2] = {false, false};
    for (uint64_t i = 0; i < kSamples; ++i) {
        const Operands in = set.input(i);
        ASSERT_TRUE(normal(in.a) && normal(in.b));
        const mpq_class q = abs_quotient(in);
        ASSERT_GE(q, power_of_two(-1022));
        ASSERT_LT(q, power_of_two(1023));
        const mpq_class ulp = ulp_at(q);
        // The nearest midpoint is (floor(q/ulp) + 1/2) * ulp.
        const mpq_class scaled = q / ulp;
        const mpz_class whole = scaled.get_num() / scaled.get_den();
        mpq_class distance = scaled - mpq_class(whole) - mpq_class(1, 2);
        if (distance < 0) distance = -distance;
        ASSERT_LT(distance, bound) << std::hex << in.a << " " << in.b;
        ASSERT_GT(distance, 0) << "exactly on a midpoint cannot happen";
        const b64::Decomposed da = b64::decompose(in.a), db = b64::decompose(in.b);
        both_binades[da.significand >= db.significand] = true;
    }
    EXPECT_TRUE(both_binades[0] && both_binades[1]);
}

TEST(Div64Classes, MidpointFallbackPairIsItselfAMidpointCase) {
    // The constant returned if 64 attempts all fail must satisfy the same guarantee.
    const mpq_class q(mpz_class("0x18000000000001"), mpz_class("0x10000000000001"));
    const mpq_class scaled = q / power_of_two(-52);
    const mpz_class whole = scaled.get_num() / scaled.get_den();
    mpq_class distance = scaled - mpq_class(whole) - mpq_class(1, 2);
    if (distance < 0) distance = -distance;
    EXPECT_LT(distance, power_of_two(-40));
    EXPECT_GT(distance, 0);
}

TEST(Div64Classes, NormalAndPatternsAreFiniteWithTheirExponentRanges) {
    const InputSet normal_set = make("normal"), patterns = make("patterns");
    std::set<uint32_t> fields;
    int subnormal_patterns = 0;
    for (uint64_t i = 0; i < kSamples; ++i) {
        const Operands n = normal_set.input(i);
        ASSERT_TRUE(normal(n.a) && normal(n.b));
        fields.insert(b64::exponent_field(n.a));
        const Operands p = patterns.input(i);
        ASSERT_TRUE(finite(p.a) && finite(p.b) && !b64::is_zero(p.a) && !b64::is_zero(p.b));
        subnormal_patterns += b64::is_subnormal(p.a);
    }
    EXPECT_GT(fields.size(), 1500u);  // spread over the exponent range
    EXPECT_GT(subnormal_patterns, 0);
}

TEST(Div64Classes, RandomCoversEveryKindOfValue) {
    const InputSet set = make("random");
    int nan = 0, sub = 0, norm = 0;
    for (uint64_t i = 0; i < 200000; ++i) {
        const Operands in = set.input(i);
        nan += b64::is_nan(in.a);
        sub += b64::is_subnormal(in.a);
        norm += normal(in.a);
    }
    EXPECT_GT(nan, 0);
    EXPECT_GT(sub, 0);
    EXPECT_GT(norm, 190000);
}

TEST(Div64Classes, InputsArePureFunctionsOfSeedClassAndIndex) {
    for (const ClassInfo& c : classes_of(op_id<op::div64>())) {
        if (!c.in_all) continue;
        const InputSet a = make(std::string(c.name).c_str(), 11), b = make(std::string(c.name).c_str(), 11);
        const InputSet other_seed = make(std::string(c.name).c_str(), 12);
        int differ = 0;
        for (uint64_t i = 0; i < 1000; i += 37) {
            EXPECT_EQ(a.input(i), b.input(i)) << c.name;
            differ += !(a.input(i) == other_seed.input(i));
        }
        if (c.name != "specials") {
            EXPECT_GT(differ, 0) << c.name << " ignores the seed";
        }
    }
    // Different classes under one seed draw different streams.
    EXPECT_NE(make("normal", 1).key, make("midpoint", 1).key);
}

TEST(Div64Classes, UnknownClassIsAUsageErrorNamingTheKnownOnes) {
    try {
        make("nonsense");
        FAIL();
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("midpoint"), std::string::npos);
    }
}

}  // namespace
}  // namespace fpv
