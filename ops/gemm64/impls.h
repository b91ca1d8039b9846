// The project's own dot products, one thread an entry, as baselines beside the GEMMs under
// test: an FMA chain and a multiply-add chain in the order of l (Higham's bound gamma_k applies
// to both), and a correctly rounded dot product by the exact accumulator in each rounding mode.
// Their mutants plant the bugs a hand-written GEMM kernel gets wrong.
#pragma once

#include "core/impl_traits.h"
#include "core/rn_arith.h"
#include "core/type_list.h"
#include "ops/gemm64/terms.h"
#include "reference/exact_dot.h"

namespace fpv::gemm64 {

// gamma_k = k u / (1 - k u), u = 2^-53, in units of eps = 2^-52: k / (2 (1 - k u)), below
// k * (1/2 + 2^-28) for every k up to 2^20 (the most an entry has).
inline constexpr double kGammaPerTerm = 0.5 + 0x1p-28;

enum class Bug : uint8_t { none, last_term_dropped, binary32_accumulator, truncated_products };

template <Bug kBug = Bug::none>
FPV_HD inline uint64_t fma_chain(uint64_t entry, uint64_t batch, uint64_t shape) {
    const Operands in{entry, batch, shape};
    const uint32_t k = EntryTerms::length(in) - (kBug == Bug::last_term_dropped ? 1 : 0);
    double sum = 0;
    float narrow = 0;
    for (uint32_t l = 0; l < k; ++l) {
        double a = double_of(EntryTerms::a(in, l));
        const double b = double_of(EntryTerms::b(in, l));
        if constexpr (kBug == Bug::truncated_products) a = double_of(EntryTerms::a(in, l) & ~uint64_t{0xfffff});
        if constexpr (kBug == Bug::binary32_accumulator) {
            narrow = static_cast<float>(rn::fma(a, b, static_cast<double>(narrow)));
        } else {
            sum = rn::fma(a, b, sum);
        }
    }
    return bits_of(kBug == Bug::binary32_accumulator ? static_cast<double>(narrow) : sum);
}

inline constexpr ImplSpec kFmaChain{
    .variant = "dot_fma",
    .summary = "one thread an entry: sum = fma(A[i][l], B[l][j], sum) for l = 0 .. k-1",
    .domain = "every entry",
    .claim = "|C - exact| <= gamma_k sum |a b| where no product or partial sum underflows or overflows (Higham's "
             "model)",
    .bound = 0,
    .bound_per_term = kGammaPerTerm,
    .bound_source = "Higham 2002, (3.5) with FMA or without: gamma_k = k u / (1 - k u)"};

struct FmaChain : PortableImpl {
    static constexpr ImplSpec spec = kFmaChain;
    FPV_HD static uint64_t run(uint64_t entry, uint64_t batch, uint64_t shape) { return fma_chain(entry, batch, shape); }
};

struct MulAddChain : PortableImpl {
    static constexpr ImplSpec spec{
        .variant = "dot_muladd",
        .summary = "one thread an entry: sum = sum + A[i][l] * B[l][j], each operation rounded",
        .domain = "every entry",
        .claim = kFmaChain.claim,
        .bound = 0,
        .bound_per_term = kGammaPerTerm,
        .bound_source = kFmaChain.bound_source};
    FPV_HD static uint64_t run(uint64_t entry, uint64_t batch, uint64_t shape) {
        const Operands in{entry, batch, shape};
        double sum = 0;
        for (uint32_t l = 0; l < EntryTerms::length(in); ++l) {
            sum = rn::add(sum, rn::mul(double_of(EntryTerms::a(in, l)), double_of(EntryTerms::b(in, l))));
        }
        return bits_of(sum);
    }
};

// The exact accumulator's sum, rounded once: correctly rounded entries, in each mode.
template <Rounding R>
struct ExactDot : PortableImpl {
    static constexpr ImplSpec spec{
        .variant = R == Rounding::rn ? "dot_exact" : R == Rounding::rz ? "dot_exact_rz" : R == Rounding::ru ? "dot_exact_ru" : "dot_exact_rd",
        .summary = "one thread an entry: the exact sum in a 4,224-bit fixed-point accumulator, rounded once "
                   "(reference/exact_dot.h)",
        .domain = "every entry",
        .claim = "correctly rounded",
        .rounding = R,
        .bound = 0,
        .bound_source = "exact accumulation (Kulisch); checked against MPFR's mpfr_dot"};
    FPV_HD static uint64_t run(uint64_t entry, uint64_t batch, uint64_t shape) {
        const Operands in{entry, batch, shape};
        exact_dot::Accumulator acc;
        acc.clear();
        for (uint32_t l = 0; l < EntryTerms::length(in); ++l) acc.add_product(EntryTerms::a(in, l), EntryTerms::b(in, l));
        return acc.rounded(R);
    }
};

using Impls = TypeList<FmaChain, MulAddChain, ExactDot<Rounding::rn>, ExactDot<Rounding::rz>, ExactDot<Rounding::ru>,
                       ExactDot<Rounding::rd>>;

template <Bug kBug, const ImplSpec& kSpec>
struct ChainMutant : MutantOf<FmaChain> {
    static constexpr const ImplSpec& spec = kSpec;
    FPV_HD static uint64_t run(uint64_t entry, uint64_t batch, uint64_t shape) {
        return fma_chain<kBug>(entry, batch, shape);
    }
};

inline constexpr ImplSpec kLastTermDropped{.variant = "mut_last_term_dropped",
                                           .summary = "the loop stops one term short (l < k - 1)"};
inline constexpr ImplSpec kBinary32Accumulator{.variant = "mut_binary32_accumulator",
                                               .summary = "the running sum kept in binary32"};
inline constexpr ImplSpec kTruncatedProducts{.variant = "mut_truncated_products",
                                             .summary = "A's entries read with their last 20 bits cleared"};

using Mutants = TypeList<ChainMutant<Bug::last_term_dropped, kLastTermDropped>,
                         ChainMutant<Bug::binary32_accumulator, kBinary32Accumulator>,
                         ChainMutant<Bug::truncated_products, kTruncatedProducts>>;

}  // namespace fpv::gemm64
