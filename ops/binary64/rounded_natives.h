// The native baselines of a binary64 op in each rounding mode: the host FPU under fesetround
// and the GPU's own _rn/_rz/_ru/_rd intrinsic. An op supplies the function once (a struct with
// host(double...) and, for nvcc, device<Rounding>(double...)) and its words for the summaries;
// these templates make the eight impls, named "host", "host_rz", ..., "cuda", "cuda_rz", ...
// The summaries are built from the op's noun and intrinsic, so that the eight read alike for
// every op; an op whose words do not fit that sentence gives its own four.
#pragma once

#include <array>
#include <string_view>

#include "core/host_rounding.h"
#include "core/impl_traits.h"
#include "core/type_list.h"
#include "core/joined_text.h"

namespace fpv::natives {

inline constexpr std::array<std::string_view, 4> kHostVariants = {"host", "host_rz", "host_ru", "host_rd"};
inline constexpr std::array<std::string_view, 4> kCudaVariants = {"cuda", "cuda_rz", "cuda_ru", "cuda_rd"};
inline constexpr std::array<std::string_view, 4> kClaims = {
    "correctly rounded (IEEE 754)", "correctly rounded toward zero (IEEE 754)",
    "correctly rounded toward +infinity (IEEE 754)", "correctly rounded toward -infinity (IEEE 754)"};

constexpr size_t index_of(Rounding r) { return static_cast<size_t>(r); }

inline constexpr std::array<std::string_view, 4> kHostModes = {"", " under FE_TOWARDZERO", " under FE_UPWARD",
                                                                 " under FE_DOWNWARD"};
inline constexpr std::array<std::string_view, 4> kCudaSuffixes = {"_rn", "_rz", "_ru", "_rd"};

// "the host FPU's <noun>[ under FE_...] (baseline)"
template <class F, Rounding R>
struct HostSummaryParts {
    static constexpr std::array<std::string_view, 4> parts = {"the host FPU's ", F::noun, kHostModes[index_of(R)],
                                                              " (baseline)"};
};

// "the GPU's own <intrinsic>_r{n,z,u,d} (baseline)"
template <class F, Rounding R>
struct CudaSummaryParts {
    static constexpr std::array<std::string_view, 4> parts = {"the GPU's own ", F::intrinsic,
                                                              kCudaSuffixes[index_of(R)], " (baseline)"};
};

// F: its own host_summary[4], or the noun of its operation.
template <class F, Rounding R>
constexpr std::string_view host_summary() {
    if constexpr (requires { F::host_summary; }) {
        return F::host_summary[index_of(R)];
    } else {
        return JoinedText<HostSummaryParts<F, R>>::view;
    }
}

// F: its own cuda_summary[4], or the name of CUDA's intrinsic without its rounding suffix.
template <class F, Rounding R>
constexpr std::string_view cuda_summary() {
    if constexpr (requires { F::cuda_summary; }) {
        return F::cuda_summary[index_of(R)];
    } else {
        return JoinedText<CudaSummaryParts<F, R>>::view;
    }
}

// The NaN rule of the host's instruction: x86 returns its first source operand's NaN, but for
// commutative ops the compiler may swap the sources, so F may declare less (host_nans).
template <class F>
constexpr NanRule host_nan_rule() {
    if constexpr (requires { F::host_nans; }) {
        return F::host_nans;
    } else {
        return NanRule::propagate;
    }
}

// F: host_summary<F, R>'s words, domain, and static double host(double...).
template <class F, Rounding R>
struct Host : HostImpl {
    static constexpr ImplSpec spec{.variant = kHostVariants[index_of(R)],
                                   .summary = host_summary<F, R>(),
                                   .domain = F::domain,
                                   .claim = kClaims[index_of(R)],
                                   .rounding = R,
                                   .bound_source = "IEEE 754-2019; x86 SSE2 under fesetround",
                                   .nans = host_nan_rule<F>()};
    template <class... Words>
    static uint64_t run(Words... words) {
        return in_host_rounding(R, [](auto... w) { return bits_of(F::host(double_of(w)...)); }, words...);
    }
};

// F: cuda_summary<F, R>'s words, domain, and __device__ static double device<R>(double...).
template <class F, Rounding R>
struct Cuda : DeviceImpl<> {
    // One instruction, correctly rounded in R: what `bench` compares an impl of this op with to
    // measure the GPU's ceiling (verifier/gpu/instruction_ceiling.cu).
    static constexpr bool kRoundingInstruction = true;
    static constexpr ImplSpec spec{.variant = kCudaVariants[index_of(R)],
                                   .summary = cuda_summary<F, R>(),
                                   .domain = F::domain,
                                   .claim = kClaims[index_of(R)],
                                   .rounding = R,
                                   .bound_source = "CUDA C++ Programming Guide, intrinsic functions",
                                   // Observed on sm_90 (an H100, 2026-11-23): a NaN operand comes
                                   // back quieted, invalid operations give 0xfff8000000000000.
                                   .nans = NanRule::operand};
#if defined(__CUDACC__)
    template <class... Words>
    __device__ static uint64_t run(Words... words) {
        return bits_of(F::template device<R>(double_of(words)...));
    }
#endif
};

template <class F>
using HostInEveryRounding = TypeList<Host<F, Rounding::rn>, Host<F, Rounding::rz>, Host<F, Rounding::ru>,
                                     Host<F, Rounding::rd>>;
template <class F>
using CudaInEveryRounding = TypeList<Cuda<F, Rounding::rn>, Cuda<F, Rounding::rz>, Cuda<F, Rounding::ru>,
                                     Cuda<F, Rounding::rd>>;

// Picks CUDA's intrinsic of rounding R among its four spellings.
#define FPV_CUDA_ROUNDED(R, name, ...)                                        \
    (R == ::fpv::Rounding::rz   ? name##_rz(__VA_ARGS__)                      \
     : R == ::fpv::Rounding::ru ? name##_ru(__VA_ARGS__)                      \
     : R == ::fpv::Rounding::rd ? name##_rd(__VA_ARGS__)                      \
                                : name##_rn(__VA_ARGS__))

}  // namespace fpv::natives
