// The MPFR reference against independent evidence: the host FPU, Berkeley TestFloat's
// f64_div vectors, and ulp errors worked out by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "corpus/testfloat_file.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "tests/exact_rational.h"

namespace fpv {
namespace {

std::string vectors_dir() {
    const char* dir = std::getenv("FPV_VECTORS");
    return dir != nullptr ? dir : "corpus/vectors/testfloat";
}

bool same(uint64_t a, uint64_t b) { return a == b || (b64::is_nan(a) && b64::is_nan(b)); }

uint64_t fpu_quotient(uint64_t x, uint64_t y) { return bits_of(double_of(x) / double_of(y)); }

// MPFR's quotient and ulp errors, as div64's judge computes them.
class Divider {
public:
    uint64_t quotient(uint64_t x, uint64_t y) { return mpfr_.correctly_rounded<op::div64>({x, y, 0}, Rounding::rn, false); }
    double ulp_error(uint64_t x, uint64_t y, uint64_t r) { return mpfr_.ulp_error<op::div64>({x, y, 0}, r, false); }

private:
    MpfrReference mpfr_;
};

// The verdict on r as x / y, by the judge of any impl of div64 (none claims less).
Verdict judge_div64(uint64_t x, uint64_t y, uint64_t r) {
    static thread_local Judge judge(impl_named("div64.host"));
    return judge({x, y, 0}, r);
}

TEST(Reference, AgreesWithTheHostFpuOnAMillionRandomInputsAndEverySpecial) {
    Divider d;
    uint64_t checked = 0;
    // Random bit patterns, random normals and structured values: a million in all.
    for (const char* name : {"random", "normal", "patterns", "subnormal"}) {
        const InputSet set = resolve_class(name, op_id<op::div64>(), 3);
        for (uint64_t i = 0; i < 250000; ++i) {
            const Operands in = set.input(i);
            ASSERT_TRUE(same(d.quotient(in.a, in.b), fpu_quotient(in.a, in.b)))
                << name << std::hex << " " << in.a << " / " << in.b;
            ++checked;
        }
    }
    const InputSet specials = resolve_class("specials", op_id<op::div64>(), 0);
    for (uint64_t i = 0; i < specials.size; ++i) {
        const Operands in = specials.input(i);
        ASSERT_TRUE(same(d.quotient(in.a, in.b), fpu_quotient(in.a, in.b)))
            << std::hex << in.a << " / " << in.b;
        ++checked;
    }
    EXPECT_GE(checked, 1000000u);
}

TEST(Reference, SignsOfZerosAndInfinitiesFollowIeee) {
    Divider d;
    EXPECT_EQ(d.quotient(0x8000000000000000ull, 0x3ff0000000000000ull), 0x8000000000000000ull);
    EXPECT_EQ(d.quotient(0x0000000000000000ull, 0xbff0000000000000ull), 0x8000000000000000ull);
    EXPECT_EQ(d.quotient(0x3ff0000000000000ull, 0x8000000000000000ull), 0xfff0000000000000ull);
    EXPECT_EQ(d.quotient(0xbff0000000000000ull, 0xfff0000000000000ull), 0x0000000000000000ull);
    EXPECT_TRUE(b64::is_nan(d.quotient(0, 0)));
    EXPECT_TRUE(b64::is_nan(d.quotient(0x7ff0000000000000ull, 0xfff0000000000000ull)));
    EXPECT_TRUE(b64::is_nan(d.quotient(0x7ff0000000000001ull, 0x3ff0000000000000ull)));
    // Ties in the subnormal range round to even: 3 * 2^-1074 / 2 = 1.5 * 2^-1074 -> 2 * 2^-1074.
    EXPECT_EQ(d.quotient(0x3, 0x4000000000000000ull), 0x2ull);
    // 2^-1075 exactly is a tie between 0 and 2^-1074: rounds to the even zero.
    EXPECT_EQ(d.quotient(0x1, 0x4000000000000000ull), 0x0ull);
}

TEST(Reference, MatchesEveryTestFloatF64DivLevel1Case) {
    const VectorFile file = read_testfloat(vectors_dir() + "/f64_div.level1.txt", *testfloat_format_of(op_id<op::div64>()));
    ASSERT_EQ(file.inputs.size(), 46464u);
    Divider d;
    for (size_t i = 0; i < file.inputs.size(); ++i) {
        const Operands& in = file.inputs[i];
        ASSERT_TRUE(same(d.quotient(in.a, in.b), file.expected[i]))
            << "line " << i + 1 << std::hex << ": " << in.a << " / " << in.b;
    }
}

constexpr uint64_t kOne = 0x3ff0000000000000ull;
constexpr uint64_t kBelowOne = 0x3fefffffffffffffull;  // 1 - 2^-53
constexpr uint64_t kAboveOne = 0x3ff0000000000001ull;  // 1 + 2^-52
constexpr uint64_t kMax = 0x7fefffffffffffffull;
constexpr uint64_t kInf = 0x7ff0000000000000ull;

TEST(UlpError, AcrossABinadeBoundary) {
    Divider d;
    // Exact quotient 1 - 2^-53 lies in [1/2, 1), where the ulp is 2^-53.
    EXPECT_EQ(d.ulp_error(kBelowOne, kOne, kOne), 1.0);
    EXPECT_EQ(d.ulp_error(kBelowOne, kOne, kAboveOne), 3.0);
    EXPECT_EQ(d.ulp_error(kBelowOne, kOne, 0x3feffffffffffffeull), 1.0);
    // Exact quotient 1: the ulp is 2^-52, so its predecessor is half an ulp away.
    EXPECT_EQ(d.ulp_error(0x4008000000000000ull, 0x4008000000000000ull, kBelowOne), 0.5);
    EXPECT_EQ(d.ulp_error(0x4008000000000000ull, 0x4008000000000000ull, kAboveOne), 1.0);
    // 1/3 against its correctly rounded neighbours: errors 1/3 and 2/3 of an ulp.
    const uint64_t third = bits_of(1.0 / 3.0);
    EXPECT_NEAR(d.ulp_error(kOne, 0x4008000000000000ull, third), 1.0 / 3.0, 1e-15);
    EXPECT_NEAR(d.ulp_error(kOne, 0x4008000000000000ull, third + 1), 2.0 / 3.0, 1e-15);
}

TEST(UlpError, InTheSubnormalRange) {
    Divider d;
    // 3 * 2^-1074 / 2 = 1.5 ulps of the subnormal grid (ulp 2^-1074).
    EXPECT_EQ(d.ulp_error(0x3, 0x4000000000000000ull, 0x1), 0.5);
    EXPECT_EQ(d.ulp_error(0x3, 0x4000000000000000ull, 0x2), 0.5);
    EXPECT_EQ(d.ulp_error(0x3, 0x4000000000000000ull, 0x0), 1.5);
    EXPECT_EQ(d.ulp_error(0x3, 0x4000000000000000ull, 0x8000000000000001ull), 2.5);
    // Least normal / 2 = 2^-1023, a subnormal: ulp stays 2^-1074.
    EXPECT_EQ(d.ulp_error(0x0010000000000000ull, 0x4000000000000000ull, 0x0008000000000001ull), 1.0);
}

TEST(UlpError, AtOverflow) {
    Divider d;
    // DBL_MAX / 0.5 = 2^1025 - 2^972; its ulp (exponent unbounded above) is 2^972.
    EXPECT_EQ(d.ulp_error(kMax, 0x3fe0000000000000ull, kMax), 4503599627370495.5);  // 2^52 - 1/2
    EXPECT_TRUE(std::isinf(d.ulp_error(kMax, 0x3fe0000000000000ull, 0xfff0000000000000ull)));
    // DBL_MAX / (1 - 2^-53) = 2^1024 exactly: it overflows, and DBL_MAX lies 2^971 below it,
    // half of the ulp 2^972 that the unbounded exponent gives 2^1024.
    EXPECT_EQ(d.ulp_error(kMax, kBelowOne, kMax), 0.5);
    EXPECT_EQ(d.quotient(kMax, kBelowOne), kInf);
    // A finite quotient answered with infinity has no finite error.
    EXPECT_TRUE(std::isinf(d.ulp_error(kOne, 0x4008000000000000ull, kInf)));
}

TEST(Judge, CategoriesNameWhatWentWrong) {
    Divider d;
    const auto cat = [&](uint64_t x, uint64_t y, uint64_t r) { return judge_div64(x, y, r).category; };
    EXPECT_EQ(cat(kOne, 0x4008000000000000ull, bits_of(1.0 / 3.0)), Category::exact);
    EXPECT_EQ(cat(kOne, 0x4008000000000000ull, bits_of(1.0 / 3.0) + 1), Category::misrounded);
    EXPECT_EQ(cat(kOne, 0x4008000000000000ull, bits_of(1.0 / 3.0) + 2), Category::wrong_value);
    EXPECT_EQ(cat(kOne, 0x4008000000000000ull, bits_of(-1.0 / 3.0)), Category::wrong_sign);
    EXPECT_EQ(cat(0x3, 0x4000000000000000ull, 0x0), Category::flushed_to_zero);
    EXPECT_EQ(cat(kOne, 0x4008000000000000ull, 0x0), Category::spurious_zero);
    EXPECT_EQ(cat(0x0, kOne, 0x8000000000000000ull), Category::wrong_zero_sign);
    EXPECT_EQ(cat(kOne, 0x4008000000000000ull, kInf), Category::spurious_infinity);
    // The other infinity is the wrong sign, not an infinity where a finite value was due.
    EXPECT_EQ(cat(kOne, 0x0, kInf | 0x8000000000000000ull), Category::wrong_sign);
    EXPECT_EQ(cat(kOne | 0x8000000000000000ull, 0x0, kInf), Category::wrong_sign);
    EXPECT_EQ(cat(kMax, 0x3fe0000000000000ull, kMax), Category::missing_infinity);
    EXPECT_EQ(cat(kOne, kOne, 0x7ff8000000000000ull), Category::spurious_nan);
    EXPECT_EQ(cat(0x0, 0x0, 0x0), Category::missing_nan);
    // Any NaN matches any NaN.
    EXPECT_EQ(cat(0x0, 0x0, 0xfff8000000000123ull), Category::exact);
    const Verdict v = judge_div64(kOne, 0x4008000000000000ull, bits_of(1.0 / 3.0) + 1);
    EXPECT_NEAR(v.error, 2.0 / 3.0, 1e-15);
    EXPECT_EQ(v.expected, bits_of(1.0 / 3.0));
}

// The fast reference for div64 (the host's division, MPFR on a sample) reaches MPFR's verdicts,
// for a correct impl and for one that fails often, on every class.
TEST(Reference, FastDivisionReferenceGivesMpfrsVerdicts) {
    for (const char* name : {"div64.emu_halley", "div64.emu_nr"}) {
        const ImplInfo& impl = impl_named(name);
        Judge mpfr(impl, ReferenceMode::mpfr), fast(impl, ReferenceMode::fast);
        uint64_t failures = 0;
        for (const std::string& cls : all_class_names(op_id<op::div64>())) {
            const InputSet set = resolve_class(cls, op_id<op::div64>(), 17);
            for (uint64_t i = 0; i < std::min<uint64_t>(set.size, 40000); ++i) {
                const Operands in = set.input(i);
                const uint64_t r = impl.host(in);
                const Verdict m = mpfr(in, r), f = fast(in, r);
                ASSERT_EQ(m.category, f.category) << name << " " << cls << " #" << i;
                ASSERT_EQ(bits_of(m.error), bits_of(f.error)) << name << " " << cls << " #" << i;
                ASSERT_TRUE(Judge::same_answer(op_id<op::div64>(), m.expected, f.expected));
                ASSERT_FALSE(f.reference_conflict);
                failures += m.failed() ? 1 : 0;
            }
        }
        if (std::string(name) == "div64.emu_halley") {
            EXPECT_GT(failures, 1000u);
        }
    }
}

}  // namespace
}  // namespace fpv
