// The exact reference (reference/exact_check.h, `--reference exact`): each op's integer check
// certifies only the answer MPFR gives, in every rounding mode, with and without flushing, and
// settles every correctly rounded result of finite nonzero operands but exact zeros; judging with it gives the tallies
// MPFR gives, field for field, for every impl and class of every op that has a check.
#include <gtest/gtest.h>

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
// multiply-adds asks), against exact rationals: terms in one narrow span, in two groups far
// apart (the window: the lower group of one sign, or of both, which the window declines),
// straddling the window's floor, cancelling exactly, and an upper group that cancels so that
// the lower decides, over the whole range of exponents.
TEST(ExactCheck, TheSignOfASumOfTermsIsTheRationalSumsInEveryLayout) {
    std::mt19937_64 rng(2026);
    const auto below = [&](uint64_t n) { return static_cast<int>(rng() % n); };
    int windowed = 0, wide = 0, lower_decides = 0;
    for (int trial = 0; trial < 200000; ++trial) {
        exact_check::Terms t;
        mpq_class exact = 0;
        // Layouts: 0 one narrow span; 1 two groups far apart; 2 two groups about the window's
        // floor; 3 a term cancelled by the next; 4 an upper group that cancels exactly above a
        // lower group of one sign, which then decides.
        const int layout = below(5);
        const int count = layout == 4 ? 3 + below(exact_check::Terms::kMax - 2) : 1 + below(exact_check::Terms::kMax);
        const int upper_lsb = below(2200) - 1150;
        const int gap = layout == 0 ? below(180) : layout == 1 ? 250 + below(1750) : layout == 4 ? 330 + below(1650) : 150 + below(150);
        const bool lower_negative = (rng() & 1) != 0;
        for (int i = 0; i < count; ++i) {
            const bool low_group = layout == 4 ? i >= 2 : layout != 0 && i % 2 == 1;
            const bool mirror = (layout == 3 || layout == 4) && i == 1;
            const int bits = 1 + below(64);
            const uint64_t m = (rng() >> (64 - bits)) | (uint64_t{1} << (bits - 1));
            const int lsb = low_group ? upper_lsb - gap - below(40) : upper_lsb + below(60);
            const bool negative = mirror ? !t.term[0].negative : layout == 4 && low_group ? lower_negative : (rng() & 1) != 0;
            const uint64_t sig = mirror ? t.term[0].significand : m;
            const int at = mirror ? t.term[0].lsb_exponent : lsb;
            t.add(sig, at, negative);
            const mpq_class v = mpq_class(mpz_class(static_cast<unsigned long>(sig))) * power_of_two(at);
            exact += negative ? mpq_class(-v) : v;
        }
        const int expected = sgn(exact);
        ASSERT_EQ(exact_check::sign_of(t), expected) << "trial " << trial << ", layout " << layout;
        int windowed_sign = 0;
        if (t.highest - t.lowest > 250) {
            const bool settled = exact_check::sign_by_window(t, windowed_sign);
            (settled ? windowed : wide) += 1;
            if (settled) {
                ASSERT_EQ(windowed_sign, expected) << "trial " << trial << ", layout " << layout;
            }
        }
        if (layout == 4) {
            ASSERT_EQ(expected, lower_negative ? -1 : 1);
            ASSERT_TRUE(exact_check::sign_by_window(t, windowed_sign)) << "trial " << trial;
            ++lower_decides;
        }
    }
    // Every path taken often: the window settles most spread sums (among them those whose upper
    // terms cancel), the wide sum the rest.
    EXPECT_GT(windowed, 20000);
    EXPECT_GT(wide, 5000);
    EXPECT_GT(lower_decides, 20000);
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
