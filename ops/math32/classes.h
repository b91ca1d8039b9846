// The input classes of the binary32 math functions beyond the generic ones: Annex F's special
// values with the thresholds where the functions change behaviour, alone (unary functions) or
// crossed with each other (functions of two arguments), and for pow, atan2 and hypot the classes
// of ops/math32/pair_classes.h.
#pragma once

#include "corpus/class_traits.h"
#include "corpus/generic_classes.h"
#include "ops/math32/pair_classes.h"

namespace fpv::math32 {

// C99 Annex F (F.9) states each function's results at these points; the rest are where one of
// the functions overflows, underflows, reaches an exact value or changes its formula.
FPV_TABLE(uint32_t, annex_f_value,
    0x00000000u, 0x80000000u,  // +-0
    0x7f800000u, 0xff800000u,  // +-infinity
    0x7fc00000u, 0xffc00000u,  // +-quiet NaN
    0x7fa00000u, 0x7fc00123u,  // a signalling NaN, a quiet NaN with a payload
    0x3f800000u, 0xbf800000u,  // +-1 (log, acos, atanh, pow's base, cospi)
    0x3f000000u, 0xbf000000u,  // +-0.5 (sinpi, cospi: zeros and ones)
    0x40000000u, 0xc0000000u,  // +-2
    0x40400000u, 0xc0400000u,  // +-3 (pow: odd integer exponent)
    0x3fc00000u, 0xbfc00000u,  // +-1.5 (pow: half-integer exponent, cospi)
    0x3f7fffffu, 0x3f800001u,  // the neighbours of 1
    0xbf7fffffu, 0xbf800001u,  // the neighbours of -1
    0x00000001u, 0x80000001u,  // +-least subnormal
    0x007fffffu, 0x807fffffu,  // +-largest subnormal
    0x00800000u, 0x80800000u,  // +-least normal
    0x7f7fffffu, 0xff7fffffu,  // +-largest finite
    0x4b000000u, 0xcb000000u,  // +-2^23, where every binary32 is an integer
    0x4affffffu, 0xcaffffffu,  // +-(2^23 - 0.5), the largest half-integers
    0x4b800000u, 0xcb800000u,  // +-2^24, every binary32 an even integer
    0x40490fdbu, 0xc0490fdbu,  // +-pi rounded
    0x3fc90fdbu, 0xbfc90fdbu,  // +-pi/2 rounded
    0x42b17217u, 0x42b17218u,  // e^x: the largest finite, the least overflowing
    0xc2aeac4fu, 0xc2aeac50u,  // e^x: about the least normal result
    0xc2cff1b4u, 0xc2cff1b5u,  // e^x: about half the least subnormal
    0x43000000u, 0xc3160000u,  // 2^x: 128 overflows, -150 rounds to zero
    0x421a209au, 0x421a209bu,  // 10^x: about the overflow threshold
    0x42b2d4fcu, 0x42b2d4fdu,  // cosh, sinh: about the overflow threshold
    0x39800000u, 0xb9800000u,  // +-2^-12: tiny, where f(x) ~ x or 1 + x
    0x33800000u, 0xb3800000u,  // +-2^-24
    0x5f800000u, 0xdf800000u,  // +-2^64: large, trig reduction
    0x41100000u, 0xc1100000u)  // +-9: erf at 1, erfc underflowing

// Where C99 Annex F (F.9; C23's F.10 for sinpi, cospi and exp10) states a math function's result:
// at an operand that is a signed zero, an infinity or a NaN, and, for pow, at base +1
// (pow(+1, y) = 1 for every y, a NaN included). Where that result is a binary32 number (exp(+-0) =
// 1, tanh(+-inf) = +-1, erfc(-inf) = 2, pow(x, +-0) = 1), an impl must return it whatever its
// bound in ulps (core/op_traits.h, special_value_stated). Annex F states every such value of
// these functions but erfc(+-0) = 1, which is held to alike.
template <int kArity, bool kBaseOne = false>
struct AnnexFStates {
    static bool states(const Operands& in) {
        for (int i = 0; i < kArity; ++i) {
            const uint32_t magnitude = static_cast<uint32_t>(in.word(i)) & 0x7fffffffu;
            if (magnitude == 0 || magnitude >= 0x7f800000u) return true;
        }
        return kBaseOne && in.a == 0x3f800000u;
    }
};

using PowAnnexFStates = AnnexFStates<2, true>;

// Unary functions: every value above.
template <class Op>
struct AnnexF : ClassDefaults {
    static_assert(arity<Op> == 1 && operand_format<Op, 0> == Format::binary32);
    static constexpr std::string_view name = "specials";
    static constexpr std::string_view guarantee =
        "C99 Annex F's special values (signed zeros, infinities, NaNs, +-1, +-0.5, integers and half-integers) "
        "and the functions' thresholds (overflow and underflow of exp, exp2, exp10, sinh, cosh; +-pi, +-pi/2; "
        "tiny and huge arguments), each judged against MPFR, the sign of a zero included";
    static constexpr uint64_t size = annex_f_value_size;
    static constexpr bool special_values = true;
    FPV_HD static Operands generate(const ClassParams&, uint64_t index) {
        return {annex_f_value(static_cast<unsigned>(index)), 0, 0};
    }
};

// Functions of two arguments: every pair of the values above, the first varying slowest.
template <class Op>
struct AnnexFGrid : ClassDefaults {
    static_assert(arity<Op> == 2);
    static constexpr std::string_view name = "specials";
    static constexpr std::string_view guarantee =
        "every pair of C99 Annex F's special values and the thresholds of the unary functions' specials "
        "(pow's integer, half-integer and +-1 arguments among them), judged against MPFR, the sign of a zero "
        "included";
    static constexpr uint64_t size = uint64_t{annex_f_value_size} * annex_f_value_size;
    static constexpr bool special_values = true;
    FPV_HD static Operands generate(const ClassParams&, uint64_t index) {
        return {annex_f_value(static_cast<unsigned>(index / annex_f_value_size)),
                annex_f_value(static_cast<unsigned>(index % annex_f_value_size)), 0};
    }
};

template <class Op>
using UnaryClasses = TypeList<generic::All32<Op>, generic::Range32<Op>, generic::Binade32<Op>, generic::UniformBits<Op>,
                              generic::RandomNormal<Op>, generic::SubnormalOperand<Op>, AnnexF<Op>>;
template <class Op>
using BinaryClasses = TypeList<generic::UniformBits<Op>, generic::RandomNormal<Op>, AnnexFGrid<Op>>;
template <class Op>
using PowClasses = TypeList<generic::UniformBits<Op>, generic::RandomNormal<Op>, AnnexFGrid<Op>, PowThresholds<Op>,
                            PowIntegerExponents<Op>>;
template <class Op>
using RatioClasses = TypeList<generic::UniformBits<Op>, generic::RandomNormal<Op>, AnnexFGrid<Op>, Ratios<Op>>;

}  // namespace fpv::math32
