// The number formats of operands and results, the rounding modes an impl may claim, and the
// metrics by which results are judged: the vocabulary of op traits (core/op_traits.h).
#pragma once

#include <cstdint>
#include <string_view>

#include "core/portability.h"

namespace fpv {

enum class Format : uint8_t {
    binary32,  // in the lower half of a word
    binary64,
    pair32,    // a float-float value hi + lo, packed hi:lo
    entry,     // not a number: a matrix entry's row and column, packed row:column
    word,      // not a number: a key or a description that an op's generators read
};

// Whether words of the format are numbers (the others are coordinates and keys, which an op
// reads itself).
FPV_HD constexpr bool is_number(Format f) { return f == Format::binary32 || f == Format::binary64 || f == Format::pair32; }

// The parameters of a binary interchange format (not of pair32, which has none of its own).
struct BinaryFormat {
    int width;                // bits
    int precision;            // significand bits, the hidden one included
    int min_exponent;         // of normal numbers: floor(log2) of the least normal
    int max_exponent;         // floor(log2) of the largest finite number
    int error_precision;      // bits MPFR keeps of an exact value when it measures an error
    uint64_t canonical_nan;   // the quiet NaN a reference returns (MPFR has no payloads)
};

FPV_HD constexpr BinaryFormat binary_format(Format f) {
    return f == Format::binary64 ? BinaryFormat{64, 53, -1022, 1023, 256, 0x7ff8000000000000ull}
                                 : BinaryFormat{32, 24, -126, 127, 128, 0x7fc00000u};
}

constexpr std::string_view format_name(Format f) {
    switch (f) {
        case Format::binary64: return "binary64";
        case Format::binary32: return "binary32";
        case Format::pair32: return "float-float pair";
        case Format::entry: return "matrix entry";
        case Format::word: break;
    }
    return "key";
}

// Bit masks of a binary format's fields, in the low bits of a word.
FPV_HD constexpr uint64_t sign_bit(Format f) { return uint64_t{1} << (binary_format(f).width - 1); }
FPV_HD constexpr uint64_t magnitude_mask(Format f) { return sign_bit(f) - 1; }
FPV_HD constexpr uint64_t infinity_bits(Format f) {
    const BinaryFormat b = binary_format(f);
    return ((uint64_t{1} << (b.width - b.precision)) - 1) << (b.precision - 1);
}
FPV_HD constexpr uint64_t min_normal_bits(Format f) { return uint64_t{1} << (binary_format(f).precision - 1); }

// Classification of a word holding a value of a binary format; bits above the format's width
// make a word no value of it.
FPV_HD constexpr bool fits(Format f, uint64_t w) { return f == Format::binary64 || (w >> 32) == 0; }
FPV_HD constexpr bool is_nan(Format f, uint64_t w) {
    return fits(f, w) && (w & magnitude_mask(f)) > infinity_bits(f);
}
FPV_HD constexpr bool is_infinite(Format f, uint64_t w) { return (w & magnitude_mask(f)) == infinity_bits(f); }
FPV_HD constexpr bool is_zero(Format f, uint64_t w) { return (w & magnitude_mask(f)) == 0; }

// Whether two results count as the same answer: the same bits, or both NaN (pairs: the same bits).
FPV_HD constexpr bool same_answer(Format f, uint64_t x, uint64_t y) {
    return x == y || (f != Format::pair32 && is_nan(f, x) && is_nan(f, y));
}

// A subnormal flushed to the zero of its sign (flush-to-zero builds); other values unchanged.
FPV_HD constexpr uint64_t flush_subnormal(Format f, uint64_t w) {
    return (w & infinity_bits(f)) == 0 ? w & sign_bit(f) : w;
}

enum class Rounding : uint8_t { rn, rz, ru, rd };

constexpr std::string_view rounding_name(Rounding r) {
    switch (r) {
        case Rounding::rz: return "rz";
        case Rounding::ru: return "ru";
        case Rounding::rd: return "rd";
        case Rounding::rn: break;
    }
    return "rn";
}

// What an impl returns for a NaN result, checked by `--strict-nan` (TestFloat's -checkNaNs);
// without it any NaN matches any NaN. Every rule requires a quiet NaN.
enum class NanRule : uint8_t {
    any,          // claims nothing beyond IEEE's quiet NaN
    operand,      // IEEE 754's advice: one of the NaN operands, quieted (which one unspecified)
    propagate,    // x86's rule: the first NaN operand, quieted; invalid operations any quiet NaN
    canonical,    // always the one canonical NaN of the impl (ImplSpec::canonical_nan)
};

constexpr std::string_view nan_rule_name(NanRule r) {
    switch (r) {
        case NanRule::operand: return "operand";
        case NanRule::propagate: return "propagate";
        case NanRule::canonical: return "canonical";
        case NanRule::any: break;
    }
    return "any";
}

// A NaN of a binary format whose quiet bit (the top mantissa bit) is clear.
FPV_HD constexpr uint64_t quiet_bit(Format f) { return uint64_t{1} << (binary_format(f).precision - 2); }
FPV_HD constexpr bool is_signalling_nan(Format f, uint64_t w) { return is_nan(f, w) && (w & quiet_bit(f)) == 0; }

enum class Metric : uint8_t {
    correctly_rounded,  // bit-exact or an error in ulps of the exact result
    relative_u2,        // relative error in units of u^2 = 2^-48 (u = 2^-24): float-float ops
    // |result - exact| / (eps * sum |a_i b_i|), eps = 2^-52: a matrix product's entry, in the
    // units its error bounds are stated in (Higham's gamma_k; the grading tests' "Grade A")
    componentwise,
};

}  // namespace fpv
