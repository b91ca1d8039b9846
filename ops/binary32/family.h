// Binary32 functions: 1/sqrt(x), sqrt(x), 1/x and x/y correctly rounded to binary32, with
// CUDA's own implementations as the GPU's native baselines (ops/binary32/cuda_functions.h).
#pragma once

#include <mpfr.h>

#include <array>
#include <cmath>

#include "core/op_traits.h"
#include "core/pair32.h"
#include "corpus/generic_classes.h"
#include "ops/binary32/classes.h"
#include "ops/binary32/cuda_functions.h"
#include "reference/host_errors.h"
#include "reference/mpfr_reference.h"
#include "reference/exact_check.h"

namespace fpv::binary32 {

// What the four ops share.
struct FamilyTraits {
    static constexpr Format result = Format::binary32;
    static constexpr Metric metric = Metric::correctly_rounded;
    using raw_chain = None;
    using products = None;
    using impls = TypeList<>;
    using mutants = TypeList<>;
    using commands = TypeList<>;
};

inline constexpr std::array<Operand, 1> kUnary{{{Format::binary32, "a"}}};

// The host's binary32 arithmetic: exact by IEEE 754 (SSE rounds to nearest, keeps subnormals).
template <class F>
struct HostFloat {
    static constexpr bool canonical_nan = true;
    static uint64_t eval(const Operands& in) { return bits_of(F{}(single(in.a), single(in.b))); }
};
struct HostSqrt {
    float operator()(float a, float) const { return std::sqrt(a); }
};
struct HostReciprocal {
    float operator()(float a, float) const { return 1.0f / a; }
};
struct HostDivide {
    float operator()(float a, float b) const { return a / b; }
};

using cudafn::CudaImpl;
using cudafn::Divide;
using cudafn::Fdividef;
using cudafn::FrcpRn;
using cudafn::Reciprocal;
using cudafn::Rsqrt;
using cudafn::Sqrt;

}  // namespace fpv::binary32

namespace fpv::op {

struct rsqrt32 : binary32::FamilyTraits {
    static constexpr std::string_view name = "rsqrt32";
    static constexpr std::string_view summary = "1/sqrt(x) in binary32 (IEEE 754-2008 rSqrt: +-0 -> +-inf)";
    static constexpr auto operands = binary32::kUnary;
    static constexpr uint64_t key_salt = uint64_t{11} << 56;
    static constexpr std::string_view testfloat = "";
    using reference = MpfrRecSqrt754;
    using host_ieee = None;  // the host has no correctly rounded 1/sqrt
    using exact_check = ::fpv::exact_check::ReciprocalSquareRoot<Format::binary32>;
    using host_error = None;
    using classes = generic::Unary32Classes<rsqrt32>;
    using natives = TypeList<binary32::CudaImpl<binary32::Rsqrt, NvccConfig::ieee, cudafn::kRsqrtf>,
                             binary32::CudaImpl<binary32::Rsqrt, NvccConfig::ieee_ftz, cudafn::kRsqrtfFtz>>;
};

struct sqrt32 : binary32::FamilyTraits {
    static constexpr std::string_view name = "sqrt32";
    static constexpr std::string_view summary = "sqrt(x) in binary32";
    static constexpr auto operands = binary32::kUnary;
    static constexpr uint64_t key_salt = uint64_t{12} << 56;
    static constexpr std::string_view testfloat = "f32_sqrt";
    using reference = MpfrOfOne<mpfr_sqrt>;
    using host_ieee = binary32::HostFloat<binary32::HostSqrt>;
    using exact_check = ::fpv::exact_check::SquareRoot<Format::binary32>;
    using host_error = None;
    using classes = concat_t<generic::Unary32Classes<sqrt32>, TypeList<generic::VectorFile<sqrt32>>>;
    using natives = TypeList<binary32::CudaImpl<binary32::Sqrt, NvccConfig::ieee, cudafn::kSqrtf>,
                             binary32::CudaImpl<binary32::Sqrt, NvccConfig::approx, cudafn::kSqrtfApprox>,
                             binary32::CudaImpl<binary32::Sqrt, NvccConfig::ieee_ftz, cudafn::kSqrtfFtz>,
                             binary32::CudaImpl<binary32::Sqrt, NvccConfig::approx_ftz, cudafn::kSqrtfApproxFtz>>;
};

struct rcp32 : binary32::FamilyTraits {
    static constexpr std::string_view name = "rcp32";
    static constexpr std::string_view summary = "1/x in binary32";
    static constexpr auto operands = binary32::kUnary;
    static constexpr uint64_t key_salt = uint64_t{13} << 56;
    static constexpr std::string_view testfloat = "";
    using reference = MpfrReciprocal;
    using host_ieee = binary32::HostFloat<binary32::HostReciprocal>;
    using exact_check = ::fpv::exact_check::Reciprocal<Format::binary32>;
    using host_error = QuotientResidualError<true>;
    using classes = generic::Unary32Classes<rcp32>;
    using natives = TypeList<binary32::CudaImpl<binary32::Reciprocal, NvccConfig::ieee, cudafn::kRcpDiv>,
                             binary32::CudaImpl<binary32::FrcpRn, NvccConfig::ieee, cudafn::kRcpFrcpRn>,
                             binary32::CudaImpl<binary32::Reciprocal, NvccConfig::approx, cudafn::kRcpDivApprox>,
                             binary32::CudaImpl<binary32::Reciprocal, NvccConfig::ieee_ftz, cudafn::kRcpDivFtz>,
                             binary32::CudaImpl<binary32::FrcpRn, NvccConfig::ieee_ftz, cudafn::kRcpFrcpRnFtz>,
                             binary32::CudaImpl<binary32::Reciprocal, NvccConfig::approx_ftz, cudafn::kRcpDivApproxFtz>>;
};

struct div32 : binary32::FamilyTraits {
    static constexpr std::string_view name = "div32";
    static constexpr std::string_view summary = "x/y in binary32";
    static constexpr std::array<Operand, 2> operands{{{Format::binary32, "a"}, {Format::binary32, "b"}}};
    static constexpr uint64_t key_salt = uint64_t{14} << 56;
    static constexpr std::string_view testfloat = "f32_div";
    using reference = MpfrOfTwo<mpfr_div>;
    using host_ieee = binary32::HostFloat<binary32::HostDivide>;
    using exact_check = ::fpv::exact_check::Quotient<Format::binary32>;
    using host_error = QuotientResidualError<false>;
    using classes = TypeList<generic::UniformBits<div32>, generic::RandomNormal<div32>, binary32::QuotientSubnormal,
                             generic::BoundaryValues<div32>, generic::VectorFile<div32>>;
    using natives = TypeList<binary32::CudaImpl<binary32::Divide, NvccConfig::ieee, cudafn::kDiv>,
                             binary32::CudaImpl<binary32::Fdividef, NvccConfig::ieee, cudafn::kFdividef>,
                             binary32::CudaImpl<binary32::Divide, NvccConfig::approx, cudafn::kDivApprox>,
                             binary32::CudaImpl<binary32::Divide, NvccConfig::ieee_ftz, cudafn::kDivFtz>,
                             binary32::CudaImpl<binary32::Fdividef, NvccConfig::ieee_ftz, cudafn::kFdividefFtz>,
                             binary32::CudaImpl<binary32::Divide, NvccConfig::approx_ftz, cudafn::kDivApproxFtz>>;
};

}  // namespace fpv::op
