// What the integer-only emulations of binary64 add, sub, mul and fma share: taking an operand
// apart into an integer significand and exponent, the right shift that keeps a sticky bit, the
// NaN and zero rules, and the one rounding step, round_and_pack, that turns an intermediate
// result into the correctly rounded binary64 in any of the four rounding modes.
//
// No floating-point operation anywhere, only 64-bit integer arithmetic, umul64hi and clz64: on
// a GPU with few FP64 units these run on the integer pipes, and on the host and the device they
// compute the same bits.
#pragma once

#include <array>
#include <string_view>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/impl_traits.h"
#include "core/portability.h"
#include "ops/binary64/emulation.h"
#include "core/joined_text.h"

namespace fpv::int_emulation {

using b64::kInfinity;
using b64::kMaxFinite;
using b64::kSign;
using binary64_emulation::kDefaultNan;  // x86's answer to inf - inf and 0 * inf
using binary64_emulation::kQuietBit;
using binary64_emulation::kVariants;
using binary64_emulation::mode_index;
inline constexpr uint64_t kMantissa = b64::kMantissaMask;
inline constexpr uint64_t kHiddenBit = b64::kMinNormal;
inline constexpr int32_t kMaxBiasedExponent = 2046;  // of finite numbers

// The intermediate format that round_and_pack reads: the value sig * 2^(exp - 1085), so that
// with sig's leading one at bit 62 exp is the biased exponent of a normal result. Bits 61..10
// are then the 52 stored mantissa bits and bits 9..0 lie below the last place: bit 9 is worth
// half an ulp, bits 8..0 are nonzero exactly when more remains below (the sticky bits).
inline constexpr int kRoundBits = 10;
inline constexpr uint64_t kHalfUlp = uint64_t{1} << (kRoundBits - 1);
inline constexpr uint64_t kLeadingBit = uint64_t{1} << 62;

// A finite nonzero magnitude as the integer sig * 2^(exp - 1075): sig < 2^53 holds the hidden
// bit of normal numbers; subnormals count with exponent 1, so that exponents differ by the
// distance of the significands' last places.
struct Unpacked {
    uint64_t sig;
    int32_t exp;
};

FPV_HD FPV_INLINE Unpacked unpack_magnitude(uint64_t magnitude) {
    const int32_t field = static_cast<int32_t>(magnitude >> 52);
    const uint64_t mantissa = magnitude & kMantissa;
    return field == 0 ? Unpacked{mantissa, 1} : Unpacked{mantissa | kHiddenBit, field};
}

// The same with a subnormal's leading one moved up to bit 52 (its exponent then below 1):
// products need both significands full to place the leading bit of the product.
FPV_HD FPV_INLINE Unpacked unpack_normalized(uint64_t magnitude) {
    Unpacked u = unpack_magnitude(magnitude);
    const int shift = clz64(u.sig) - 11;
    u.sig <<= shift;
    u.exp -= shift;
    return u;
}

// v / 2^n, with any bit shifted out ORed into bit 0: rounding to odd at that bit. Rounding the
// result again to a place at least two bits higher gives what rounding v directly would, in
// every mode, so each step of an emulation may shift this way.
FPV_HD FPV_INLINE uint64_t shift_right_sticky(uint64_t v, int n) {
    if (n == 0) return v;
    if (n >= 64) return v != 0 ? 1 : 0;
    return (v >> n) | ((v << (64 - n)) != 0 ? 1 : 0);
}

using b64::is_nan;
FPV_HD FPV_INLINE uint64_t quieted(uint64_t nan) { return nan | kQuietBit; }

// The sign of an exact zero sum of opposite signs (IEEE 754 6.3): +0, except toward -infinity.
template <Rounding R>
FPV_HD FPV_INLINE constexpr uint64_t cancelled_zero() {
    return R == Rounding::rd ? kSign : 0;
}

// A result beyond the largest finite number: an infinity, or the largest finite number where
// the mode rounds toward zero for that sign.
template <Rounding R>
FPV_HD FPV_INLINE uint64_t overflowed(uint64_t sign) {
    const bool to_infinity = R == Rounding::rn || (R == Rounding::ru && sign == 0) || (R == Rounding::rd && sign != 0);
    return sign | (to_infinity ? kInfinity : kMaxFinite);
}

// Whether to add one unit in the last place to `kept`, given the bits below it.
template <Rounding R>
FPV_HD FPV_INLINE bool rounds_up(uint64_t sign, uint64_t kept, uint64_t below) {
    switch (R) {
        case Rounding::rz: return false;
        case Rounding::ru: return below != 0 && sign == 0;
        case Rounding::rd: return below != 0 && sign != 0;
        case Rounding::rn: break;
    }
    return below > kHalfUlp || (below == kHalfUlp && (kept & 1) != 0);
}

// The correctly rounded binary64 of (-1)^sign * sig * 2^(exp - 1085), sign being 0 or kSign.
// sig < 2^63, with its leading one at bit 62 unless exp <= 1 (a subnormal range value may come
// unnormalised). Below exponent 1 the significand is shifted down to exponent 1 first, sticky,
// which is gradual underflow. A rounding that carries out of the significand lands on the next
// binade by the addition itself, and on the infinity from the largest binade: only the modes
// that round up in magnitude ever carry, and for them that is the right overflow.
template <Rounding R>
FPV_HD FPV_INLINE uint64_t round_and_pack(uint64_t sign, int32_t exp, uint64_t sig) {
    if (exp > kMaxBiasedExponent) return overflowed<R>(sign);
    if (exp < 1) {
        sig = shift_right_sticky(sig, 1 - exp);
        exp = 1;
    }
    const uint64_t kept = sig >> kRoundBits;
    const uint64_t below = sig & ((uint64_t{1} << kRoundBits) - 1);
    // The hidden bit of kept adds one to the exponent field: exp - 1 makes it exp; a subnormal
    // (exp 1, no hidden bit) gets field 0.
    const uint64_t packed = (static_cast<uint64_t>(exp - 1) << 52) + kept;
    return sign | (packed + (rounds_up<R>(sign, kept, below) ? 1 : 0));
}

// The claims of each op's four emulations, in the order of kVariants.
inline constexpr std::array<std::string_view, 4> kClaims = {
    "correctly rounded (claimed)", "correctly rounded toward zero (claimed)",
    "correctly rounded toward +infinity (claimed)", "correctly rounded toward -infinity (claimed)"};
inline constexpr std::string_view kDomain = "all binary64 operands (subnormals kept, no flushing)";
inline constexpr std::string_view kBoundSource =
    "IEEE 754-2019; rounding to odd before the one rounding (ops/binary64/int_emulation.h)";

inline constexpr std::array<std::string_view, 4> kRoundingWords = {
    "round to nearest even", "round toward zero", "round toward +infinity", "round toward -infinity"};

// "integer-only emulation of binary64 <noun> (no FP64 unit), <rounding>"
template <Rounding R, const std::string_view& kNoun>
struct SummaryParts {
    static constexpr std::array<std::string_view, 4> parts = {"integer-only emulation of binary64 ", kNoun,
                                                              " (no FP64 unit), ", kRoundingWords[mode_index(R)]};
};

// An op's emulation rounding in mode R (ops/<op>/impls.h), but for its run: the spec, its
// summary built from the noun of the op's operation, so that the four ops' read alike.
template <Rounding R, const std::string_view& kNoun>
struct Emulation : PortableImpl {
    static constexpr ImplSpec spec{.variant = kVariants[mode_index(R)],
                                   .summary = JoinedText<SummaryParts<R, kNoun>>::view,
                                   .domain = kDomain,
                                   .claim = kClaims[mode_index(R)],
                                   .rounding = R,
                                   .bound_source = kBoundSource,
                                   .nans = NanRule::propagate};
};

}  // namespace fpv::int_emulation
