// What the binary64 ops (add64, sub64, mul64, div64, fma64, sqrt64, rcp64, rsqrt64) share: a
// binary64 result judged by correct rounding in the impl's rounding mode, the host FPU's exact
// answer as the fast reference, and the generic classes every one of them runs.
#pragma once

#include <array>

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

// The generic classes in the order every op lists them before its own.
template <class Op>
using GenericFront = TypeList<generic::BoundaryValues<Op>>;
template <class Op>
using GenericBack = TypeList<generic::UniformBits<Op>, generic::RandomNormal<Op>, generic::Patterns<Op>>;

}  // namespace fpv::binary64
