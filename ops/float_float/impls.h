// The float-float impls under test, with what the literature proves and reports of each.
// Bounds are relative errors in units of u^2 (u = 2^-24 for binary32). Sources, abbreviated:
//   JMP17: Joldes, Muller, Popescu, ACM TOMS 44(2), 2017.
//   MR22:  Muller, Rideau, ACM TOMS 48(1), 2022, whose Coq proofs (Flocq) fix ties-to-even
//          where stated and give the bounds used here.
//   DGD06: Da Graça, Defour, 2006 (the seed); its Table 5 reports log2 of the maximum
//          relative error measured on the GPUs of the time (not IEEE round-to-nearest).
// Largest errors found are recorded only where a source could be read: the rest of JMP17's table
// could not be checked (see docs/float_float.md).
#pragma once

#include "ops/float_float/adapter.h"
#include "ops/float_float/double_word.h"
#include "ops/float_float/seed_2006.h"

// The domain fpverify gives every float-float impl (reference/ff_verdict.h).
#define FPV_FF_DOMAIN "finite normalised operands, high parts in [2^-30, 2^30], result 0 or in [2^-60, 2^62]"

namespace fpv::ff {

inline constexpr double kU = 0x1p-24;

// ---- error-free transformations -------------------------------------------------------------

struct TwoSum : FloatFloatImpl<two_sum> {
    static constexpr ImplSpec spec{.variant = "two_sum", .summary = "2Sum (Moller-Knuth; the seed's Add12)",
                                   .domain = FPV_FF_DOMAIN, .claim = "exact", .bound = 0,
                                   .bound_source = "exact (2Sum; DGD06 Theorem 2)", .seed_log2 = -48.0,
                                   .note = "DGD06 measured 2^-48 on a non-IEEE GPU"};
};
struct FastTwoSum : FloatFloatImpl<fast_two_sum> {
    static constexpr ImplSpec spec{.variant = "fast_two_sum", .summary = "Fast2Sum (Dekker)",
                                   .domain = FPV_FF_DOMAIN ", and |a| >= |b|", .claim = "exact", .bound = 0,
                                   .bound_source = "exact when |a| >= |b| (Dekker)", .ordered_operands = true};
};
struct TwoProdSplit : FloatFloatImpl<two_prod_split> {
    static constexpr ImplSpec spec{.variant = "two_prod_split",
                                   .summary = "Dekker's product by Veltkamp splitting (the seed's Mul12)",
                                   .domain = FPV_FF_DOMAIN, .claim = "exact", .bound = 0,
                                   .bound_source = "exact (Dekker; DGD06 Theorem 4)", .note = "DGD06: exact"};
};
struct TwoProdFma : FloatFloatImpl<two_prod_fma> {
    static constexpr ImplSpec spec{.variant = "two_prod_fma", .summary = "Fast2Mult with one FMA",
                                   .domain = FPV_FF_DOMAIN, .claim = "exact", .bound = 0,
                                   .bound_source = "exact (Fast2Mult, JMP17 Algorithm 3)"};
};
struct Veltkamp : FloatFloatImpl<split> {
    static constexpr ImplSpec spec{.variant = "veltkamp",
                                   .summary = "Veltkamp's split, C = 2^12 + 1 (the seed's Split)",
                                   .domain = FPV_FF_DOMAIN, .claim = "exact, halves of at most 12 bits",
                                   .bound = 0, .bound_source = "exact, 12 + 12 bits (DGD06 Theorem 3)"};
};

// ---- sums ----------------------------------------------------------------------------------

struct Add22 : FloatFloatImpl<add22_2006> {
    static constexpr ImplSpec spec{
        .variant = "add22", .summary = "the seed's Add22 (Da Graca and Defour 2006), as printed",
        .domain = FPV_FF_DOMAIN, .claim = "|error| <= max(2^-24 |al + bl|, 2^-44 |x + y|): no relative bound",
        .bound = -1, .bound_source = "DGD06 Theorem 5 (absolute term 2^-24 |al + bl|)", .seed_log2 = -33.7};
};
struct Sloppy : FloatFloatImpl<sloppy_dw_plus_dw> {
    static constexpr ImplSpec spec{.variant = "sloppy", .summary = "SloppyDWPlusDW (JMP17 Algorithm 5)",
                                   .domain = FPV_FF_DOMAIN, .claim = "no relative bound", .bound = -1,
                                   .bound_source = "JMP17 Algorithm 5: no relative bound in general"};
};
struct Accurate : FloatFloatImpl<accurate_dw_plus_dw> {
    static constexpr ImplSpec spec{.variant = "accurate", .summary = "AccurateDWPlusDW (JMP17 Algorithm 6)",
                                   .domain = FPV_FF_DOMAIN, .claim = "3u^2/(1-4u)", .bound = 3 / (1 - 4 * kU),
                                   .bound_source = "MR22 (Coq): 3u^2/(1-4u); JMP17: 3u^2 + 13u^3",
                                   .largest_found = 2.25, .note = "JMP17: largest found 2.25u^2 (binary64)"};
};
struct PlusFp : FloatFloatImpl<dw_plus_fp> {
    static constexpr ImplSpec spec{.variant = "dw_plus_fp", .summary = "DWPlusFP (JMP17 Algorithm 4)",
                                   .domain = FPV_FF_DOMAIN, .claim = "2u^2", .bound = 2,
                                   .bound_source = "JMP17 Algorithm 4, proof corrected in MR22"};
};

// ---- products ------------------------------------------------------------------------------

struct TimesFp1 : FloatFloatImpl<dw_times_fp1<true>> {
    static constexpr ImplSpec spec{.variant = "dw_times_fp1", .summary = "DWTimesFP1 (JMP17 Algorithm 7), Fast2Mult",
                                   .domain = FPV_FF_DOMAIN, .claim = "1.5u^2 + 4u^3", .bound = 1.5 + 4 * kU,
                                   .bound_source = "JMP17 Algorithm 7"};
};
struct TimesFp2 : FloatFloatImpl<dw_times_fp2<true>> {
    static constexpr ImplSpec spec{.variant = "dw_times_fp2", .summary = "DWTimesFP2 (JMP17 Algorithm 8), Fast2Mult",
                                   .domain = FPV_FF_DOMAIN, .claim = "3u^2", .bound = 3,
                                   .bound_source = "JMP17 Algorithm 8"};
};
struct TimesFp3 : FloatFloatImpl<dw_times_fp3> {
    static constexpr ImplSpec spec{.variant = "dw_times_fp3", .summary = "DWTimesFP3 (JMP17 Algorithm 9), FMA",
                                   .domain = FPV_FF_DOMAIN, .claim = "2u^2", .bound = 2,
                                   .bound_source = "JMP17 Algorithm 9"};
};
struct Mul22 : FloatFloatImpl<mul22_2006_as_printed> {
    static constexpr ImplSpec spec{.variant = "mul22",
                                   .summary = "the seed's Mul22 exactly as printed (renormalises t2, drops t3)",
                                   .domain = FPV_FF_DOMAIN, .claim = "2^-44 = 16u^2", .bound = 16,
                                   .bound_source = "DGD06 Theorem 6: |eps| <= 2^-44", .seed_log2 = -45.0};
};
struct Mul22Corrected : FloatFloatImpl<mul22_2006_corrected> {
    static constexpr ImplSpec spec{
        .variant = "mul22_corrected", .summary = "the seed's Mul22 with Add12(t1, t3)", .domain = FPV_FF_DOMAIN,
        .claim = "2^-44 = 16u^2", .bound = 16,
        .bound_source = "DGD06 Theorem 6: |eps| <= 2^-44 (the same operations as JMP17 Algorithm 10: 5u^2)",
        .seed_log2 = -45.0};
};
struct TimesDw1 : FloatFloatImpl<dw_times_dw1<true>> {
    static constexpr ImplSpec spec{.variant = "dw_times_dw1", .summary = "DWTimesDW1 (JMP17 Algorithm 10), Fast2Mult",
                                   .domain = FPV_FF_DOMAIN, .claim = "5u^2 (MR22, ties to even)", .bound = 5,
                                   .bound_source = "MR22 (ties to even); JMP17: 7u^2", .largest_found = 5,
                                   .note = "JMP17: largest found about 5u^2 (binary64)"};
};
struct TimesDw2 : FloatFloatImpl<dw_times_dw2> {
    static constexpr ImplSpec spec{.variant = "dw_times_dw2", .summary = "DWTimesDW2 (JMP17 Algorithm 11), FMA",
                                   .domain = FPV_FF_DOMAIN, .claim = "5u^2 (MR22)", .bound = 5,
                                   .bound_source = "MR22; JMP17: 6u^2"};
};
struct TimesDw3 : FloatFloatImpl<dw_times_dw3> {
    static constexpr ImplSpec spec{.variant = "dw_times_dw3", .summary = "DWTimesDW3 (JMP17 Algorithm 12), FMA",
                                   .domain = FPV_FF_DOMAIN, .claim = "4u^2 (MR22)", .bound = 4,
                                   .bound_source = "MR22; JMP17: 5u^2"};
};

// ---- quotients -----------------------------------------------------------------------------

struct DivFp3Fma : FloatFloatImpl<dw_div_fp3<true>> {
    static constexpr ImplSpec spec{.variant = "dw_div_fp3_fma",
                                   .summary = "DWDivFP3 (JMP17 Algorithm 15) with Fast2Mult (FMA)",
                                   .domain = FPV_FF_DOMAIN, .claim = "3u^2", .bound = 3,
                                   .bound_source = "JMP17 Algorithm 15"};
};
struct DivFp3Dekker : FloatFloatImpl<dw_div_fp3<false>> {
    static constexpr ImplSpec spec{.variant = "dw_div_fp3_dekker",
                                   .summary = "DWDivFP3 (JMP17 Algorithm 15) with Dekker's product (no FMA)",
                                   .domain = FPV_FF_DOMAIN, .claim = "3u^2", .bound = 3,
                                   .bound_source = "JMP17 Algorithm 15"};
};
struct DivDw2 : FloatFloatImpl<dw_div_dw2> {
    static constexpr ImplSpec spec{.variant = "dw_div_dw2", .summary = "DWDivDW2 (JMP17 Algorithm 17), no FMA",
                                   .domain = FPV_FF_DOMAIN, .claim = "15u^2 + 56u^3", .bound = 15 + 56 * kU,
                                   .bound_source = "JMP17 Algorithm 17 (MR22: unchanged)", .largest_found = 8.465,
                                   .note = "JMP17: largest found 8.465u^2 (binary64)"};
};
struct DivDw3 : FloatFloatImpl<dw_div_dw3> {
    static constexpr ImplSpec spec{.variant = "dw_div_dw3", .summary = "DWDivDW3 (JMP17 Algorithm 18), FMA",
                                   .domain = FPV_FF_DOMAIN, .claim = "9.8u^2", .bound = 9.8,
                                   .bound_source = "JMP17 Algorithm 18 (MR22: unchanged)"};
};

// ---- the same code built with -ftz=true: the same claims inside the domain ----------------

struct TwoSumFtz : BuiltWithFtz<TwoSum> {
    static constexpr ImplSpec spec{.variant = "two_sum_ftz", .summary = "2Sum built with -ftz=true",
                                   .domain = FPV_FF_DOMAIN, .claim = "exact", .bound = 0,
                                   .bound_source = "exact (2Sum)", .ftz = true};
};
struct FastTwoSumFtz : BuiltWithFtz<FastTwoSum> {
    static constexpr ImplSpec spec{.variant = "fast_two_sum_ftz", .summary = "Fast2Sum built with -ftz=true",
                                   .domain = FPV_FF_DOMAIN ", and |a| >= |b|", .claim = "exact", .bound = 0,
                                   .bound_source = "exact when |a| >= |b| (Dekker)", .ordered_operands = true,
                                   .ftz = true};
};
struct TwoProdSplitFtz : BuiltWithFtz<TwoProdSplit> {
    static constexpr ImplSpec spec{.variant = "two_prod_split_ftz", .summary = "Dekker's product built with -ftz=true",
                                   .domain = FPV_FF_DOMAIN, .claim = "exact", .bound = 0,
                                   .bound_source = "exact (Dekker)", .ftz = true};
};
struct TwoProdFmaFtz : BuiltWithFtz<TwoProdFma> {
    static constexpr ImplSpec spec{.variant = "two_prod_fma_ftz", .summary = "Fast2Mult built with -ftz=true",
                                   .domain = FPV_FF_DOMAIN, .claim = "exact", .bound = 0,
                                   .bound_source = "exact (Fast2Mult)", .ftz = true};
};
struct VeltkampFtz : BuiltWithFtz<Veltkamp> {
    static constexpr ImplSpec spec{.variant = "veltkamp_ftz", .summary = "Veltkamp's split built with -ftz=true",
                                   .domain = FPV_FF_DOMAIN, .claim = "exact, halves of at most 12 bits",
                                   .bound = 0, .bound_source = "exact, 12 + 12 bits", .ftz = true};
};
struct AccurateFtz : BuiltWithFtz<Accurate> {
    static constexpr ImplSpec spec{.variant = "accurate_ftz", .summary = "AccurateDWPlusDW built with -ftz=true",
                                   .domain = FPV_FF_DOMAIN, .claim = "3u^2/(1-4u)", .bound = 3 / (1 - 4 * kU),
                                   .bound_source = "MR22 (Coq): 3u^2/(1-4u)", .largest_found = 2.25,
                                   .ftz = true};
};
struct TimesDw3Ftz : BuiltWithFtz<TimesDw3> {
    static constexpr ImplSpec spec{.variant = "dw_times_dw3_ftz", .summary = "DWTimesDW3 built with -ftz=true",
                                   .domain = FPV_FF_DOMAIN, .claim = "4u^2 (MR22)", .bound = 4,
                                   .bound_source = "MR22", .ftz = true};
};

}  // namespace fpv::ff
