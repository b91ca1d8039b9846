// Where each binary64 op's correctly rounded result is decided, and which input classes reach
// it: the census behind docs/decisive_cases.md. Each class's first inputs are placed, by MPFR
// at 320 bits with its ternary value, against the rounding grid of binary64: on a midpoint
// (rounding to nearest decides by the even rule), within 2^-60 ulp of one (only the sticky bit
// decides), on a representable number (the directed modes keep it), beside one, an exact zero
// (its sign is the mode's or the operands'), past the largest finite number and at the overflow
// threshold of rounding to nearest, between the largest subnormal and the least normal. The
// table in the document must be this census, line for line, and every case no class reaches must
// be proven impossible there; the lemma that rules out a quotient at the overflow threshold is
// checked here too, exhaustively at small precisions and by MPFR on divisions aimed at it.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <array>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "core/binary64.h"
#include "corpus/counter_rng.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/dispatch.h"

namespace fpv {
namespace {

constexpr uint64_t kInputs = 2048;  // the first inputs of each class, seed 1
constexpr const char* kDocument = "docs/decisive_cases.md";

enum Case {
    kMidpoint, kStickyMidpoint, kNearMidpoint, kRepresentable, kStickyRepresentable, kNearRepresentable,
    kSubnormalMidpoint, kSubnormalRepresentable, kExactZero, kOverflowThreshold, kAboveLargest, kBelowLeastNormal,
    kBelowLeastSubnormal, kCases
};
constexpr std::array<const char*, kCases> kCaseNames{
    "midpoint", "sticky midpoint", "near midpoint", "representable", "sticky representable", "near representable",
    "subnormal midpoint", "subnormal representable", "exact zero", "overflow threshold", "above largest",
    "below least normal", "below least subnormal"};

// The cases that the exact value of Op for `in` falls in.
template <class Op>
std::vector<Case> cases_of(const Operands& in) {
    constexpr int kPrecision = 320;
    mpfr_t x[3], v, s, f;
    mpfr_srcptr args[3];
    for (int i = 0; i < 3; ++i) {
        mpfr_init2(x[i], 53);
        mpfr_set_d(x[i], double_of(in.word(i)), MPFR_RNDN);  // exact: binary64 in 53 bits
        args[i] = x[i];
    }
    mpfr_inits2(kPrecision, v, s, f, static_cast<mpfr_ptr>(nullptr));
    const int ternary = Op::reference::mpfr(v, args, MPFR_RNDN);
    std::vector<Case> out;
    if (mpfr_zero_p(v) && ternary == 0) out.push_back(kExactZero);
    if (mpfr_regular_p(v)) {
        const long e = static_cast<long>(mpfr_get_exp(v)) - 1;  // floor(log2 |v|)
        const long q = (e < -1022 ? -1022 : e) - 52;            // the exponent of its ulp
        mpfr_abs(s, v, MPFR_RNDN);
        mpfr_mul_2si(s, s, -q, MPFR_RNDN);  // |v| in ulps: exact
        mpfr_frac(f, s, MPFR_RNDN);         // exact
        const bool exact = ternary == 0, subnormal = e < -1022;
        // The grid's cases within the finite range, from the least subnormal up; below it the
        // mode decides between zero and the least subnormal, past 2^1024 between the largest
        // finite number and infinity.
        const bool on_the_grid = e >= -1074 && e <= 1023;
        // Distances in ulps to the representable numbers and to the midpoint around v.
        mpfr_t d;
        mpfr_init2(d, kPrecision);
        mpfr_ui_sub(d, 1, f, MPFR_RNDN);
        if (mpfr_cmp(d, f) > 0) mpfr_set(d, f, MPFR_RNDN);
        const bool on_grid = mpfr_zero_p(f) && exact;
        if (on_the_grid && on_grid) out.push_back(subnormal ? kSubnormalRepresentable : kRepresentable);
        if (on_the_grid && !on_grid && mpfr_cmp_ui_2exp(d, 1, -60) < 0) out.push_back(kStickyRepresentable);
        if (on_the_grid && !on_grid && mpfr_cmp_ui_2exp(d, 1, -60) >= 0 && mpfr_cmp_ui_2exp(d, 1, -40) < 0) {
            out.push_back(kNearRepresentable);
        }
        mpfr_sub_d(d, f, 0.5, MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
        const bool on_midpoint = mpfr_zero_p(d) && exact;
        if (on_the_grid && on_midpoint) out.push_back(subnormal ? kSubnormalMidpoint : kMidpoint);
        if (on_the_grid && !on_midpoint && mpfr_cmp_ui_2exp(d, 1, -60) < 0) out.push_back(kStickyMidpoint);
        if (on_the_grid && !on_midpoint && mpfr_cmp_ui_2exp(d, 1, -60) >= 0 && mpfr_cmp_ui_2exp(d, 1, -40) < 0) {
            out.push_back(kNearMidpoint);
        }
        // 2^53 - 1 ulps of 2^971 is the largest finite number; half an ulp past it rounding to
        // nearest overflows.
        mpfr_sub_d(d, s, 0x1p53 - 0.5, MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
        if (e == 1023 && mpfr_cmp_ui_2exp(d, 1, -40) < 0) out.push_back(kOverflowThreshold);
        if (e >= 1024 || (e == 1023 && mpfr_cmp_d(s, 0x1p53 - 1) > 0)) out.push_back(kAboveLargest);
        if (e == -1023 && mpfr_cmp_d(s, 0x1p52 - 1) > 0) out.push_back(kBelowLeastNormal);
        if (e < -1074) out.push_back(kBelowLeastSubnormal);
        mpfr_clear(d);
    }
    mpfr_clears(v, s, f, x[0], x[1], x[2], static_cast<mpfr_ptr>(nullptr));
    return out;
}

// The census: per op and case, the classes that reach it and with how many of their first
// inputs, as the document's table lines "| op | case | class n, class n |".
std::string census() {
    std::ostringstream table;
    for (const OpInfo& op : all_ops()) {
        if (op.metric != Metric::correctly_rounded || op.result != Format::binary64 ||
            !op.all_operands(Format::binary64)) {
            continue;
        }
        std::array<std::map<std::string, uint64_t>, kCases> reached;
        std::vector<std::string> order;
        for (const std::string& name : all_class_names(op.id)) {
            const InputSet set = resolve_class(name, op.id, 1);
            if (set.is_vector_file()) continue;
            order.push_back(name);
            with_op(op.id, [&](auto tag) {
                using Op = typename decltype(tag)::type;
                if constexpr (Op::metric == Metric::correctly_rounded && Op::result == Format::binary64) {
                    for (uint64_t i = 0; i < std::min(kInputs, set.size); ++i) {
                        for (const Case c : cases_of<Op>(set.input(i))) ++reached[c][name];
                    }
                }
            });
        }
        for (int c = 0; c < kCases; ++c) {
            table << "| " << op.name << " | " << kCaseNames[static_cast<size_t>(c)] << " | ";
            bool any = false;
            for (const std::string& name : order) {
                const auto it = reached[static_cast<size_t>(c)].find(name);
                if (it == reached[static_cast<size_t>(c)].end()) continue;
                table << (any ? ", " : "") << "`" << name << "` " << it->second;
                any = true;
            }
            table << (any ? "" : "none") << " |\n";
        }
    }
    return table.str();
}

// The document's census lines, and the cases it marks unreachable ("none" followed by why).
std::string documented_census(std::string& text) {
    std::ifstream in(kDocument);
    std::ostringstream all;
    all << in.rdbuf();
    text = all.str();
    std::istringstream lines(text);
    std::string line, out;
    bool inside = false;
    while (std::getline(lines, line)) {
        if (line.find("<!-- census begin -->") != std::string::npos) inside = true;
        if (line.find("<!-- census end -->") != std::string::npos) inside = false;
        if (inside && line.rfind("| ", 0) == 0 && line.find(" | ---") == std::string::npos &&
            line.rfind("| op |", 0) != 0) {
            out += line + "\n";
        }
    }
    return out;
}

TEST(DecisiveCases, TheDocumentedCensusIsTheClassesCensus) {
    std::string text;
    const std::string documented = documented_census(text);
    ASSERT_FALSE(text.empty()) << kDocument << " not found";
    const std::string computed = census();
    EXPECT_EQ(documented, computed) << "docs/decisive_cases.md's census differs from the classes'; the census now:\n"
                                    << computed;
}

// The part of the document that explains unreached cases as impossible: from its heading to the
// next section.
std::string impossible_section(const std::string& text) {
    const size_t begin = text.find("Impossible for the op");
    if (begin == std::string::npos) return {};
    const size_t end = text.find("\n#", begin);
    return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

// Every case an op can reach is reached by a class: the census's "none" lines are only those the
// document proves impossible for the op, in its list of impossible cases.
TEST(DecisiveCases, EveryReachableCaseHasAClass) {
    std::string text;
    documented_census(text);
    const std::string impossible = impossible_section(text);
    ASSERT_FALSE(impossible.empty()) << kDocument << " has no list of impossible cases";
    std::istringstream lines(census());
    std::string line;
    while (std::getline(lines, line)) {
        if (line.find("| none |") == std::string::npos) continue;
        const std::string row = line.substr(0, line.find(" | none |"));  // "| op | case"
        EXPECT_NE(impossible.find("- `" + row.substr(2, row.find(" | ") - 2) + "`, " +
                                  row.substr(row.find(" | ") + 3) + ":"),
                  std::string::npos)
            << "no class reaches " << row << " and the document does not prove it impossible";
    }
}

// The lemma behind the impossible overflow threshold of div64 and rcp64: for integers
// 0 < X, Y < 2^p, X/Y never lies strictly between (1 - 2^-p) 2^k and 2^k. Checked for every pair
// at small p, in integers: with 2^(k-1) < X/Y <= 2^k the only power of two it could fall short
// of, X/Y > (1 - 2^-p) 2^k is X 2^p > (2^p - 1) Y 2^k (both sides scaled by 2^-k when k < 0).
TEST(DecisiveCases, NoQuotientLiesBetweenABinadesLargestNumberAndTheNextPowerOfTwo) {
    uint64_t pairs = 0;
    for (int p = 2; p <= 11; ++p) {
        const uint64_t limit = uint64_t{1} << p;
        for (uint64_t X = 1; X < limit; ++X) {
            for (uint64_t Y = 1; Y < limit; ++Y) {
                int k = 0;  // the least k with X <= 2^k Y, found by scaling whichever side is smaller
                uint64_t x = X, y = Y;
                while (x > y) { y <<= 1; ++k; }
                while (x * 2 <= y) { x <<= 1; --k; }
                // Now y/2 < x <= y, i.e. x/y in (1/2, 1] with x/y = (X/Y) 2^-k.
                ASSERT_FALSE(x < y && x * limit > (limit - 1) * y)
                    << X << "/" << Y << " lies within 2^-" << p << " below 2^" << k << " (p = " << p << ")";
                ++pairs;
            }
        }
    }
    EXPECT_EQ(pairs, 5584226u);  // the sum of (2^p - 1)^2, p = 2 to 11: every pair was tried
}

// Divisions aimed at the overflow threshold 2^1024 - 2^970 by MPFR: for random normal y, the
// binary64 dividends around (2^1024 - 2^970) y give quotients that are at most the largest
// finite number or at least 2^1024, never in between, where the threshold lies.
TEST(DecisiveCases, QuotientsAimedAtTheOverflowThresholdMissIt) {
    constexpr int kPrecision = 320;
    mpfr_t threshold, target, q, largest, two_1024, xs, ys;
    mpfr_inits2(kPrecision, threshold, target, q, largest, two_1024, static_cast<mpfr_ptr>(nullptr));
    mpfr_inits2(53, xs, ys, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_ui_2exp(two_1024, 1, 1024, MPFR_RNDN);
    mpfr_set_ui_2exp(threshold, (uint64_t{1} << 54) - 1, 970, MPFR_RNDN);
    mpfr_set_ui_2exp(largest, (uint64_t{1} << 53) - 1, 971, MPFR_RNDN);
    CounterRng rng(0x0fe7f10, 0);
    uint64_t quotients = 0, below = 0, above = 0;
    for (int i = 0; i < 20000; ++i) {
        // y in [2^-52, 2^-1) keeps the dividends near (2^1024 - 2^970) y finite and normal.
        const uint64_t y_bits = b64::from_scaled_integer((rng.next() >> 11) | (uint64_t{1} << 52),
                                                         static_cast<int>(rng.between(-104, -54)), false);
        mpfr_set_d(ys, double_of(y_bits), MPFR_RNDN);
        mpfr_mul(target, threshold, ys, MPFR_RNDN);  // exact at 320 bits
        for (const mpfr_rnd_t side : {MPFR_RNDD, MPFR_RNDU}) {
            mpfr_set(xs, target, side);
            for (int step = 0; step < 3; ++step) {
                mpfr_div(q, xs, ys, MPFR_RNDN);  // within 2^-320 relative: far finer than an ulp
                const bool at_most_largest = mpfr_cmp(q, largest) <= 0, at_least_2_1024 = mpfr_cmp(q, two_1024) >= 0;
                // (2^54 - 1) y is never a binary64 (an odd 54-bit factor), so a dividend below it
                // gives a quotient below the threshold, which the lemma puts at the largest
                // finite number or below; one above it, 2^1024 or above.
                EXPECT_TRUE(side == MPFR_RNDD ? at_most_largest : at_least_2_1024)
                    << std::hexfloat << mpfr_get_d(xs, MPFR_RNDN) << " / " << mpfr_get_d(ys, MPFR_RNDN);
                below += at_most_largest;
                above += at_least_2_1024;
                ++quotients;
                if (side == MPFR_RNDD) mpfr_nextbelow(xs); else mpfr_nextabove(xs);
            }
        }
    }
    EXPECT_EQ(quotients, 120000u);
    EXPECT_EQ(below, 60000u);
    EXPECT_EQ(above, 60000u);
    mpfr_clears(threshold, target, q, largest, two_1024, xs, ys, static_cast<mpfr_ptr>(nullptr));
}

}  // namespace
}  // namespace fpv
