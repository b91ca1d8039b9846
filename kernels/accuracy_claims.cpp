// Bounds are relative errors in units of u^2 (u = 2^-24 for binary32). Sources, abbreviated:
//   JMP17: Joldes, Muller, Popescu, ACM TOMS 44(2), 2017.
//   MR22:  Muller, Rideau, ACM TOMS 48(1), 2022, whose Coq proofs (Flocq) fix ties-to-even
//          where stated and give the bounds used here.
//   DGD06: Da Graça, Defour, 2006 (the seed); its Table 5 reports log2 of the maximum
//          relative error measured on the GPUs of the time (not IEEE round-to-nearest).
// Largest errors found are recorded only where a source could be read: the rest of JMP17's table
// could not be checked (see docs/float_float.md).
#include "kernels/accuracy_claims.h"

#include "kernels/f2d_impls.h"

namespace fpv {
namespace {

constexpr double kU = 0x1p-24;

}  // namespace

const std::vector<NamedClaim>& accuracy_claims() {
    static const std::vector<NamedClaim> claims = {
        {"eft_add.two_sum", {0, "exact (2Sum; DGD06 Theorem 2)", -1, -48.0, "DGD06 measured 2^-48 on a non-IEEE GPU"}},
        {"eft_add.fast_two_sum", {0, "exact when |a| >= |b| (Dekker)", -1, 0, ""}, true},
        {"eft_mul.two_prod_split", {0, "exact (Dekker; DGD06 Theorem 4)", -1, 0, "DGD06: exact"}},
        {"eft_mul.two_prod_fma", {0, "exact (Fast2Mult, JMP17 Algorithm 3)", -1, 0, ""}},
        {"eft_split.veltkamp", {0, "exact, 12 + 12 bits (DGD06 Theorem 3)", -1, 0, ""}},
        {"ff_add.add22", {-1, "DGD06 Theorem 5 (absolute term 2^-24 |al + bl|)", -1, -33.7, ""}},
        {"ff_add.sloppy", {-1, "JMP17 Algorithm 5: no relative bound in general", -1, 0, ""}},
        {"ff_add.accurate",
         {3 / (1 - 4 * kU), "MR22 (Coq): 3u^2/(1-4u); JMP17: 3u^2 + 13u^3", 2.25, 0,
          "JMP17: largest found 2.25u^2 (binary64)"}},
        {"ff_add_f.dw_plus_fp", {2, "JMP17 Algorithm 4, proof corrected in MR22", -1, 0, ""}},
        {"ff_mul_f.dw_times_fp1", {1.5 + 4 * kU, "JMP17 Algorithm 7", -1, 0, ""}},
        {"ff_mul_f.dw_times_fp2", {3, "JMP17 Algorithm 8", -1, 0, ""}},
        {"ff_mul_f.dw_times_fp3", {2, "JMP17 Algorithm 9", -1, 0, ""}},
        {"ff_mul.mul22", {16, "DGD06 Theorem 6: |eps| <= 2^-44", -1, -45.0, ""}},
        {"ff_mul.mul22_corrected",
         {16, "DGD06 Theorem 6: |eps| <= 2^-44 (the same operations as JMP17 Algorithm 10: 5u^2)", -1,
          -45.0, ""}},
        {"ff_mul.dw_times_dw1",
         {5, "MR22 (ties to even); JMP17: 7u^2", 5, 0, "JMP17: largest found about 5u^2 (binary64)"}},
        {"ff_mul.dw_times_dw2", {5, "MR22; JMP17: 6u^2", -1, 0, ""}},
        {"ff_mul.dw_times_dw3", {4, "MR22; JMP17: 5u^2", -1, 0, ""}},
        {"ff_div_f.dw_div_fp3_fma", {3, "JMP17 Algorithm 15", -1, 0, ""}},
        {"ff_div_f.dw_div_fp3_dekker", {3, "JMP17 Algorithm 15", -1, 0, ""}},
        {"ff_div.dw_div_dw2",
         {15 + 56 * kU, "JMP17 Algorithm 17 (MR22: unchanged)", 8.465, 0,
          "JMP17: largest found 8.465u^2 (binary64)"}},
        {"ff_div.dw_div_dw3", {9.8, "JMP17 Algorithm 18 (MR22: unchanged)", -1, 0, ""}},
        // The same code built with -ftz=true: the same claims inside the domain.
        {"eft_add.two_sum_ftz", {0, "exact (2Sum)", -1, 0, ""}},
        {"eft_add.fast_two_sum_ftz", {0, "exact when |a| >= |b| (Dekker)", -1, 0, ""}, true},
        {"eft_mul.two_prod_split_ftz", {0, "exact (Dekker)", -1, 0, ""}},
        {"eft_mul.two_prod_fma_ftz", {0, "exact (Fast2Mult)", -1, 0, ""}},
        {"eft_split.veltkamp_ftz", {0, "exact, 12 + 12 bits", -1, 0, ""}},
        {"ff_add.accurate_ftz", {3 / (1 - 4 * kU), "MR22 (Coq): 3u^2/(1-4u)", 2.25, 0, ""}},
        {"ff_mul.dw_times_dw3_ftz", {4, "MR22", -1, 0, ""}},
    };
    return claims;
}

namespace {

// __fdividef's bound holds for |y| in [2^-126, 2^126].
bool divisor_in_fdividef_range(uint64_t, uint64_t b) {
    const uint32_t m = static_cast<uint32_t>(b) & 0x7fffffffu;
    return m >= 0x00800000u && m <= 0x7e800000u;
}

}  // namespace

const std::vector<CorrectlyRoundedClaim>& correctly_rounded_claims() {
    // NVIDIA's bounds: CUDA C++ Programming Guide, appendix "Mathematical Functions" (tables of
    // maximum ulp error), and the CUDA Math API for the intrinsics; see docs/binary32.md.
    static constexpr std::string_view kGuide = "CUDA C++ Programming Guide, Mathematical Functions";
    static const std::vector<CorrectlyRoundedClaim> claims = {
        {"f2d.shift_xor", 0, "seed 001: +-[2^-15, 2^17), zero, infinity, NaN", &f2d::in_domain_2m15_2p17},
        {"f2d.byte_perm", 0, "seed 001: +-[2^-1, 2^3), zero, infinity, NaN", &f2d::in_domain_2m1_2p3},
        {"f2d.native", 0, "exact conversion", nullptr},
        {"rsqrt32.rsqrtf", 2, kGuide, nullptr},
        {"rsqrt32.rsqrtf_ftz", 2, kGuide, nullptr},
        {"sqrt32.sqrtf", 0, kGuide, nullptr},
        {"sqrt32.sqrtf_ftz", 0, kGuide, nullptr},
        {"sqrt32.sqrtf_approx", 1, kGuide, nullptr},
        {"sqrt32.sqrtf_approx_ftz", 1, kGuide, nullptr},
        {"rcp32.div", 0, kGuide, nullptr},
        {"rcp32.div_ftz", 0, kGuide, nullptr},
        {"rcp32.div_approx", 1, kGuide, nullptr},
        {"rcp32.div_approx_ftz", 1, kGuide, nullptr},
        {"rcp32.frcp_rn", 0, "CUDA Math API: __frcp_rn rounds to nearest even", nullptr},
        {"rcp32.frcp_rn_ftz", 0, "CUDA Math API: __frcp_rn rounds to nearest even", nullptr},
        {"div32.div", 0, kGuide, nullptr},
        {"div32.div_ftz", 0, kGuide, nullptr},
        {"div32.div_approx", 2, kGuide, nullptr},
        {"div32.div_approx_ftz", 2, kGuide, nullptr},
        {"div32.fdividef", 2, kGuide, &divisor_in_fdividef_range},
        {"div32.fdividef_ftz", 2, kGuide, &divisor_in_fdividef_range},
    };
    return claims;
}

}  // namespace fpv
