// Input classes that depend only on an op's operand formats and arity, composed by the ops
// (ops/<op>/<op>.h) into their class lists: random bit patterns, random normal numbers,
// boundary values, TestFloat-style patterns, subnormal operands, exhaustive sweeps of binary32
// bit patterns, and the operands of a TestFloat file.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "core/op_traits.h"
#include "corpus/boundary_values.h"
#include "corpus/class_traits.h"
#include "corpus/number_theory.h"
#include "corpus/random_values.h"

namespace fpv::generic {

// Calls f(std::integral_constant<int, i>) for each operand i of Op, in order: draws for
// operand 0 come first.
template <class Op, class F>
FPV_HD FPV_INLINE void for_each_operand(F&& f) {
    [&]<int... I>(std::integer_sequence<int, I...>) {
        (f(std::integral_constant<int, I>{}), ...);
    }(std::make_integer_sequence<int, arity<Op>>{});
}

template <class Op>
inline constexpr bool kUnaryBinary32 = arity<Op> == 1 && operand_format<Op, 0> == Format::binary32;

template <class Op>
struct UniformBits : ClassDefaults {
    static constexpr std::string_view name = "random";
    static constexpr std::string_view guarantee =
        "uniformly random bit patterns for every operand (NaNs, infinities, zeros and subnormals at their rates)";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        Operands in;
        for_each_operand<Op>([&](auto i) {
            constexpr int k = decltype(i)::value;
            static_assert(operand_format<Op, k> != Format::pair32);
            const uint64_t w = rng.next();
            in.set_word(k, operand_format<Op, k> == Format::binary32 ? w & 0xffffffffu : w);
        });
        return in;
    }
};

template <class Op>
struct RandomNormal : ClassDefaults {
    static constexpr std::string_view name = "normal";
    static constexpr std::string_view guarantee =
        "normal operands: random sign and significand, exponent field uniform over all normal ones";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        Operands in;
        for_each_operand<Op>([&](auto i) {
            constexpr int k = decltype(i)::value;
            if constexpr (operand_format<Op, k> == Format::binary64) {
                in.set_word(k, draw64::normal(rng));
            } else {
                static_assert(operand_format<Op, k> == Format::binary32);
                in.set_word(k, draw32::normal(rng));
            }
        });
        return in;
    }
};

// Every combination of the operand format's boundary values (corpus/boundary_values.h), the
// first operand varying slowest.
template <class Op>
struct BoundaryValues : ClassDefaults {
    static constexpr Format kFormat = operand_format<Op, 0>;
    static constexpr uint64_t kCount = boundary_count(kFormat);
    static constexpr std::string_view name = "specials";
    static constexpr std::string_view guarantee =
        "every combination of the format's boundary values: signed zeros, subnormal extremes, the least "
        "normal, 1 and neighbours, the largest finite and neighbours, infinities, quiet and signalling "
        "NaNs with payloads";
    static constexpr uint64_t size = arity<Op> == 1 ? kCount : arity<Op> == 2 ? kCount * kCount : kCount * kCount * kCount;
    FPV_HD static Operands generate(const ClassParams&, uint64_t index) {
        Operands in;
        uint64_t rest = index;
        for (int i = arity<Op> - 1; i >= 0; --i) {
            in.set_word(i, boundary_value(kFormat, static_cast<unsigned>(rest % kCount)));
            rest /= kCount;
        }
        return in;
    }
};

template <class Op>
struct Patterns : ClassDefaults {
    static constexpr std::string_view name = "patterns";
    static constexpr std::string_view guarantee =
        "significands made of runs of ones and zeros (TestFloat's way); exponents from boundary values, "
        "subnormal or uniform";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        Operands in;
        for_each_operand<Op>([&](auto i) {
            constexpr int k = decltype(i)::value;
            static_assert(operand_format<Op, k> == Format::binary64);
            in.set_word(k, draw64::patterned(rng));
        });
        return in;
    }
};

// One subnormal operand (unary ops).
template <class Op>
struct SubnormalOperand : ClassDefaults {
    static_assert(arity<Op> == 1);
    static constexpr std::string_view name = "subnormal";
    static constexpr std::string_view guarantee = "a nonzero subnormal operand of either sign";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        if constexpr (operand_format<Op, 0> == Format::binary64) {
            return {draw64::subnormal(rng), 0, 0};
        } else {
            return {draw32::subnormal(rng), 0, 0};
        }
    }
};

// Every binary64 power of two with its neighbours (unary ops whose behaviour changes at a binade's
// edge: the roots, whose exactness follows the parity of the exponent).
template <class Op>
struct BinadeEdges : ClassDefaults {
    static_assert(arity<Op> == 1 && operand_format<Op, 0> == Format::binary64);
    static constexpr std::string_view name = "binade_edges";
    static constexpr std::string_view guarantee =
        "every power of two 2^e, e = -1074..1023, and its neighbours -2..+2 binary64 steps away, in order: "
        "input i is 2^e moved d steps, e = -1074 + (i+1) div 5, d = (i+1) mod 5 - 2 (below 2^-1074: +0)";
    static constexpr uint64_t size = 2098 * 5 - 1;
    FPV_HD static Operands generate(const ClassParams&, uint64_t index) {
        return {nt::power_neighbour(index, -1074, 1), 0, 0};
    }
};

// A parameterised class's arguments, read from its spec ("range32:0x10-0x20").
struct ClassArguments {
    uint64_t first = 0;
    uint64_t size = 0;
    // The one spelling of these arguments, for a class whose inputs are keyed by its spelling
    // (KeyRule::full_spec): every spelling of them then names one unit; empty where the class
    // keeps the spec as written.
    std::string canonical;
};

// Parses "0x1f", "31"; throws UsageError naming the spec.
uint64_t parse_class_number(std::string_view text, std::string_view spec);

template <class Op>
struct All32 : ClassDefaults {
    static_assert(kUnaryBinary32<Op>);
    static constexpr std::string_view name = "all32";
    static constexpr std::string_view guarantee =
        "every binary32 bit pattern exactly once, input index = bit pattern";
    static constexpr uint64_t size = uint64_t{1} << 32;
    static constexpr bool in_all = false;
    static constexpr bool exhaustive = true;
    FPV_HD static Operands generate(const ClassParams&, uint64_t index) { return {index, 0, 0}; }
};

template <class Op>
struct Range32 : ClassDefaults {
    static_assert(kUnaryBinary32<Op>);
    static constexpr std::string_view name = "range32:LO-HI";
    static constexpr std::string_view prefix = "range32:";
    static constexpr std::string_view guarantee =
        "the bit patterns LO to HI inclusive (hexadecimal with 0x, or decimal), in order";
    static constexpr uint64_t size = 0;  // given by the arguments
    static constexpr bool in_all = false;
    static constexpr bool exhaustive = true;
    static constexpr KeyRule key_rule = KeyRule::full_spec;
    static ClassArguments parse(std::string_view args, std::string_view spec);
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) { return {p.first + index, 0, 0}; }
};

template <class Op>
struct Binade32 : ClassDefaults {
    static_assert(kUnaryBinary32<Op>);
    static constexpr std::string_view name = "binade32:E";
    static constexpr std::string_view prefix = "binade32:";
    static constexpr std::string_view guarantee = "the 2^24 values with exponent field E (0 to 255), both signs";
    static constexpr uint64_t size = uint64_t{1} << 24;
    static constexpr bool in_all = false;
    static constexpr bool exhaustive = true;
    static constexpr KeyRule key_rule = KeyRule::full_spec;
    static ClassArguments parse(std::string_view args, std::string_view spec);
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        return {((index >> 23) << 31) | (p.first << 23) | (index & 0x7fffffu), 0, 0};
    }
};

// The operands of a TestFloat file of the op's function (corpus/testfloat_file.h), by line.
template <class Op>
struct VectorFile : ClassDefaults {
    static_assert(!Op::testfloat.empty());
    static constexpr std::string_view name = "testfloat:PATH";
    static constexpr std::string_view prefix = "testfloat:";
    static constexpr std::string_view guarantee =
        "the operands of a TestFloat file of the op's function; its expected results are cross-checked "
        "against MPFR and any disagreement is reported";
    static constexpr uint64_t size = 0;  // the file's lines
    static constexpr bool in_all = false;
    static constexpr bool vector_file = true;
    static constexpr KeyRule key_rule = KeyRule::none;
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) { return p.vectors[index]; }
};

// The classes of an op with one binary32 operand: exhaustive sweeps, then the random ones.
template <class Op>
using Unary32Classes = TypeList<All32<Op>, Range32<Op>, Binade32<Op>, UniformBits<Op>, RandomNormal<Op>,
                                SubnormalOperand<Op>, BoundaryValues<Op>>;

ClassArguments parse_range32(std::string_view args, std::string_view spec);
ClassArguments parse_binade32(std::string_view args, std::string_view spec);

template <class Op>
ClassArguments Range32<Op>::parse(std::string_view args, std::string_view spec) {
    return parse_range32(args, spec);
}
template <class Op>
ClassArguments Binade32<Op>::parse(std::string_view args, std::string_view spec) {
    return parse_binade32(args, spec);
}

}  // namespace fpv::generic
