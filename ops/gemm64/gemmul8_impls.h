// GEMMul8 (Ozaki scheme II on INT8 tensor cores; the snapshot in ../shared/third_party/gemmul8,
// used by include path) as impls of gemm64: its double GEMM with a chosen number of moduli, in
// its fast mode and its accurate one. Each computes a whole batch's product on the GPU
// (core/matrix_product.h) and compares it with native DGEMM's, so that a unit records what ran.
// A build without the snapshot has the impls and says so when one is run.
#pragma once

#include "core/joined_text.h"
#include "core/matrix_product.h"
#include "core/type_list.h"
#include "ops/gemm64/cublas_impls.h"

namespace fpv::gemm64 {

struct Gemmul8Settings {
    int moduli = 0;  // 2 to 20 for binary64
    bool fast = false;
};

// Runs the product with GEMMul8 on p.stream (ops/gemm64/gemmul8.cu, CUDA builds only).
void gemmul8_multiply(const MatrixProduct& p, const Gemmul8Settings& settings);
// Whether this CUDA build has GEMMul8 (the Makefile found the snapshot).
bool gemmul8_built();

inline constexpr std::string_view kGemmul8FastPrefix = "gemmul8_fast", kGemmul8AccuratePrefix = "gemmul8_accu";

// "gemmul8_fast12", "gemmul8_accu12"
template <int kModuli, bool kFast>
struct Gemmul8Spec {
    static constexpr ImplSpec spec{
        .variant = JoinedText<TwoDigitSuffix<kFast ? kGemmul8FastPrefix : kGemmul8AccuratePrefix, kModuli>>::view,
        .summary = kFast ? "GEMMul8's double GEMM on INT8 (Ozaki scheme II), fast scaling"
                         : "GEMMul8's double GEMM on INT8 (Ozaki scheme II), accurate scaling (one more INT8 GEMM)",
        .domain = "entries whose row of A and column of B hold no infinity or NaN (GEMMul8 does not handle them)",
        .claim = "none stated per entry (GEMMul8 reports max and median errors); held to DGEMM's gamma_k sum |a b|, "
                 "which it stands in for",
        .bound_per_term = kGammaPerTerm,
        .bound_source = kDgemmSource,
        .in_domain = finite_terms};
    static constexpr Gemmul8Settings settings{kModuli, kFast};
};
static_assert(Gemmul8Spec<12, true>::spec.variant == "gemmul8_fast12");

template <int kModuli, bool kFast>
struct Gemmul8 : WholeProductImpl, FiniteTermsDomain<true> {
    static constexpr const ImplSpec& spec = Gemmul8Spec<kModuli, kFast>::spec;
    static void multiply(const MatrixProduct& p) { gemmul8_multiply(p, Gemmul8Spec<kModuli, kFast>::settings); }
    static bool built() { return gemmul8_built(); }
    static constexpr std::string_view missing = "needs GEMMul8, which make found nowhere (GEMMUL8_DIR)";
};

using Gemmul8Impls = TypeList<Gemmul8<8, true>, Gemmul8<8, false>, Gemmul8<12, true>, Gemmul8<12, false>,
                              Gemmul8<16, true>, Gemmul8<16, false>, Gemmul8<20, true>, Gemmul8<20, false>>;

}  // namespace fpv::gemm64
