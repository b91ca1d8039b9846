// cuBLAS's DGEMM as impls of gemm64: native, and emulated on the integer tensor cores (the Ozaki
// scheme of cuBLAS 13.1's CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH) in each strategy, with the
// mantissa bit count chosen by cuBLAS (dynamic) or fixed, with and without its handling of
// infinities and NaNs. Each computes a whole batch's product on the GPU (core/matrix_product.h);
// the emulations report the bit count cuBLAS retained and compare their product with native
// DGEMM's, so that a unit records what actually ran.
#pragma once

#include "core/binary64.h"
#include "core/joined_text.h"
#include "core/matrix_product.h"
#include "core/type_list.h"
#include "ops/gemm64/impls.h"

namespace fpv::gemm64 {

enum class CublasStrategy : uint8_t { native, emulation_default, performant, eager };

struct CublasSettings {
    CublasStrategy strategy = CublasStrategy::native;
    int fixed_bits = 0;     // 0: cuBLAS chooses the count per product (dynamic mantissa control)
    bool specials = true;   // cuBLAS's special-value support (infinities and NaNs) left on
};

// Runs the product with cuBLAS on p.stream (ops/gemm64/cublas.cu, CUDA builds only).
void cublas_multiply(const MatrixProduct& p, const CublasSettings& settings);

// Throws UsageError where an emulation cannot run as its settings say: this build's cuBLAS or
// the one loaded older than 13.1, or CUBLAS_EMULATION_STRATEGY set (it overrides every impl's
// strategy). Native DGEMM always can. (ops/gemm64/cublas.cu, CUDA builds only.)
void cublas_check_runnable(const CublasSettings& settings);

// The operands cuBLAS's emulation without special-value support (and GEMMul8) is documented
// for, as far as one entry can tell: its row of A and column of B finite. On the host and the
// GPU (FiniteTermsDomain, whose entries the GPU then judges); out of line, since it makes every
// term again and each kernel that asks would otherwise hold a copy of every class's draw.
FPV_HD FPV_NOINLINE inline bool terms_finite(const Operands& in) {
    for (uint32_t l = 0; l < EntryTerms::length(in); ++l) {
        const uint64_t a = EntryTerms::a(in, l), b = EntryTerms::b(in, l);
        if (b64::is_nan(a) || b64::is_inf(a) || b64::is_nan(b) || b64::is_inf(b)) return false;
    }
    return true;
}
inline bool finite_terms(const Operands& in, uint64_t, bool) { return terms_finite(in); }

// A whole-product impl's domain, where it is the entries of finite terms (its in_domain is
// finite_terms: cuBLAS without special-value support, GEMMul8), as the GPU tells it
// (core/impl_traits.h, HasOperandDomain); Gemm64Domains (ops/gemm64/test_gemm64.cpp) checks that
// the two agree, impl by impl and entry by entry.
template <bool kFiniteTermsOnly>
struct FiniteTermsDomain {};
template <>
struct FiniteTermsDomain<true> {
    FPV_HD static bool claims(const Operands& in) { return terms_finite(in); }
};

template <const ImplSpec& kSpec, const CublasSettings& kSettings>
struct Cublas : WholeProductImpl, FiniteTermsDomain<!kSettings.specials> {
    static constexpr const ImplSpec& spec = kSpec;
    static void multiply(const MatrixProduct& p) { cublas_multiply(p, kSettings); }
    static void check_runnable() { cublas_check_runnable(kSettings); }
};

inline constexpr std::string_view kDgemmClaim =
    "|C - exact| <= gamma_k sum |a b| where no product or partial sum underflows or overflows: DGEMM's bound "
    "(Higham's model, for any order of summation)";
inline constexpr std::string_view kDgemmSource = "Higham 2002, (3.5): gamma_k = k u / (1 - k u)";
inline constexpr std::string_view kEmulatedDomain =
    "every entry; cuBLAS may run native DGEMM instead (strategy, bit count past its maximum, infinities or NaNs)";
// A fixed count is a user's choice of speed over accuracy that cuBLAS states no bound for: it is
// held to what it stands in for, DGEMM's bound.
inline constexpr std::string_view kFixedClaim =
    "none stated by cuBLAS; held to DGEMM's gamma_k sum |a b|, which it stands in for";

inline constexpr ImplSpec kCublasNative{.variant = "cublas_native",
                                        .summary = "cuBLAS's native DGEMM (cublasDgemm, default math mode)",
                                        .domain = "every entry",
                                        .claim = kDgemmClaim,
                                        .bound_per_term = kGammaPerTerm,
                                        .bound_source = kDgemmSource};
inline constexpr std::string_view kEmulatedSource =
    "cuBLAS 13.1: automatic dynamic precision keeps FP64 accuracy; Higham's gamma_k";

// An emulated DGEMM with cuBLAS's bit count chosen per product, held to DGEMM's bound.
constexpr ImplSpec emulated_spec(std::string_view variant, std::string_view summary) {
    return {.variant = variant,
            .summary = summary,
            .domain = kEmulatedDomain,
            .claim = kDgemmClaim,
            .bound_per_term = kGammaPerTerm,
            .bound_source = kEmulatedSource};
}

inline constexpr ImplSpec kCublasEmulated = emulated_spec(
    "cublas_emu", "cublasDgemm under CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH, default strategy, dynamic mantissa control");
inline constexpr ImplSpec kCublasPerformant = emulated_spec(
    "cublas_emu_performant",
    "emulated DGEMM, CUBLAS_EMULATION_STRATEGY_PERFORMANT (emulates where cuBLAS judges it faster)");
inline constexpr ImplSpec kCublasEager = emulated_spec(
    "cublas_emu_eager",
    "emulated DGEMM, CUBLAS_EMULATION_STRATEGY_EAGER (emulates wherever it can), dynamic mantissa control");

inline constexpr ImplSpec kCublasEagerNoSpecials = [] {
    ImplSpec spec = emulated_spec(
        "cublas_emu_eager_nospecials",
        "emulated DGEMM, eager, dynamic, special-value support off (CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NONE)");
    spec.domain = "entries whose row of A and column of B hold no infinity or NaN";
    spec.in_domain = finite_terms;
    return spec;
}();

inline constexpr std::string_view kFixedPrefix = "cublas_emu_fixed";

template <int kBits>
struct FixedSpec {
    static constexpr ImplSpec spec{
        .variant = JoinedText<TwoDigitSuffix<kFixedPrefix, kBits>>::view,
        .summary = "emulated DGEMM, eager, a fixed mantissa bit count (CUDA_EMULATION_MANTISSA_CONTROL_FIXED)",
        .domain = kEmulatedDomain,
        .claim = kFixedClaim,
        .bound_per_term = kGammaPerTerm,
        .bound_source = kDgemmSource};
    static constexpr CublasSettings settings{CublasStrategy::eager, kBits, true};
};
static_assert(FixedSpec<55>::spec.variant == "cublas_emu_fixed55");

inline constexpr CublasSettings kNative{};
inline constexpr CublasSettings kEmulationDefault{CublasStrategy::emulation_default};
inline constexpr CublasSettings kPerformant{CublasStrategy::performant};
inline constexpr CublasSettings kEager{CublasStrategy::eager};
inline constexpr CublasSettings kEagerNoSpecials{CublasStrategy::eager, 0, false};

template <int kBits>
using CublasFixed = Cublas<FixedSpec<kBits>::spec, FixedSpec<kBits>::settings>;

using CublasImpls = TypeList<Cublas<kCublasNative, kNative>, Cublas<kCublasEmulated, kEmulationDefault>,
                             Cublas<kCublasPerformant, kPerformant>, Cublas<kCublasEager, kEager>,
                             Cublas<kCublasEagerNoSpecials, kEagerNoSpecials>, CublasFixed<39>, CublasFixed<55>,
                             CublasFixed<79>>;

}  // namespace fpv::gemm64
