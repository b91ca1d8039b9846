// The binary64 family in every rounding mode: the native baselines against MPFR and TestFloat,
// the judge's rounding, NaN rules and domains, and the campaign CI runs: every native impl
// that runs on the CPU over `all` and its op's TestFloat files, clean in every mode.
#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <map>
#include <set>

#include "core/usage_error.h"
#include "corpus/testfloat_file.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "reference/ieee_flags.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using namespace testing;

constexpr Rounding kModes[] = {Rounding::rn, Rounding::rz, Rounding::ru, Rounding::rd};

std::string native_name(std::string_view op, Rounding r) {
    return std::string(op) + ".host" + (r == Rounding::rn ? "" : "_" + std::string(rounding_name(r)));
}

// The host natives of every binary64 op that has them, by op.
std::map<std::string, std::vector<const ImplInfo*>> host_natives() {
    std::map<std::string, std::vector<const ImplInfo*>> by_op;
    for (const ImplInfo& impl : all_impls()) {
        const OpInfo& op = op_info(impl.op);
        if (op.result != Format::binary64 || op.metric != Metric::correctly_rounded || !op.all_operands(Format::binary64))
            continue;
        if (impl.plugin || impl.is_mutant() || !impl.runs_on_cpu() || impl.spec.summary.find("baseline") == std::string_view::npos)
            continue;
        by_op[std::string(op.name)].push_back(&impl);
    }
    return by_op;
}

TEST(Binary64Family, EveryOpHasAHostNativeInEveryRoundingModeButRsqrt) {
    const auto natives = host_natives();
    for (const char* op : {"div64", "sqrt64", "rcp64", "fma64", "add64", "sub64", "mul64"}) {
        ASSERT_TRUE(natives.count(op)) << op;
        std::set<Rounding> modes;
        for (const ImplInfo* impl : natives.at(op)) {
            modes.insert(impl->spec.rounding);
            EXPECT_EQ(impl->name, native_name(op, impl->spec.rounding));
        }
        EXPECT_EQ(modes.size(), 4u) << op;
    }
    EXPECT_FALSE(natives.count("rsqrt64"));  // no host instruction rounds 1/sqrt correctly
    const ImplInfo& rsqrt = impl_named("rsqrt64.cuda");
    EXPECT_EQ(rsqrt.spec.bound, 1);
    EXPECT_FALSE(rsqrt.runs_on_cpu());
}

// The directed natives really round their way: on random normal inputs they differ from round
// to nearest on about half the inexact results, and each equals MPFR's result in its mode.
TEST(Binary64Family, DirectedNativesRoundTheirWayAndEqualMpfr) {
    MpfrReference mpfr;
    for (const auto& [op_name, natives] : host_natives()) {
        const OpId op = op_named(op_name);
        const InputSet set = resolve_class("normal", op, 11);
        for (const ImplInfo* impl : natives) {
            uint64_t differ_from_rn = 0;
            for (uint64_t i = 0; i < 4000; ++i) {
                const Operands in = set.input(i);
                const uint64_t result = impl->host(in);
                const uint64_t expected = with_op(op, [&](auto tag) -> uint64_t {
                    using Op = typename decltype(tag)::type;
                    if constexpr (Op::metric == Metric::correctly_rounded) {
                        return mpfr.correctly_rounded<Op>(in, impl->spec.rounding, false);
                    } else {
                        return 0;  // host_natives() holds binary64 ops only
                    }
                });
                ASSERT_TRUE(same_answer(Format::binary64, result, expected))
                    << impl->name << std::hex << " " << in.a << " " << in.b << " " << in.c;
                const uint64_t nearest = impl_named(native_name(op_name, Rounding::rn)).host(in);
                differ_from_rn += same_answer(Format::binary64, result, nearest) ? 0 : 1;
            }
            if (impl->spec.rounding == Rounding::rn) {
                EXPECT_EQ(differ_from_rn, 0u);
            } else {
                EXPECT_GT(differ_from_rn, 1000u) << impl->name;
            }
            // The thread's own mode is left as it was.
            EXPECT_EQ(std::fegetround(), FE_TONEAREST);
        }
    }
}

// The judge holds an impl to its own mode: round-to-nearest results claimed as rz fail.
TEST(Binary64Family, TheJudgeHoldsAnImplToTheRoundingItClaims) {
    const ImplInfo& rz = impl_named("mul64.host_rz");
    const ImplInfo& rn = impl_named("mul64.host");
    Judge judge(rz);
    const InputSet set = resolve_class("normal", rz.op, 5);
    uint64_t failed = 0, misrounded = 0;
    for (uint64_t i = 0; i < 2000; ++i) {
        const Operands in = set.input(i);
        EXPECT_FALSE(judge(in, rz.host(in)).failed());
        const Verdict v = judge(in, rn.host(in));
        failed += v.failed() ? 1 : 0;
        misrounded += v.category == Category::misrounded ? 1 : 0;
    }
    // Products of random normals overflow and underflow too; the rest are one step off.
    EXPECT_GT(misrounded, 500u);
    EXPECT_GE(failed, misrounded);
}

ImplSpec spec_with(NanRule rule, uint64_t canonical = 0) {
    ImplSpec spec;
    spec.variant = "probe";
    spec.nans = rule;
    spec.canonical_nan = canonical;
    return spec;
}

TEST(Binary64Family, StrictNanChecksQuietnessAndTheDeclaredRule) {
    MpfrReference mpfr;
    constexpr uint64_t kQuiet = 0x7ff8000000000123ull, kSignalling = 0x7ff0000000000456ull, kOne = 0x3ff0000000000000ull;
    const Operands both{kSignalling, kQuiet, 0};
    const auto judge = [&](const ImplSpec& spec, const Operands& in, uint64_t result, bool strict) {
        return judge_rounded<op::add64>(mpfr, spec, in, result, false, strict);
    };
    const ImplSpec propagate = spec_with(NanRule::propagate);
    // x86: the first NaN operand, quieted.
    EXPECT_EQ(judge(propagate, both, kSignalling | 0x0008000000000000ull, true).category, Category::exact);
    EXPECT_EQ(judge(propagate, both, kQuiet, true).category, Category::wrong_nan);
    // Any NaN matches any NaN without --strict-nan.
    EXPECT_EQ(judge(propagate, both, kQuiet, false).category, Category::exact);
    // A signalling NaN result fails every rule.
    EXPECT_EQ(judge(spec_with(NanRule::any), both, kSignalling, true).category, Category::wrong_nan);
    EXPECT_EQ(judge(spec_with(NanRule::any), both, 0xfff8000000000000ull, true).category, Category::exact);
    // One of the NaN operands, either.
    const ImplSpec operand = spec_with(NanRule::operand);
    EXPECT_EQ(judge(operand, both, kQuiet, true).category, Category::exact);
    EXPECT_EQ(judge(operand, both, 0x7ff8000000000456ull, true).category, Category::exact);
    EXPECT_EQ(judge(operand, both, 0x7ff8000000000000ull, true).category, Category::wrong_nan);
    // The GPU's canonical NaN, for NaN operands and invalid operations alike.
    const ImplSpec canonical = spec_with(NanRule::canonical, 0x7fffffffffffffffull);
    EXPECT_EQ(judge(canonical, both, 0x7fffffffffffffffull, true).category, Category::exact);
    EXPECT_EQ(judge(canonical, {0x7ff0000000000000ull, 0xfff0000000000000ull, 0}, 0xfff8000000000000ull, true).category,
              Category::wrong_nan);
    // A number where a NaN is due is still missing_nan, and a NaN for a number spurious.
    EXPECT_EQ(judge(propagate, both, kOne, true).category, Category::missing_nan);
    EXPECT_EQ(judge(propagate, {kOne, kOne, 0}, kQuiet, true).category, Category::spurious_nan);
    // wrong_nan fails but has no error in ulps.
    const Verdict v = judge(propagate, both, kQuiet, true);
    EXPECT_TRUE(v.failed());
    EXPECT_FALSE(v.measured);
    // It fails outside a domain that excludes NaNs too, where other answers are not judged.
    ImplSpec narrow = spec_with(NanRule::any);
    narrow.in_domain = [](const Operands& in, uint64_t, bool) { return !is_nan(Format::binary64, in.a); };
    EXPECT_EQ(judge(narrow, both, kSignalling, true).category, Category::wrong_nan);
    EXPECT_EQ(judge(narrow, both, kQuiet, true).category, Category::outside_domain);
}

// What a domain predicate is told: the result in the impl's mode, and whether the exact value
// underflows (nonzero, below 2^-1022), which a zero or the least normal cannot tell alone.
bool g_tiny = false;
uint64_t g_expected = 0;
bool record_domain(const Operands&, uint64_t expected, bool tiny) {
    g_expected = expected;
    g_tiny = tiny;
    return true;
}

TEST(Binary64Family, DomainsLearnWhetherTheExactResultUnderflows) {
    MpfrReference mpfr;
    ImplSpec spec;
    spec.in_domain = &record_domain;
    const auto tiny_for = [&](uint64_t a, uint64_t b, Rounding r) {
        spec.rounding = r;
        judge_rounded<op::mul64>(mpfr, spec, {a, b, 0}, 0, false);
        return g_tiny;
    };
    constexpr uint64_t kHalf = 0x3fe0000000000000ull, kMinNormal = 0x0010000000000000ull;
    constexpr uint64_t kLeast = 0x0000000000000001ull, kOneUp = 0x3ff0000000000001ull;
    EXPECT_FALSE(tiny_for(0, kHalf, Rounding::rn));                // an exact zero
    EXPECT_TRUE(tiny_for(kLeast, kHalf, Rounding::rn));            // 2^-1075 rounds to 0 (ties to even)
    EXPECT_EQ(g_expected, 0u);
    EXPECT_TRUE(tiny_for(kMinNormal, kHalf, Rounding::rz));        // a subnormal result
    EXPECT_FALSE(tiny_for(kMinNormal, kOneUp, Rounding::rn));      // above the least normal
    EXPECT_FALSE(tiny_for(kMinNormal, 0x3ff0000000000000ull, Rounding::rn));  // exactly the least normal
    // 0x001fffffffffffff * (1 - 2^-53)/2... : just below 2^-1022, rounded up to it.
    EXPECT_TRUE(tiny_for(0x001fffffffffffffull, kHalf, Rounding::ru));
    EXPECT_EQ(g_expected, kMinNormal);
}

TEST(Binary64Family, TestFloatFileNamesGiveTheirRoundingMode) {
    EXPECT_EQ(testfloat_rounding("v/f64_div.level1.txt"), Rounding::rn);
    EXPECT_EQ(testfloat_rounding("v/f64_div.level1.rminMag.txt.gz"), Rounding::rz);
    EXPECT_EQ(testfloat_rounding("v/f64_div.level1.rmin.txt"), Rounding::rd);
    EXPECT_EQ(testfloat_rounding("v/f64_div.level1.rmax.txt"), Rounding::ru);
    EXPECT_EQ(testfloat_rounding("rmax.dir/f64_div.level1.txt"), Rounding::rn);  // the file's name only
    EXPECT_THROW(testfloat_rounding("f64_div.level1.rnear_maxMag.txt"), UsageError);
}

// The vectors are compressed in the tree; both spellings read the same cases.
TEST(Binary64Family, CompressedVectorFilesReadLikeTheirText) {
    const TestFloatFormat* format = testfloat_format_of(op_named("sqrt64"));
    ASSERT_NE(format, nullptr);
    TempDir dir;
    const std::string text = dir.path("f64_sqrt.level1.txt");
    ASSERT_EQ(std::system(("gzip -dc corpus/vectors/testfloat/f64_sqrt.level1.rmax.txt.gz > " + text).c_str()), 0);
    const VectorFile plain = read_testfloat(text, *format);
    const VectorFile packed = read_testfloat("corpus/vectors/testfloat/f64_sqrt.level1.rmax.txt.gz", *format);
    ASSERT_EQ(plain.inputs.size(), 768u);
    EXPECT_EQ(plain.expected, packed.expected);
    EXPECT_EQ(plain.digest, packed.digest);
    EXPECT_THROW(read_testfloat(dir.path("absent.txt.gz"), *format), UsageError);
}

// What `export --format testfloat` writes for an impl of a directed mode: the host's answer and
// flags in that mode, line for line what testfloat_gen -rminMag/-rmin/-rmax wrote.
TEST(Binary64Family, HostAnswersAndFlagsInEachModeAreTestFloatsLines) {
    const std::string v = "corpus/vectors/testfloat/";
    const std::pair<const char*, const char*> files[] = {
        {"div64", "f64_div.level1.rminMag.txt.gz"}, {"div64", "f64_div.level1.rmax.txt.gz"},
        {"div64", "f64_div.level1.rmin.txt.gz"},    {"sqrt64", "f64_sqrt.level1.rminMag.txt.gz"},
        {"sqrt64", "f64_sqrt.level1.rmax.txt.gz"},  {"sqrt64", "f64_sqrt.level1.rmin.txt.gz"},
        {"mul64", "f64_mul.level1.txt.gz"},         {"fma64", "f64_mulAdd.level1.first150k.txt.gz"}};
    for (const auto& [op_name, file] : files) {
        const OpId op = op_named(op_name);
        const VectorFile vf = read_testfloat(v + file, *testfloat_format_of(op));
        const Rounding r = testfloat_rounding(file);
        size_t lines = 0;
        for (size_t i = 0; i < vf.inputs.size(); ++i) {
            const auto host = with_op(op, [&](auto tag) { return host_ieee_result<typename decltype(tag)::type>(vf.inputs[i], r); });
            ASSERT_TRUE(host.has_value());
            ASSERT_TRUE(same_answer(Format::binary64, host->result, vf.expected[i])) << file << ":" << i + 1;
            // IEEE 754 leaves it to the implementation whether 0 * inf + qNaN signals invalid:
            // SoftFloat does, x86's FMA does not.
            const Operands& in = vf.inputs[i];
            const auto zero_times_inf = [](uint64_t x, uint64_t y) {
                return b64::is_zero(x) && b64::is_inf(y);
            };
            const bool implementation_defined = std::string_view(op_name) == "fma64" && b64::is_nan(in.c) &&
                                                (in.c & 0x0008000000000000ull) != 0 &&
                                                (zero_times_inf(in.a, in.b) || zero_times_inf(in.b, in.a));
            const unsigned mask = implementation_defined ? ~unsigned{kInvalid} : ~0u;
            ASSERT_EQ(host->flags & mask, vf.flags[i] & mask) << file << ":" << i + 1;
            ++lines;
        }
        EXPECT_GT(lines, 700u) << file;
    }
}

// The TestFloat files of each op, by rounding mode.
std::vector<std::string> vector_files(std::string_view op, Rounding r) {
    const std::string v = "corpus/vectors/testfloat/";
    const char* suffix[] = {".txt", ".rminMag.txt.gz", ".rmax.txt.gz", ".rmin.txt.gz"};
    const std::string s = suffix[static_cast<int>(r)];
    if (op == "div64") return {v + "f64_div.level1" + (r == Rounding::rn ? ".txt" : s)};
    if (op == "sqrt64") return {v + "f64_sqrt.level1" + (r == Rounding::rn ? ".txt" : s)};
    // add, sub, mul and mulAdd come in round to nearest only: their operands still serve every
    // mode, and their stated results are checked against MPFR in the file's own mode.
    if (op == "add64") return {v + "f64_add.level1.txt.gz"};
    if (op == "sub64") return {v + "f64_sub.level1.txt.gz"};
    if (op == "mul64") return {v + "f64_mul.level1.txt.gz"};
    if (op == "fma64") return {v + "f64_mulAdd.level1.first150k.txt.gz"};
    return {};
}

// The campaign of "done when": every native impl on the CPU over `all` and the TestFloat files,
// clean in every rounding mode, with no disagreement between a file and MPFR.
TEST(Binary64Family, EveryCpuNativeIsCleanOverAllAndTheTestFloatFilesInEveryMode) {
    TempDir dir;
    const std::string db = dir.path("natives.db");
    size_t campaigns = 0;
    for (const auto& [op, natives] : host_natives()) {
        for (const ImplInfo* impl : natives) {
            std::string classes = "all";
            for (const std::string& f : vector_files(op, impl->spec.rounding)) classes += ",testfloat:" + f;
            const auto run = run_fpverify({"run", "--db", db, "--impl", impl->name, "--classes", classes, "--count", "3000",
                                           "--backend", "cpu", "--no-progress", "--quiet", "--reference", "fast"});
            ASSERT_EQ(run.status, 0) << impl->name << run.out << run.err;
            ++campaigns;
        }
    }
    EXPECT_EQ(campaigns, 28u);
    const auto q = run_fpverify({"query", "--db", db, "--format", "csv",
                                 "SELECT sum(failed), sum(reference_disagreements), count(*), "
                                 "sum(class LIKE 'testfloat:%') FROM units"});
    ASSERT_EQ(q.status, 0) << q.err;
    EXPECT_TRUE(contains(q.out, "\n0,0,")) << q.out;
}

// And with --strict-nan every host native keeps the NaN rule it declares.
TEST(Binary64Family, EveryCpuNativeKeepsItsDeclaredNanRule) {
    TempDir dir;
    std::string impls;
    for (const auto& [op, natives] : host_natives()) {
        for (const ImplInfo* impl : natives) impls += (impls.empty() ? "" : ",") + impl->name;
    }
    const auto run = run_fpverify({"run", "--db", dir.path("nan.db"), "--impl", impls, "--classes", "specials",
                                   "--count", "200000", "--backend", "cpu", "--no-progress", "--quiet", "--strict-nan"});
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    const auto json = run_fpverify({"report", "--db", dir.path("nan.db"), "--format", "json"});
    EXPECT_TRUE(contains(json.out, "\"strict_nan\": true")) << json.out.substr(0, 400);
}

}  // namespace
}  // namespace fpv
