// gemm64: its classes keep their word (checked by the exact accumulator and by the values
// themselves), the exact reference's verdicts equal MPFR's on every class, the project's own dot
// products keep Higham's bound where its model holds, the correctly rounded one is correctly
// rounded, and a planted wrong exact sum is caught by MPFR's sample.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cfenv>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/usage_error.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/gemm64/gemm64.h"
#include "ops/judge.h"
#include "reference/componentwise_verdict.h"
#include "reference/mpfr_dot.h"
#include "tests/exact_rational.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

using gemm64::EntryTerms;
using gemm64::Shape;

// Some of them rectangular: m rows, n columns.
const std::vector<std::string> kEveryClass = {"uniform:k=64:m=5:n=90", "signed:k=64:m=70:n=3", "spread:phi=8:k=64",
                                              "span:e=1022:k=64",      "cancellation:k=65",    "subnormal:k=64",
                                              "overflow:k=64",         "specials:k=64",        "midpoint:k=64:m=9"};

InputSet inputs(const std::string& spec, uint64_t seed = 1) { return resolve_class(spec, op_named("gemm64"), seed); }

std::vector<double> row_of_a(const Operands& in) {
    std::vector<double> a;
    for (uint32_t l = 0; l < EntryTerms::length(in); ++l) a.push_back(double_of(EntryTerms::a(in, l)));
    return a;
}

TEST(Gemm64Classes, ParseTheirShapesAndRefuseWhatTheyCannotMean) {
    const Shape s = Shape::of(inputs("spread:phi=2.5:k=1000:n=8").first);
    EXPECT_EQ(s.k, 1000u);
    EXPECT_EQ(s.n, 8u);
    EXPECT_EQ(s.parameter, 40u);  // 2.5 in sixteenths
    EXPECT_EQ(s.draw, gemm64::Draw::spread);
    EXPECT_EQ(Shape::of(inputs("uniform:").first).k, 256u);  // the defaults
    EXPECT_EQ(Shape::of(inputs("uniform:").first).n, 64u);
    EXPECT_EQ(Shape::of(inputs("uniform:").first).m, 64u);
    EXPECT_EQ(Shape::of(inputs("uniform:n=9").first).m, 9u) << "m is n unless given";
    const Shape r = Shape::of(inputs("span:e=1022:m=32768:n=1:k=1048576").first);  // every field at its largest
    EXPECT_EQ(r.m, 32768u);
    EXPECT_EQ(r.n, 1u);
    EXPECT_EQ(r.k, 1048576u);
    EXPECT_EQ(r.parameter, 1022u);
    EXPECT_EQ(r.draw, gemm64::Draw::span);
    const Shape one = Shape::of(inputs("midpoint:k=2:n=1:m=1").first);  // every field at its least
    EXPECT_EQ(one.m + one.n, 2u);
    EXPECT_EQ(one.k, 2u);
    EXPECT_EQ(one.draw, gemm64::Draw::midpoint);
    for (const char* bad : {"uniform:k=0", "uniform:k=1048577", "uniform:q=3", "uniform:k", "span:e=1023",
                            "spread:phi=0.1", "spread:phi=16", "uniform:phi=2", "cancellation:k=2", "uniform:n=32769",
                            "uniform:m=0", "uniform:m=32769", "midpoint:m=4:n=2"}) {
        EXPECT_THROW(inputs(bad), UsageError) << bad;
    }
    // The shape is part of the key: another k draws other matrices.
    EXPECT_NE(inputs("uniform:k=64").key, inputs("uniform:k=65").key);
}

// Entries `index` of a class of m x n products: batch by batch, row-major within one.
void expect_row_major(const InputSet& set, uint32_t m, uint32_t n, uint32_t k) {
    const uint64_t per_batch = uint64_t{m} * n;
    for (uint64_t index = 0; index < 40; ++index) {
        const Operands in = set.input(index);
        EXPECT_EQ(gemm64::entry_row(in.a), (index % per_batch) / n) << index;
        EXPECT_EQ(gemm64::entry_column(in.a), index % n) << index;
        EXPECT_EQ(in.b, set.input(index - index % per_batch).b) << "one key a batch";
        const BlockShape shape = gemm64::Batches::shape(in);
        EXPECT_EQ(shape.m, m);
        EXPECT_EQ(shape.n, n);
        EXPECT_EQ(shape.k, k);
        EXPECT_EQ(gemm64::Batches::position(in), index % per_batch);
    }
}

TEST(Gemm64Classes, NumberEntriesBatchByBatchRowMajor) {
    const InputSet set = inputs("uniform:k=8:n=4");
    expect_row_major(set, 4, 4, 8);
    EXPECT_NE(set.input(0).b, set.input(16).b);
    expect_row_major(inputs("uniform:k=8:m=3:n=5"), 3, 5, 8);  // rectangular: m x n entries a batch
    // Entries of one row share A's row, entries of one column B's column: they are one product's.
    const Operands e00 = set.input(0), e01 = set.input(1), e10 = set.input(4);
    EXPECT_EQ(row_of_a(e00), row_of_a(e01));
    EXPECT_NE(row_of_a(e00), row_of_a(e10));
    for (uint32_t l = 0; l < 8; ++l) EXPECT_EQ(EntryTerms::b(e00, l), EntryTerms::b(e10, l));
}

TEST(Gemm64Classes, DrawTheSameValuesInAnyRoundingModeOfTheHost) {
    // The judges change the host's rounding mode; the matrices must not notice.
    for (const std::string& spec : kEveryClass) {
        const InputSet set = inputs(spec);
        const Operands in = set.input(12345);
        const std::vector<double> nearest = row_of_a(in);
        for (const int mode : {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO}) {
            std::fesetround(mode);
            const std::vector<double> other = row_of_a(in);
            std::fesetround(FE_TONEAREST);
            for (size_t l = 0; l < nearest.size(); ++l) {
                ASSERT_EQ(bits_of(other[l]), bits_of(nearest[l])) << spec << ", term " << l;
            }
        }
    }
}

TEST(Gemm64Classes, KeepTheirGuarantees) {
    for (uint64_t index = 0; index < 2000; index += 7) {
        const Operands u = inputs("uniform:k=32").input(index), s = inputs("signed:k=32").input(index);
        const Operands span = inputs("span:e=300:k=32").input(index), tiny = inputs("subnormal:k=32").input(index);
        for (uint32_t l = 0; l < 32; ++l) {
            const double a = double_of(EntryTerms::a(u, l)), b = double_of(EntryTerms::b(u, l));
            ASSERT_TRUE(a >= 0 && a < 1 && b >= 0 && b < 1);
            ASSERT_LT(std::abs(double_of(EntryTerms::a(s, l))), 1.0);
            const double x = std::abs(double_of(EntryTerms::a(span, l)));
            ASSERT_TRUE(x >= 0x1p-300 && x < 0x1p301) << x;
            ASSERT_LT(std::abs(double_of(EntryTerms::a(tiny, l)) * double_of(EntryTerms::b(tiny, l))), 0x1p-1000);
        }
        // Cancellation: the exact entry is what the one or two last products make.
        const Operands c = inputs("cancellation:k=33").input(index);
        exact_dot::Accumulator whole, rest;
        accumulate_terms<EntryTerms>(c, whole);
        rest.clear();
        rest.add_product(EntryTerms::a(c, 32), EntryTerms::b(c, 32));
        ASSERT_EQ(whole.rounded(Rounding::rn), rest.rounded(Rounding::rn));
        ASSERT_LT(std::abs(double_of(whole.rounded(Rounding::rn))), 0x1p-70);
        ASSERT_GT(double_of(whole.magnitude_sum()), 1e-6);
    }
    // Specials: about one entry in 64 a zero, an infinity or a NaN.
    int specials = 0, total = 0;
    for (uint64_t index = 0; index < 200; ++index) {
        const Operands in = inputs("specials:k=64").input(index * 64);
        for (uint32_t l = 0; l < 64; ++l, ++total) {
            const double a = double_of(EntryTerms::a(in, l));
            specials += a == 0 || std::isinf(a) || std::isnan(a) ? 1 : 0;
        }
    }
    EXPECT_GT(specials, total / 128);
    EXPECT_LT(specials, total / 32);
}

// Midpoint: in exact rationals, every entry lies within 2^-40 ulp of a midpoint between two
// doubles (the construction promises 2^-53), whatever k, and the hardest entries are judged
// right: the correctly rounded dot product in every mode.
TEST(Gemm64Classes, MidpointEntriesLieWithinTwoToTheMinusFortyUlpOfAMidpoint) {
    EXPECT_THROW(inputs("midpoint:k=64:n=2"), UsageError);
    EXPECT_THROW(inputs("midpoint:k=1"), UsageError);
    EXPECT_EQ(Shape::of(inputs("midpoint:").first).n, 1u);
    for (const std::string spec : {"midpoint:k=2", "midpoint:k=64:m=7", "midpoint:k=1000"}) {
        const InputSet set = inputs(spec);
        for (uint64_t index = 0; index < 300; ++index) {
            const Operands in = set.input(index * 13);
            mpq_class exact = 0;
            for (uint32_t l = 0; l < EntryTerms::length(in); ++l) {
                exact += testing::exact_value(EntryTerms::a(in, l)) * testing::exact_value(EntryTerms::b(in, l));
            }
            ASSERT_NE(exact, 0) << spec << " #" << index;
            const mpq_class magnitude = abs(exact), ulp = testing::ulp_at(magnitude);
            const mpq_class steps = magnitude / ulp;
            mpz_class whole;
            mpz_fdiv_q(whole.get_mpz_t(), steps.get_num_mpz_t(), steps.get_den_mpz_t());
            const mpq_class off_midpoint = abs(steps - whole - mpq_class(1, 2));
            ASSERT_LE(off_midpoint, testing::power_of_two(-40)) << spec << " #" << index;
        }
    }
}

// The verdicts of one impl on `count` entries of every class, under `mode`.
std::vector<Verdict> verdicts(const std::string& impl_name, ReferenceMode mode, const std::string& spec, int count) {
    const ImplInfo& impl = impl_named(impl_name);
    Judge judge(impl, mode);
    const InputSet set = inputs(spec);
    std::vector<Verdict> out;
    for (int i = 0; i < count; ++i) {
        const Operands in = set.input(static_cast<uint64_t>(i) * 37);
        out.push_back(judge(in, impl.host(in), nullptr, static_cast<uint64_t>(i)));
    }
    return out;
}

TEST(Gemm64Reference, TheExactAccumulatorsVerdictsAreMpfrsOnEveryClass) {
    for (const std::string impl : {"gemm64.dot_fma", "gemm64.dot_exact_ru", "gemm64.mut_truncated_products"}) {
        for (const std::string& spec : kEveryClass) {
            const std::vector<Verdict> exact = verdicts(impl, ReferenceMode::exact, spec, 150);
            const std::vector<Verdict> mpfr = verdicts(impl, ReferenceMode::mpfr, spec, 150);
            for (size_t i = 0; i < exact.size(); ++i) {
                EXPECT_FALSE(exact[i].reference_conflict) << impl << ", " << spec << ", entry " << i;
                EXPECT_EQ(exact[i].expected, mpfr[i].expected) << impl << ", " << spec << ", entry " << i;
                EXPECT_EQ(exact[i].category, mpfr[i].category) << impl << ", " << spec << ", entry " << i;
                EXPECT_TRUE(same_measure(exact[i].error, mpfr[i].error))
                    << impl << ", " << spec << ", entry " << i << ": " << exact[i].error << " against " << mpfr[i].error;
                EXPECT_GE(exact[i].ulps, 0.0) << impl << ", " << spec << ", entry " << i;
                EXPECT_TRUE(same_measure(exact[i].ulps, mpfr[i].ulps))
                    << impl << ", " << spec << ", entry " << i << ": " << exact[i].ulps << " ulp against " << mpfr[i].ulps;
                // The correctly rounded entry is within half an ulp (rn) or one (directed); another is not.
                if (exact[i].category == Category::exact) {
                    EXPECT_LE(exact[i].ulps, 1.0) << impl << ", " << spec;
                }
            }
        }
    }
}

TEST(Gemm64Impls, TheChainsKeepGammaKWhereHighamsModelHoldsAndTheExactDotIsCorrectlyRounded) {
    // No underflow or overflow in these classes, Higham's assumptions.
    for (const std::string spec : {"uniform:k=1000", "signed:k=300", "spread:phi=4:k=200", "span:e=400:k=100",
                                   "cancellation:k=301"}) {
        for (const std::string impl : {"gemm64.dot_fma", "gemm64.dot_muladd"}) {
            int not_correctly_rounded = 0;
            for (const Verdict& v : verdicts(impl, ReferenceMode::exact, spec, 200)) {
                EXPECT_FALSE(v.failed()) << impl << ", " << spec << ": error " << v.error;
                not_correctly_rounded += v.category == Category::within_bound ? 1 : 0;
            }
            if (spec.starts_with("uniform")) {
                EXPECT_GT(not_correctly_rounded, 50) << impl;  // they do err
            }
        }
    }
    for (const std::string& spec : kEveryClass) {
        for (const std::string impl : {"gemm64.dot_exact", "gemm64.dot_exact_rz", "gemm64.dot_exact_rd"}) {
            for (const Verdict& v : verdicts(impl, ReferenceMode::mpfr, spec, 100)) {
                EXPECT_EQ(v.category, Category::exact) << impl << ", " << spec;
            }
        }
    }
}

// An impl's documented domain holds for entries too: outside it an entry is counted apart, and
// wrong there only where it is not the correctly rounded entry.
TEST(Gemm64Reference, EntriesOutsideAnImplsDomainAreCountedApart) {
    ImplSpec spec = gemm64::kFmaChain;
    spec.in_domain = [](const Operands&, uint64_t, bool) { return false; };
    MpfrDot mpfr;
    const InputSet set = inputs("uniform:k=64");
    int wrong = 0, right = 0;
    for (uint64_t index = 0; index < 200; ++index) {
        const Operands in = set.input(index);
        const uint64_t result = gemm64::FmaChain::run(in.a, in.b, in.c);
        const Verdict v = judge_componentwise<op::gemm64>(mpfr, spec, in, result, true);
        EXPECT_EQ(v.category, Category::outside_domain) << index;
        EXPECT_EQ(v.wrong, result != v.expected) << index;
        (v.wrong ? wrong : right) += 1;
    }
    EXPECT_GT(wrong, 0);  // the FMA chain errs on some entries, and is right on others
    EXPECT_GT(right, 0);
    spec.in_domain = nullptr;
    const Operands in = set.input(0);
    EXPECT_NE(judge_componentwise<op::gemm64>(mpfr, spec, in, gemm64::FmaChain::run(in.a, in.b, in.c), true).category,
              Category::outside_domain);
}

TEST(Gemm64Impls, MutantsFailTheirParentsClaim) {
    for (const std::string mutant : {"gemm64.mut_last_term_dropped", "gemm64.mut_binary32_accumulator",
                                     "gemm64.mut_truncated_products"}) {
        int failed = 0;
        for (const Verdict& v : verdicts(mutant, ReferenceMode::exact, "uniform:k=256", 100)) failed += v.failed() ? 1 : 0;
        EXPECT_GT(failed, 90) << mutant;
    }
}

TEST(Gemm64Reference, AWrongExactSumIsCaughtByMpfrsSample) {
    testing::TempDir dir;
    const std::string db = dir.path("planted.db");
    const testing::CommandResult r = testing::run_command(
        "env", {"FPV_INJECT_WRONG_CERTIFICATE=1", testing::fpverify_binary(), "run", "--db", db, "--impl",
                "gemm64.dot_fma", "--classes", "uniform:k=16:n=16", "--count", "8192", "--reference", "fast",
                "--backend", "cpu"});
    EXPECT_EQ(r.status, 1) << r.err;
    const auto rows = testing::sql_rows(db, "SELECT reference_disagreements FROM units");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_GT(std::stoll(rows[0][0]), 0) << "MPFR's sample did not catch the wrong sums";
}

// The bin of the q-quantile, recounted from a unit's histogram as the JSON report lists it.
std::string quantile_label(const nlohmann::json& histogram, double q) {
    uint64_t total = 0;
    for (const auto& bin : histogram) total += bin.at("count").get<uint64_t>();
    const auto rank = static_cast<uint64_t>(std::ceil(q * static_cast<double>(total)));
    uint64_t below = 0;
    for (const auto& bin : histogram) {
        below += bin.at("count").get<uint64_t>();
        if (below >= rank) return bin.at("label").get<std::string>();
    }
    return "";
}

TEST(Gemm64Report, GivesEachClassTheBinsOfItsMedianAndPercentileAndItsCorrectlyRoundedEntries) {
    testing::TempDir dir;
    const std::string db = dir.path("spread.db");
    ASSERT_EQ(testing::run_fpverify({"run", "--db", db, "--impl", "gemm64.dot_fma,gemm64.dot_exact", "--classes",
                                     "uniform:k=16:n=8,spread:phi=4:k=64:n=8", "--count", "2048", "--backend", "cpu",
                                     "--quiet", "--no-progress"})
                  .status,
              0);
    const testing::CommandResult json = testing::run_fpverify({"report", "--db", db, "--format", "json"});
    ASSERT_EQ(json.status, 0) << json.err;
    const nlohmann::json report = nlohmann::json::parse(json.out);
    size_t units = 0;
    for (const auto& unit : report.at("units")) {
        const std::string name = unit.at("impl").get<std::string>() + " x " + unit.at("class").get<std::string>();
        const nlohmann::json& spread = unit.at("error_distribution");
        ASSERT_TRUE(spread.is_object()) << name;
        EXPECT_EQ(spread.at("median_bin"), quantile_label(unit.at("histogram"), 0.5)) << name;
        EXPECT_EQ(spread.at("p99_bin"), quantile_label(unit.at("histogram"), 0.99)) << name;
        const uint64_t exact = unit.at("categories").value("exact", uint64_t{0});
        EXPECT_EQ(spread.at("correctly_rounded").get<uint64_t>(), exact) << name;
        if (unit.at("impl") == "gemm64.dot_exact") {
            EXPECT_EQ(exact, 2048u) << name;
        } else {
            EXPECT_LT(exact, 2048u) << name;
        }
        // Every entry measured in ulps too, and the correctly rounded one within half an ulp.
        const nlohmann::json& ulps = unit.at("ulp_errors");
        EXPECT_TRUE(ulps.at("complete").get<bool>()) << name;
        EXPECT_EQ(ulps.at("median_bin"), quantile_label(ulps.at("histogram"), 0.5)) << name;
        uint64_t measured = 0;
        for (const auto& bin : ulps.at("histogram")) measured += bin.at("count").get<uint64_t>();
        EXPECT_EQ(measured, 2048u) << name;
        if (unit.at("impl") == "gemm64.dot_exact") {
            EXPECT_TRUE(ulps.at("max_bin") == "[2^-2, 2^-1)" || ulps.at("max_bin") == "[2^-1, 2^0)") << name;
        }
        ++units;
    }
    EXPECT_EQ(units, 4u);
    const testing::CommandResult md = testing::run_fpverify({"report", "--db", db});
    EXPECT_NE(md.out.find("| class | entries inside | correctly rounded | median ("), std::string::npos) << md.out;
    EXPECT_NE(md.out.find("| class | entries measured | median (ulp) |"), std::string::npos) << md.out;
}

// Classes that differ in one argument alone (k, or phi) are plotted against it, an impl a line,
// with the largest errors of the units; a class alone in its family is not.
TEST(Gemm64Report, PlotsTheLargestErrorsAgainstKAndAgainstPhi) {
    testing::TempDir dir;
    const std::string db = dir.path("against.db");
    ASSERT_EQ(testing::run_fpverify({"run", "--db", db, "--impl", "gemm64.dot_fma,gemm64.dot_muladd", "--classes",
                                     "uniform:k=4:n=8,uniform:k=64:n=8,spread:phi=1:k=16:n=8,spread:phi=6:k=16:n=8,"
                                     "signed:k=8:n=8",
                                     "--count", "512", "--backend", "cpu", "--quiet", "--no-progress"})
                  .status,
              0);
    const testing::CommandResult json = testing::run_fpverify({"report", "--db", db, "--format", "json"});
    ASSERT_EQ(json.status, 0) << json.err;
    const nlohmann::json report = nlohmann::json::parse(json.out);
    std::map<std::string, double> max_error;  // "impl x class"
    for (const auto& unit : report.at("units")) {
        max_error[unit.at("impl").get<std::string>() + " x " + unit.at("class").get<std::string>()] =
            unit.at("max_error").get<double>();
    }
    const nlohmann::json& plots = report.at("error_against");
    ASSERT_EQ(plots.size(), 2u) << plots.dump();
    std::set<std::string> seen;
    for (const auto& plot : plots) {
        const std::string argument = plot.at("argument"), classes = plot.at("classes");
        seen.insert(argument + " " + classes);
        ASSERT_EQ(plot.at("series").size(), 2u);
        for (const auto& series : plot.at("series")) {
            ASSERT_EQ(series.at("points").size(), 2u);
            for (const auto& point : series.at("points")) {
                char value[32];
                std::snprintf(value, sizeof value, "%g", point.at(argument).get<double>());
                // The unit's class spec, the plotted argument put back where `all_spec` order has it.
                const std::string spec = classes.starts_with("uniform") ? "uniform:k=" + std::string(value) + ":n=8"
                                                                        : "spread:phi=" + std::string(value) + ":k=16:n=8";
                const std::string unit = series.at("impl").get<std::string>() + " x " + spec;
                ASSERT_TRUE(max_error.contains(unit)) << unit;
                EXPECT_EQ(point.at("max_error").get<double>(), max_error[unit]) << unit;
            }
        }
    }
    EXPECT_EQ(seen, (std::set<std::string>{"k uniform:n=8", "phi spread:k=16:n=8"}));
    const testing::CommandResult html = testing::run_fpverify({"report", "--db", db, "--format", "html"});
    ASSERT_EQ(html.status, 0) << html.err;
    size_t drawn = 0;
    for (size_t at = html.out.find("data-plot=\"error-against\""); at != std::string::npos;
         at = html.out.find("data-plot=\"error-against\"", at + 1)) {
        ++drawn;
    }
    EXPECT_EQ(drawn, 2u);
    const testing::CommandResult md = testing::run_fpverify({"report", "--db", db});
    EXPECT_NE(md.out.find("| k | `gemm64.dot_fma` | `gemm64.dot_muladd` |"), std::string::npos) << md.out;
}

// The emulations documented for finite terms only tell their domain on the GPU too (claims, so
// that the GPU judges their entries), and it is the documented one, entry by entry.
TEST(Gemm64Domains, TheDomainTheGpuTellsIsTheDocumentedOne) {
    using NoSpecials = gemm64::Cublas<gemm64::kCublasEagerNoSpecials, gemm64::kEagerNoSpecials>;
    using Eager = gemm64::Cublas<gemm64::kCublasEager, gemm64::kEager>;
    using Gemmul8 = gemm64::Gemmul8<12, true>;
    static_assert(HasOperandDomain<NoSpecials> && HasOperandDomain<Gemmul8> && !HasOperandDomain<Eager>);
    EXPECT_TRUE(impl_named("gemm64.cublas_emu_eager_nospecials").operand_domain);
    EXPECT_TRUE(impl_named("gemm64.gemmul8_fast12").operand_domain);
    EXPECT_FALSE(impl_named("gemm64.cublas_emu_eager").operand_domain);
    // Every GEMM with a documented domain tells it on the GPU; the others claim every entry.
    for (const ImplInfo& impl : all_impls()) {
        if (impl.op != op_named("gemm64") || !impl.whole_products) continue;
        EXPECT_EQ(impl.operand_domain, impl.spec.in_domain != nullptr) << impl.name;
        if (impl.spec.in_domain != nullptr) {
            EXPECT_EQ(impl.spec.in_domain, &gemm64::finite_terms) << impl.name;
        }
    }
    const InputSet set = inputs("specials:k=16:n=8");
    uint64_t inside = 0;
    for (uint64_t index = 0; index < 2048; ++index) {
        const Operands in = set.input(index);
        const bool documented = NoSpecials::spec.in_domain(in, 0, false);
        ASSERT_EQ(NoSpecials::claims(in), documented) << index;
        ASSERT_EQ(Gemmul8::claims(in), Gemmul8::spec.in_domain(in, 0, false)) << index;
        inside += documented ? 1 : 0;
    }
    EXPECT_GT(inside, 0u);  // both kinds of entry were seen
    EXPECT_LT(inside, 2048u);
}

}  // namespace
}  // namespace fpv
