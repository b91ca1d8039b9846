// CUDA's own binary32 functions, the GPU's native baselines for the binary32 ops. What the
// same source computes depends on nvcc's -prec-div, -prec-sqrt and -ftz: each impl names its
// flags, and is compiled in the translation unit that has them (verifier/gpu_config_*.cu).
// NVIDIA's bounds: CUDA C++ Programming Guide, appendix "Mathematical Functions" (tables of
// maximum ulp error), and the CUDA Math API for the intrinsics; see docs/binary32.md.
#pragma once

#include "core/impl_traits.h"

namespace fpv::cudafn {

#if defined(__CUDACC__)
__device__ __forceinline__ float operand(uint64_t w) { return __uint_as_float(static_cast<uint32_t>(w)); }
__device__ __forceinline__ uint64_t word(float f) { return __float_as_uint(f); }
#define FPV_CUDA_FUNCTION(name, arguments, expression) \
    struct name {                                      \
        __device__ static uint64_t run arguments { return word(expression); } \
    };
#else
#define FPV_CUDA_FUNCTION(name, arguments, expression) \
    struct name {};
#endif

FPV_CUDA_FUNCTION(Rsqrt, (uint64_t a), rsqrtf(operand(a)))
FPV_CUDA_FUNCTION(Sqrt, (uint64_t a), sqrtf(operand(a)))
FPV_CUDA_FUNCTION(Reciprocal, (uint64_t a), 1.0f / operand(a))
FPV_CUDA_FUNCTION(FrcpRn, (uint64_t a), __frcp_rn(operand(a)))
FPV_CUDA_FUNCTION(Divide, (uint64_t a, uint64_t b), operand(a) / operand(b))
FPV_CUDA_FUNCTION(Fdividef, (uint64_t a, uint64_t b), __fdividef(operand(a), operand(b)))

#undef FPV_CUDA_FUNCTION

template <class Function, NvccConfig kConfig, const ImplSpec& kSpec>
struct CudaImpl : Function, DeviceImpl<kConfig> {
    static constexpr const ImplSpec& spec = kSpec;
};

inline constexpr std::string_view kGuide = "CUDA C++ Programming Guide, Mathematical Functions";
inline constexpr std::string_view kFrcpSource = "CUDA Math API: __frcp_rn rounds to nearest even";

// __fdividef's bound holds for |y| in [2^-126, 2^126].
inline bool divisor_in_fdividef_range(const Operands& in, uint64_t, bool) {
    const uint32_t m = static_cast<uint32_t>(in.b) & 0x7fffffffu;
    return m >= 0x00800000u && m <= 0x7e800000u;
}

inline constexpr ImplSpec kRsqrtf{.variant = "rsqrtf", .summary = "rsqrtf(x)", .domain = "every binary32",
                                  .claim = "2 ulp", .bound = 2, .bound_source = kGuide};
inline constexpr ImplSpec kRsqrtfFtz{.variant = "rsqrtf_ftz", .summary = "rsqrtf(x), -ftz=true",
                                     .domain = "every binary32", .claim = "2 ulp (FTZ)", .bound = 2,
                                     .bound_source = kGuide, .ftz = true};
inline constexpr ImplSpec kSqrtf{.variant = "sqrtf", .summary = "sqrtf(x), -prec-sqrt=true",
                                 .domain = "every binary32", .claim = "correctly rounded", .bound = 0,
                                 .bound_source = kGuide};
inline constexpr ImplSpec kSqrtfApprox{.variant = "sqrtf_approx", .summary = "sqrtf(x), -prec-sqrt=false",
                                       .domain = "every binary32", .claim = "1 ulp", .bound = 1,
                                       .bound_source = kGuide};
inline constexpr ImplSpec kSqrtfFtz{.variant = "sqrtf_ftz", .summary = "sqrtf(x), -prec-sqrt=true -ftz=true",
                                    .domain = "every binary32", .claim = "correctly rounded (FTZ)", .bound = 0,
                                    .bound_source = kGuide, .ftz = true};
inline constexpr ImplSpec kSqrtfApproxFtz{.variant = "sqrtf_approx_ftz",
                                          .summary = "sqrtf(x), -prec-sqrt=false -ftz=true",
                                          .domain = "every binary32", .claim = "1 ulp (FTZ)", .bound = 1,
                                          .bound_source = kGuide, .ftz = true};
inline constexpr ImplSpec kRcpDiv{.variant = "div", .summary = "1.0f / x, -prec-div=true",
                                  .domain = "every binary32", .claim = "correctly rounded", .bound = 0,
                                  .bound_source = kGuide};
inline constexpr ImplSpec kRcpFrcpRn{.variant = "frcp_rn", .summary = "__frcp_rn(x)",
                                     .domain = "every binary32", .claim = "correctly rounded", .bound = 0,
                                     .bound_source = kFrcpSource};
inline constexpr ImplSpec kRcpDivApprox{.variant = "div_approx", .summary = "1.0f / x, -prec-div=false",
                                        .domain = "every binary32", .claim = "1 ulp", .bound = 1,
                                        .bound_source = kGuide};
inline constexpr ImplSpec kRcpDivFtz{.variant = "div_ftz", .summary = "1.0f / x, -prec-div=true -ftz=true",
                                     .domain = "every binary32", .claim = "correctly rounded (FTZ)", .bound = 0,
                                     .bound_source = kGuide, .ftz = true};
inline constexpr ImplSpec kRcpFrcpRnFtz{.variant = "frcp_rn_ftz", .summary = "__frcp_rn(x), -ftz=true",
                                        .domain = "every binary32", .claim = "correctly rounded (FTZ)",
                                        .bound = 0, .bound_source = kFrcpSource, .ftz = true};
inline constexpr ImplSpec kRcpDivApproxFtz{.variant = "div_approx_ftz",
                                           .summary = "1.0f / x, -prec-div=false -ftz=true",
                                           .domain = "every binary32", .claim = "1 ulp (FTZ)", .bound = 1,
                                           .bound_source = kGuide, .ftz = true};
inline constexpr ImplSpec kDiv{.variant = "div", .summary = "x / y, -prec-div=true", .domain = "every pair",
                               .claim = "correctly rounded", .bound = 0, .bound_source = kGuide};
inline constexpr ImplSpec kFdividef{.variant = "fdividef", .summary = "__fdividef(x, y)",
                                    .domain = "|y| in [2^-126, 2^126]", .claim = "2 ulp", .bound = 2,
                                    .bound_source = kGuide, .in_domain = &divisor_in_fdividef_range};
inline constexpr ImplSpec kDivApprox{.variant = "div_approx", .summary = "x / y, -prec-div=false",
                                     .domain = "every pair", .claim = "2 ulp", .bound = 2,
                                     .bound_source = kGuide};
inline constexpr ImplSpec kDivFtz{.variant = "div_ftz", .summary = "x / y, -prec-div=true -ftz=true",
                                  .domain = "every pair", .claim = "correctly rounded (FTZ)", .bound = 0,
                                  .bound_source = kGuide, .ftz = true};
inline constexpr ImplSpec kFdividefFtz{.variant = "fdividef_ftz", .summary = "__fdividef(x, y), -ftz=true",
                                       .domain = "|y| in [2^-126, 2^126]", .claim = "2 ulp (FTZ)", .bound = 2,
                                       .bound_source = kGuide, .ftz = true,
                                       .in_domain = &divisor_in_fdividef_range};
inline constexpr ImplSpec kDivApproxFtz{.variant = "div_approx_ftz",
                                        .summary = "x / y, -prec-div=false -ftz=true", .domain = "every pair",
                                        .claim = "2 ulp (FTZ)", .bound = 2, .bound_source = kGuide,
                                        .ftz = true};

}  // namespace fpv::cudafn
