// What the binary64 ops (add64, sub64, mul64, div64, fma64, sqrt64, rcp64, rsqrt64) share: a
// binary64 result judged by correct rounding in the impl's rounding mode, the host FPU's exact
// answer as the fast reference, and the generic classes every one of them runs.
#pragma once

#include <array>
#include <type_traits>

#include "core/op_traits.h"
#include "corpus/generic_classes.h"
#include "ops/binary64/raw_chain.h"
#include "ops/binary64/rounded_natives.h"
#include "reference/mpfr_reference.h"

namespace fpv::binary64 {

struct FamilyTraits {
    static constexpr Format result = Format::binary64;
    static constexpr Metric metric = Metric::correctly_rounded;
    using host_error = None;
    using impls = TypeList<>;
    using mutants = TypeList<>;
    using commands = TypeList<>;
};

inline constexpr std::array<Operand, 1> kUnary{{{Format::binary64, "x"}}};
inline constexpr std::array<Operand, 2> kBinary{{{Format::binary64, "x"}, {Format::binary64, "y"}}};
inline constexpr std::array<Operand, 3> kTernary{
    {{Format::binary64, "a"}, {Format::binary64, "b"}, {Format::binary64, "c"}}};

// The host's exact IEEE answer (host_ieee trait) from F's host(double...) in the thread's
// current rounding mode; it keeps the host's NaNs (any NaN matches any NaN unless strict).
template <class F, int kArity>
struct HostIeee {
    static constexpr bool canonical_nan = false;
    static uint64_t eval(const Operands& in) {
        if constexpr (kArity == 1) return bits_of(F::host(double_of(in.a)));
        if constexpr (kArity == 2) return bits_of(F::host(double_of(in.a), double_of(in.b)));
        if constexpr (kArity == 3) return bits_of(F::host(double_of(in.a), double_of(in.b), double_of(in.c)));
    }
};

template <int kArity>
inline constexpr auto kOperands = kBinary;
template <>
inline constexpr auto kOperands<1> = kUnary;
template <>
inline constexpr auto kOperands<3> = kTernary;

// What an op of kArity operands, computed exactly by F's host(double...) in the thread's
// rounding mode, takes from F and its arity: its operands, its fast reference, the dependent
// chain that times it raw, and the native impls (the host and CUDA in every rounding mode).
template <class F, int kArity>
struct RoundedByHost : FamilyTraits {
    static constexpr auto operands = kOperands<kArity>;
    using host_ieee = HostIeee<F, kArity>;
    using raw_chain = Binary64Chain<kArity, kArity != 1>;
    using products = None;
    using natives = concat_t<::fpv::natives::HostInEveryRounding<F>, ::fpv::natives::CudaInEveryRounding<F>>;
};

// An op's classes: the generic ones around its own, in the order every op runs them, then
// TestFloat's files where TestFloat has the op.
template <class Op, class Own, bool kTestFloat = true>
using Classes = concat_t<TypeList<generic::BoundaryValues<Op>>, Own,
                         TypeList<generic::UniformBits<Op>, generic::RandomNormal<Op>, generic::Patterns<Op>>,
                         std::conditional_t<kTestFloat, TypeList<generic::VectorFile<Op>>, TypeList<>>>;

}  // namespace fpv::binary64
