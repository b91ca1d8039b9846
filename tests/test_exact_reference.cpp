// The exact reference (reference/exact_check.h, `--reference exact`): each op's integer check
// certifies only the answer MPFR gives, in every rounding mode, with and without flushing, and
// settles every correctly rounded result of finite nonzero operands, exact zeros of sums that
// cancel included; judging with it gives the tallies MPFR gives, field for field, for every impl
// and class of every op that has a check.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <map>
#include <random>

#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/dispatch.h"
#include "ops/judge.h"
#include "reference/exact_check.h"
#include "store/store.h"
#include "tests/exact_rational.h"
#include "tests/test_support.h"
#include "verifier/cpu/backend.h"

namespace fpv {
namespace {

using namespace testing;

constexpr Rounding kModes[] = {Rounding::rn, Rounding::rz, Rounding::ru, Rounding::rd};

// Inputs of a class spread over its set (an exhaustive one is 2^32 patterns long).
std::vector<Operands> sample_inputs(const InputSet& set, uint64_t n) {
    const uint64_t count = std::min(n, set.size);
    const uint64_t stride = std::max<uint64_t>(1, set.size / count);
    std::vector<Operands> in;
    for (uint64_t i = 0; i < count; ++i) in.push_back(set.input(i * stride));
    return in;
}

// The results around `r` that a wrong impl might return: neighbours, the other sign, another
// binade, a flipped low bit.
std::vector<uint64_t> near_misses(Format f, uint64_t r) {
    const uint64_t mask = f == Format::binary64 ? ~uint64_t{0} : 0xffffffffu;
    const uint64_t binade = uint64_t{1} << (binary_format(f).precision - 1);
    return {r,          (r + 1) & mask, (r - 1) & mask,      (r + 2) & mask, (r - 2) & mask,
            r ^ sign_bit(f), (r + binade) & mask, (r - binade) & mask, r ^ 4};
}

// Calls f(op, OpTag<Op>{}) for each op with an exact check.
template <class F>
void for_each_exact_checked_op(F&& f) {
    for (const OpInfo& op : all_ops()) {
        if (!op.has_exact_check) continue;
        with_op(op.id, [&](auto tag) {
            if constexpr (!is_none<typename decltype(tag)::type::exact_check>) f(op, tag);
        });
    }
}

// The sign of an exact sum of terms (the question every check of sums, products and fused
// multiply-adds asks), group by group from the top, against exact rationals: terms in one narrow
// span, in two groups far apart, about 150 to 300 bits apart, cancelling exactly, and an upper
// group that cancels so that the lower decides, over the whole range of exponents; and a chain
// of terms each within 3 bits of the next, wider than the window, which it declines.
TEST(ExactCheck, TheSignOfASumOfTermsIsTheRationalSumsInEveryLayout) {
    constexpr int kMax = 6;
    std::mt19937_64 rng(2026);
    const auto below = [&](uint64_t n) { return static_cast<int>(rng() % n); };
    int apart = 0, lower_decides = 0, declined = 0;
    for (int trial = 0; trial < 200000; ++trial) {
        exact::detail::Term t[kMax] = {};
        mpq_class exact = 0;
        // Layouts: 0 one narrow span; 1 two groups far apart; 2 two groups 150 to 300 bits
        // apart; 3 a term cancelled by the next; 4 an upper group that cancels exactly above a
        // lower group of one sign, which then decides; 5 a chain wider than 250 bits.
        const int layout = below(6);
        const int count = layout == 4 ? 3 + below(kMax - 2) : layout == 5 ? kMax : 1 + below(kMax);
        const int upper_lsb = below(2200) - 1150;
        const int gap = layout == 0 ? below(180) : layout == 1 ? 250 + below(1750) : layout == 4 ? 330 + below(1650) : 150 + below(150);
        const bool lower_negative = (rng() & 1) != 0;
        for (int i = 0; i < count; ++i) {
            const bool low_group = layout == 4 ? i >= 2 : layout != 0 && layout != 5 && i % 2 == 1;
            const bool mirror = (layout == 3 || layout == 4) && i == 1;
            const int bits = layout == 5 ? 64 : 1 + below(64);
            const uint64_t m = (rng() >> (64 - bits)) | (uint64_t{1} << (bits - 1));
            const int lsb = layout == 5 ? upper_lsb - 62 * i : low_group ? upper_lsb - gap - below(40) : upper_lsb + below(60);
            const bool negative = mirror ? !t[0].negative : layout == 4 && low_group ? lower_negative : (rng() & 1) != 0;
            t[i] = {mirror ? t[0].significand : m, mirror ? t[0].lsb_exponent : lsb, negative};
            const mpq_class v = mpq_class(mpz_class(static_cast<unsigned long>(t[i].significand))) * power_of_two(t[i].lsb_exponent);
            exact += negative ? mpq_class(-v) : v;
        }
        const int expected = sgn(exact);
        const int sign = exact_check::sign_of_terms(t);
        if (layout == 5) {
            ASSERT_EQ(sign, exact_check::kUnsettled) << "trial " << trial;
            ++declined;
            continue;
        }
        ASSERT_EQ(sign, expected) << "trial " << trial << ", layout " << layout;
        apart += layout == 1 || layout == 2;
        if (layout == 4) {
            ASSERT_EQ(expected, lower_negative ? -1 : 1);
            ++lower_decides;
        }
    }
    EXPECT_GT(apart, 50000);
    EXPECT_GT(lower_decides, 20000);
    EXPECT_GT(declined, 20000);
}

// The check of a sum's, a product's or an fma's terms, on every result a wrong impl might give
// and on results far from the exact value (zeros, infinities, the least subnormal, the largest
// finite number, 1, each of either sign), in every mode, with and without flushing, zero
// operands included: it
// certifies only MPFR's answer, and it certifies MPFR's answer wherever it reads it (flushing
// builds leave results at or below the least normal to MPFR), exact zeros of terms that cancel
// included.
TEST(ExactCheck, TheCheckOfTermsCertifiesExactlyMpfrsAnswerAmongNearAndFarResults) {
    // Per op: results checked, answers certified, exact zeros of terms that cancel among them.
    std::map<std::string, std::array<uint64_t, 3>> by_op;
    for_each_exact_checked_op([&](const OpInfo& op, auto tag) {
        using Op = typename decltype(tag)::type;
        using Check = typename Op::exact_check;
        if constexpr (requires { Check::kTerms; }) {
            MpfrReference mpfr;
            auto& [checked, answers, cancelled_zeros] = by_op[std::string(op.name)];
            for (const std::string& name : all_class_names(op.id)) {
                const InputSet set = resolve_class(name, op.id, 11);
                // Spread over the set, and its first 600 in a row: a class that cycles through
                // kinds by index (cancellation: index mod 56) shows every kind.
                std::vector<Operands> inputs = sample_inputs(set, 600);
                for (uint64_t i = 0; i < std::min<uint64_t>(600, set.size); ++i) inputs.push_back(set.input(i));
                for (const Operands& in : inputs) {
                    for (const Rounding mode : kModes) {
                        for (const bool ftz : {false, true}) {
                            exact::detail::Term terms[Check::kTerms];
                            if (!Check::exact_terms(in, ftz, terms)) continue;
                            const uint64_t expected = mpfr.correctly_rounded<Op>(in, mode, ftz);
                            std::vector<uint64_t> results = near_misses(Format::binary64, expected);
                            for (const uint64_t far : {uint64_t{0}, uint64_t{1}, b64::kInfinity, b64::kInfinity - 1,
                                                       uint64_t{0x3ff0000000000000}}) {
                                results.push_back(far);
                                results.push_back(far | b64::kSign);
                            }
                            for (const uint64_t r : results) {
                                ++checked;
                                if (!exact_check::sum_rounds_to(terms, r, mode, ftz)) continue;
                                ASSERT_EQ(r, expected) << op.name << " x " << name << " mode " << rounding_name(mode)
                                                       << (ftz ? " ftz" : "") << std::hex << " operands " << in.a
                                                       << " " << in.b << " " << in.c;
                            }
                            // An exact zero is settled where nonzero terms cancel (its sign is then the
                            // rounding mode's); of zero operands it follows their signs, left to MPFR.
                            bool nonzero_term = false;
                            for (const auto& t : terms) nonzero_term = nonzero_term || t.significand != 0;
                            exact_check::Result read;
                            if (is_nan(Format::binary64, expected) ||
                                (is_zero(Format::binary64, expected) && !nonzero_term) ||
                                !exact_check::read_result<Format::binary64>(expected, ftz, read)) {
                                continue;
                            }
                            mpq_class q = 0;
                            for (const auto& t : terms) {
                                const mpq_class v = mpq_class(mpz_class(static_cast<unsigned long>(t.significand))) *
                                                    power_of_two(t.lsb_exponent);
                                q += t.negative ? mpq_class(-v) : v;
                            }
                            cancelled_zeros += q == 0;
                            ++answers;
                            EXPECT_TRUE(exact_check::sum_rounds_to(terms, expected, mode, ftz))
                                << op.name << " x " << name << " mode " << rounding_name(mode) << (ftz ? " ftz" : "")
                                << std::hex << " operands " << in.a << " " << in.b << " " << in.c << " result "
                                << expected;
                        }
                    }
                }
            }
        }
    });
    ASSERT_EQ(by_op.size(), 4u);  // add64, sub64, mul64, fma64
    for (const auto& [op, counts] : by_op) {
        EXPECT_GT(counts[0], 300000u) << op;
        EXPECT_GT(counts[1], 15000u) << op;
        if (op != "mul64") {  // a product of nonzero operands never cancels
            EXPECT_GT(counts[2], 50u) << op;
        }
    }
}

struct CheckCounts {
    uint64_t certified = 0, judgeable = 0, certified_expected = 0;
};

TEST(ExactCheck, CertifiesOnlyMpfrsAnswerInEveryModeAndSettlesEveryResultOfFiniteOperands) {
    std::map<std::string, CheckCounts> by_op;
    for_each_exact_checked_op([&](const OpInfo& op, auto tag) {
        using Op = typename decltype(tag)::type;
        MpfrReference mpfr;
        CheckCounts& counts = by_op[std::string(op.name)];
        for (const std::string& name : all_class_names(op.id)) {
            const InputSet set = resolve_class(name, op.id, 7);
            for (const Operands& in : sample_inputs(set, 400)) {
                for (const Rounding mode : kModes) {
                    for (const bool ftz : {false, true}) {
                        const uint64_t expected = mpfr.correctly_rounded<Op>(in, mode, ftz);
                        for (const uint64_t r : near_misses(Op::result, expected)) {
                            if (!Op::exact_check::certifies(in, r, mode, ftz)) continue;
                            ++counts.certified;
                            ASSERT_EQ(r, expected) << op.name << " x " << name << " mode "
                                                   << rounding_name(mode) << (ftz ? " ftz" : "") << std::hex
                                                   << " operands " << in.a << " " << in.b << " " << in.c;
                        }
                        // From finite nonzero operands other than subnormals, every result
                        // but an exact zero (whose sign follows rules of its own) is settled.
                        bool plain = !ftz && !is_nan(Op::result, expected) && !is_zero(Op::result, expected);
                        for (int i = 0; i < arity<Op>; ++i) {
                            const Format f = Op::operands[static_cast<size_t>(i)].format;
                            const uint64_t w = in.word(i);
                            plain = plain && !is_nan(f, w) && !is_infinite(f, w) && !is_zero(f, w) &&
                                    flush_subnormal(f, w) == w;
                        }
                        if (!plain) continue;
                        ++counts.judgeable;
                        const bool settled = Op::exact_check::certifies(in, expected, mode, ftz);
                        counts.certified_expected += settled;
                        EXPECT_TRUE(settled) << op.name << " x " << name << " mode " << rounding_name(mode)
                                             << std::hex << " operands " << in.a << " " << in.b << " " << in.c
                                             << " result " << expected;
                    }
                }
            }
        }
    });
    ASSERT_EQ(by_op.size(), 13u);  // 8 binary64 ops, 4 binary32 ops, f2d
    for (const auto& [op, c] : by_op) {
        EXPECT_GT(c.judgeable, 1500u) << op;
        EXPECT_GT(c.certified, c.judgeable) << op;  // flush-to-zero builds and specials add some
    }
}

// The roots of zeros are settled, MPFR's answer and nothing else: sqrt(+-0) = +-0 and
// 1/sqrt(+-0) = +-infinity, in every mode, with and without flushing (the negative classes hold -0
// in one input of four, which went to MPFR before).
template <class Op>
void roots_of_zeros_settled() {
    MpfrReference mpfr;
    constexpr Format F = Op::result;
    for (const uint64_t zero : {uint64_t{0}, sign_bit(F)}) {
        for (const Rounding mode : kModes) {
            for (const bool ftz : {false, true}) {
                const Operands in{zero, 0, 0};
                const uint64_t expected = mpfr.correctly_rounded<Op>(in, mode, ftz);
                EXPECT_TRUE(Op::exact_check::certifies(in, expected, mode, ftz)) << Op::name;
                for (const uint64_t r : {uint64_t{0}, sign_bit(F), infinity_bits(F), sign_bit(F) | infinity_bits(F),
                                         uint64_t{1}, min_normal_bits(F), binary_format(F).canonical_nan}) {
                    if (r != expected) {
                        EXPECT_FALSE(Op::exact_check::certifies(in, r, mode, ftz)) << Op::name << " " << r;
                    }
                }
            }
        }
    }
}

TEST(ExactCheck, RootsOfZerosAreSettledAsMpfrSettlesThem) {
    roots_of_zeros_settled<op::sqrt64>();
    roots_of_zeros_settled<op::rsqrt64>();
    roots_of_zeros_settled<op::sqrt32>();
    roots_of_zeros_settled<op::rsqrt32>();
}

// A NaN result is certified exactly where IEEE 754 leaves NaN the only answer, which is where
// MPFR's answer is NaN, with and without flushing; never under --strict-nan.
TEST(ExactCheck, RequiresNanExactlyWhereMpfrAnswersNan) {
    std::map<std::string, uint64_t> nan_required;
    for_each_exact_checked_op([&](const OpInfo& op, auto tag) {
        using Op = typename decltype(tag)::type;
        MpfrReference mpfr;
        const uint64_t nan = infinity_bits(Op::result) | quiet_bit(Op::result);
        for (const std::string& name : all_class_names(op.id)) {
            const InputSet set = resolve_class(name, op.id, 5);
            for (const Operands& in : sample_inputs(set, 2000)) {
                for (const bool ftz : {false, true}) {
                    const bool mpfr_nan = is_nan(Op::result, mpfr.correctly_rounded<Op>(in, Rounding::rn, ftz));
                    const bool required = Op::exact_check::requires_nan(in, ftz);
                    ASSERT_EQ(required, mpfr_nan) << op.name << " x " << name << (ftz ? " ftz" : "")
                                                  << std::hex << " operands " << in.a << " " << in.b << " "
                                                  << in.c;
                    nan_required[std::string(op.name)] += required;
                    const bool certified = exact_check::certifies<Op>(in, nan, Rounding::rn, ftz, false);
                    if (certified) {
                        ASSERT_TRUE(required) << op.name << std::hex << " operands " << in.a << " " << in.b;
                    }
                    ASSERT_FALSE(exact_check::certifies<Op>(in, nan, Rounding::rn, ftz, true)) << op.name;
                }
            }
        }
    });
    for (const char* op : {"sqrt64", "rsqrt64", "div64", "add64", "mul64", "fma64", "sqrt32", "f2d"}) {
        EXPECT_GE(nan_required[op], 10u) << op;  // the check meets NaNs it must certify
    }
}

// Every impl that runs on the CPU, of every op with an exact check, on every class of `all`
// and its TestFloat file, NaNs held to their rule or not, and of every float-float op: judging
// with the exact reference gives MPFR's tally.
TEST(ExactReference, TalliesEqualMpfrTalliesFieldForFieldOnEveryImplAndClass) {
    constexpr uint64_t kInputs = 512;
    const TallyLimits limits{8, 64};
    uint64_t units = 0, failing_units = 0, certified = 0, judged = 0, float_float_units = 0;
    for (const ImplInfo& impl : all_impls()) {
        const OpInfo& op = op_info(impl.op);
        const bool float_float = op.metric == Metric::relative_u2;
        if ((!op.has_exact_check && !float_float) || !impl.runs_on_cpu() || impl.plugin) continue;
        std::vector<std::string> classes = all_class_names(impl.op);
        if (!op.testfloat.empty() && impl.spec.rounding == Rounding::rn) {
            const std::string file = testing::vectors_dir() + "/" + std::string(op.testfloat) + ".level1.txt";
            if (testing::file_exists(file)) classes.push_back("testfloat:" + file);
        }
        for (const std::string& name : classes) {
            const InputSet set = resolve_class(name, impl.op, 11);
            const uint64_t n = std::min(kInputs, set.size);
            const Tally mpfr = judge_host_impl(UnitWork{impl, set, limits, ReferenceMode::mpfr}, 0, n);
            const Tally exact = judge_host_impl(UnitWork{impl, set, limits, ReferenceMode::exact}, 0, n);
            ASSERT_EQ(mpfr, exact) << impl.name << " x " << name;
            EXPECT_EQ(exact.reference_disagreements, mpfr.reference_disagreements) << impl.name << " x " << name;
            if (!float_float) {
                // NaNs held to their impl's rule: MPFR judges every NaN, with the same tallies.
                const Tally strict_mpfr =
                    judge_host_impl(UnitWork{impl, set, limits, ReferenceMode::mpfr, true}, 0, n);
                const Tally strict_exact =
                    judge_host_impl(UnitWork{impl, set, limits, ReferenceMode::exact, true}, 0, n);
                ASSERT_EQ(strict_mpfr, strict_exact) << impl.name << " x " << name << " --strict-nan";
            }
            ++units;
            float_float_units += float_float;
            failing_units += exact.has_failures();
            if (!certifiable(impl)) continue;
            with_op(impl.op, [&](auto tag) {
                OpJudge<typename decltype(tag)::type> judge(impl, ReferenceMode::exact);
                for (uint64_t i = 0; i < n; ++i) judge(set.input(i), impl.host(set.input(i)), nullptr, i);
                certified += judge.certified_count();
                judged += n;
            });
        }
    }
    EXPECT_GT(units, 1000u);
    EXPECT_GT(float_float_units, 200u);
    EXPECT_GT(failing_units, 100u);  // mutants and wrong impls: failures compared too
    // The comparison means something only if the exact check did the judging.
    EXPECT_GT(static_cast<double>(certified), 0.5 * static_cast<double>(judged)) << certified << " of " << judged;
}

TEST(ExactReference, TheCommandLineRunsItOnTheCpuAndTheReportSaysSo) {
    TempDir dir;
    const std::string db = dir.path("exact.db");
    const CommandResult run = run_fpverify({"run", "--impl", "div64.emu_halley,div64.emu_nr", "--classes",
                                            "normal,midpoint", "--count", "20000", "--backend", "cpu",
                                            "--reference", "exact", "--db", db, "--quiet"});
    EXPECT_EQ(run.status, 1) << run.err;  // the published Halley division fails
    const CommandResult report = run_fpverify({"report", "--db", db});
    EXPECT_TRUE(contains(report.out, "Reference: exact")) << report.out;
    const CommandResult json = run_fpverify({"report", "--db", db, "--format", "json"});
    EXPECT_TRUE(contains(json.out, "\"reference\": \"exact\"")) << json.out;
    const CommandResult ops = run_fpverify({"list", "ops"});
    EXPECT_TRUE(contains(ops.out, "--reference exact")) << ops.out;
    EXPECT_TRUE(contains(ops.out, "integer check")) << ops.out;
    const CommandResult wrong = run_fpverify({"run", "--impl", "div64.emu_nr", "--reference", "exactly", "--db", db});
    EXPECT_EQ(wrong.status, 2);
    EXPECT_TRUE(contains(wrong.err, "mpfr, fast, exact")) << wrong.err;
}

// A broken check (planted: every result certified) is what MPFR's sample is for: the failures it
// hides are caught there, stored as disagreements, make the run exit 1 and are listed.
TEST(ExactReference, AWrongCertificateIsCaughtByMpfrsSampleStoredAndReported) {
    TempDir dir;
    const std::string db = dir.path("planted.db");
    setenv("FPV_INJECT_WRONG_CERTIFICATE", "1", 1);
    const CommandResult run = run_fpverify({"run", "--impl", "div64.emu_halley", "--classes", "normal", "--count",
                                            "1048576", "--seed", "3", "--backend", "cpu", "--reference", "exact",
                                            "--db", db});
    unsetenv("FPV_INJECT_WRONG_CERTIFICATE");
    EXPECT_EQ(run.status, 1) << run.err;
    EXPECT_TRUE(contains(run.out, "the exact reference disagrees with MPFR")) << run.out;
    const CommandResult report = run_fpverify({"report", "--db", db});
    EXPECT_TRUE(contains(report.out, "## References that disagree with MPFR")) << report.out;
    EXPECT_TRUE(contains(report.out, "exact reference says")) << report.out;
    Store store(db, Store::Mode::read_only);
    const std::vector<UnitState> units = store.units(store.campaigns().front().id);
    ASSERT_EQ(units.size(), 1u);
    // About 3 % of the 256 sampled results are wrong: every one of them is a disagreement.
    EXPECT_GE(units[0].tally.reference_disagreements, 3u);
    EXPECT_EQ(units[0].tally.reference_disagreements, units[0].tally.failed());
    // Without the planted fault the same run has none, and more failures.
    const CommandResult honest = run_fpverify({"run", "--impl", "div64.emu_halley", "--classes", "normal", "--count",
                                               "1048576", "--seed", "3", "--backend", "cpu", "--reference", "exact",
                                               "--db", dir.path("honest.db"), "--quiet"});
    EXPECT_EQ(honest.status, 1);
    Store honest_store(dir.path("honest.db"), Store::Mode::read_only);
    const Tally t = honest_store.units(honest_store.campaigns().front().id)[0].tally;
    EXPECT_EQ(t.reference_disagreements, 0u);
    EXPECT_GT(t.failed(), 20 * units[0].tally.failed());
}

}  // namespace
}  // namespace fpv
