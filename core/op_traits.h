// An op is a type: everything the layers need to know about the mathematical function under
// test is a trait of one type under ops/ (in its own folder, or its family's). Layers ask an op
// what it is (its arity, formats, metric), never which op it is; ops/ops.h is the one list of
// ops, and ops/dispatch.h the one place that turns a run-time op id into its type.
//
// The traits every op declares (OpTraits checks them: a missing one is a compile error):
//   name, summary      "div64", and what it computes
//   operands           std::array of Operand: format and name of each (the arity is its size)
//   result             the format of the result
//   metric             how a result is judged (core/formats.h)
//   key_salt           mixed into the keys of its classes' random streams; a constant of the
//                      op's own, so that adding or reordering ops never changes an input
//   testfloat          TestFloat's name for the function ("f64_div"), "" when it has none
//   reference          correctly rounded ops: a type with static int mpfr(out, in, rounding),
//                      the exact function in MPFR; float-float ops: the exact terms of the
//                      result and its error (ops/float_float/terms.h); componentwise ops (an
//                      entry of a matrix product): the entry's terms, FPV_HD length(in),
//                      a(in, l) and b(in, l), which the exact accumulator and MPFR sum
//                      (reference/componentwise_verdict.h)
//   host_ieee          a type with static uint64_t eval(const Operands&), the host FPU's exact
//                      IEEE 754 answer (the fast reference and the TestFloat export), or None;
//                      a fast reference that is not the host FPU's names itself (its `name`),
//                      and one that is software asks MPFR to confirm every result it calls wrong
//                      (its `confirm_failures`, reference/rounded_verdict.h)
//   exact_check        a type whose FPV_HD static bool certifies(in, result, rounding, ftz) proves
//                      a result correctly rounded by integer arithmetic, on the host and the GPU
//                      (reference/exact_check.h; `--reference exact`), or None
//   binary64_twin      optional (None where absent): binary32 math functions' GPU judge, a type
//                      like an exact_check (certifies, measure, requires_nan) that reads the
//                      same function evaluated in binary64 beside the impl (ops/math32/twin.h)
//   host_error         a type whose static bool ulp_error(in, result, ftz, error&) measures an
//                      error exactly without MPFR where it can, or None
//   products           how its inputs form whole matrix products, for impls that compute whole
//                      products at once (a library's GEMM, core/matrix_product.h): FPV_HD
//                      shape(in), position(in), row(in), column(in), a(in, row, l), b(in, l,
//                      column); None for ops whose inputs are not entries of products
//   raw_chain          how `bench --raw` chains calls of an impl (verifier/gpu/raw_chain.cuh):
//                      every operand made from the call before; None when not timed raw.
//                      An op may add seed_style_chain, timed too (div64: the divisor held
//                      fixed, as the seed post measured; float-float ops: the second operand)
//   classes            TypeList of input classes (corpus/class_traits.h)
//   natives, impls,    TypeLists of implementations (core/impl_traits.h): the host's and the
//   mutants            GPU's own baselines, the emulations under test, and planted-bug mutants
//   commands           TypeList of fpverify subcommands the op offers (core/op_command.h), such
//                      as div64's prove-div64; TypeList<> for none
#pragma once

#include <array>
#include <concepts>
#include <string>
#include <string_view>

#include "core/formats.h"
#include "core/op_command.h"
#include "core/operands.h"
#include "core/type_list.h"

namespace fpv {

// An optional trait an op does not have.
struct None {};

template <class T>
inline constexpr bool is_none = std::is_same_v<T, None>;

struct Operand {
    Format format;
    std::string_view name;
};

template <class Op>
concept OpTraits = requires {
    { Op::name } -> std::convertible_to<std::string_view>;
    { Op::summary } -> std::convertible_to<std::string_view>;
    { Op::operands.size() } -> std::convertible_to<size_t>;
    { Op::operands[0].format } -> std::convertible_to<Format>;
    { Op::result } -> std::convertible_to<Format>;
    { Op::metric } -> std::convertible_to<Metric>;
    { Op::key_salt } -> std::convertible_to<uint64_t>;
    { Op::testfloat } -> std::convertible_to<std::string_view>;
    typename Op::reference;
    typename Op::host_ieee;
    typename Op::host_error;
    typename Op::exact_check;
    typename Op::raw_chain;
    typename Op::products;
    typename Op::classes;
    typename Op::natives;
    typename Op::impls;
    typename Op::mutants;
    typename Op::commands;
};

// The binary64_twin trait, None for the ops that do not declare one.
template <class Op>
struct TwinOf {
    using type = None;
};
template <class Op>
    requires requires { typename Op::binary64_twin; }
struct TwinOf<Op> {
    using type = typename Op::binary64_twin;
};
template <class Op>
using twin_of = typename TwinOf<Op>::type;

// Where an op's special-value rules (C99 Annex F, for the math functions) state its result: its
// trait special_values, a type with static bool states(const Operands&); none for the others.
// Where one states a value that is a number of the result's format, no bound in ulps excuses
// another result (reference/rounded_verdict.h).
template <class Op>
constexpr bool special_value_stated(const Operands& in) {
    if constexpr (requires { Op::special_values::states(in); }) {
        return Op::special_values::states(in);
    } else {
        return false;
    }
}

// The traits as scalars, which device code may read.
template <class Op>
inline constexpr int arity = static_cast<int>(Op::operands.size());
template <class Op, int I>
inline constexpr Format operand_format = Op::operands[I].format;

template <class Op>
struct OpTag {
    using type = Op;
};

// An op's position in the list of ops (ops/ops.h), as the run-time value that names it.
struct OpId {
    uint8_t value = 0;
    bool operator==(const OpId&) const = default;
    auto operator<=>(const OpId&) const = default;
};

// An op's traits as run-time values, for the command line and the reports.
struct OpInfo {
    OpId id;
    std::string_view name, summary, testfloat;
    int arity = 0;
    std::array<Operand, 3> operands{};
    Format result = Format::binary64;
    Metric metric = Metric::correctly_rounded;
    uint64_t key_salt = 0;
    bool has_fast_reference = false;  // an exact answer without MPFR exists
    std::string_view fast_reference = "host IEEE";  // what gives it: its host_ieee's name, where it has one
    bool error_free = false;          // float-float: the result must be exact
    bool has_exact_check = false;     // results are certified without MPFR (--reference exact)
    bool has_binary64_twin = false;   // the GPU judges results beside a binary64 evaluation (exact)
    std::span<const OpCommandInfo> commands;  // fpverify subcommands the op offers

    std::string_view error_unit() const {
        switch (metric) {
            case Metric::relative_u2: return "u^2";
            case Metric::componentwise: return "eps|a||b|";
            case Metric::correctly_rounded: break;
        }
        return "ulp";
    }
    // "x, y: binary64", "x: float-float pair, y: binary32"
    std::string operand_text() const;
    bool all_operands(Format f) const {
        for (int i = 0; i < arity; ++i) {
            if (operands[i].format != f) return false;
        }
        return true;
    }

    template <class Op>
    static OpInfo of(OpId id) {
        static_assert(OpTraits<Op>);
        OpInfo info;
        info.id = id;
        info.name = Op::name;
        info.summary = Op::summary;
        info.testfloat = Op::testfloat;
        info.arity = ::fpv::arity<Op>;
        for (int i = 0; i < ::fpv::arity<Op>; ++i) info.operands[static_cast<size_t>(i)] = Op::operands[static_cast<size_t>(i)];
        info.result = Op::result;
        info.metric = Op::metric;
        info.key_salt = Op::key_salt;
        info.has_fast_reference = Op::metric != Metric::correctly_rounded || !is_none<typename Op::host_ieee>;
        info.has_exact_check = !is_none<typename Op::exact_check>;
        info.has_binary64_twin = !is_none<twin_of<Op>>;
        if constexpr (requires { Op::host_ieee::name; }) info.fast_reference = Op::host_ieee::name;
        info.commands = OpCommandTable<typename Op::commands>::value;
        if constexpr (Op::metric == Metric::relative_u2) info.error_free = Op::error_free;
        return info;
    }
};

inline std::string OpInfo::operand_text() const {
    std::string text;
    int group = 0;  // operands of the current run of one format
    for (int i = 0; i < arity; ++i) {
        ++group;
        text += std::string(operands[i].name);
        if (i + 1 < arity && operands[i + 1].format == operands[i].format) {
            text += ", ";
            continue;
        }
        const Format f = operands[i].format;
        text += ": " + std::string(format_name(f)) + (group > 1 && f == Format::pair32 ? "s" : "");
        if (i + 1 < arity) text += ", ";
        group = 0;
    }
    return text;
}

}  // namespace fpv
