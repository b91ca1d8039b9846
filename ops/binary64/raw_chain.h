// How `bench --raw` chains calls of a binary64 op (verifier/gpu/raw_throughput.cu): every
// operand of the next call is made from this call's result or from the operands before, so
// none is loop-invariant and the compiler can hoist nothing out of the loop (the seed post's
// benchmark held the divisor fixed, which lets it hoist the divisor's reciprocal). Exponents are
// pinned to [1, 4) so the values stay ordinary instead of drifting to zero, infinity or a fixed
// point; significands keep changing.
#pragma once

#include "core/binary64.h"
#include "core/op_traits.h"

namespace fpv {

// `bits` with its exponent field replaced by that of 1 or 2 (by `which`'s low bit), its sign
// cleared unless `keep_sign`.
FPV_HD FPV_INLINE uint64_t ordinary(uint64_t bits, uint64_t which, bool keep_sign) {
    const uint64_t sign = keep_sign ? bits & b64::kSign : 0;
    return sign | (uint64_t{0x3ffu + (which & 1)} << 52) | (bits & b64::kMantissaMask);
}

template <int kArity, bool kSigned>
struct Binary64Chain {
    FPV_HD static Operands start(uint64_t thread) {
        const uint64_t mix = thread * 0x9e3779b97f4a7c15ull;
        return {ordinary(mix, 0, false), ordinary(mix >> 7, 1, kSigned), ordinary(mix >> 13, 0, false)};
    }
    FPV_HD static Operands next(Operands in, uint64_t result) {
        // The result's bits mixed with the operand before it, so that a fixed point of the
        // function (sqrt's 1, 1/x's cycle) never freezes the chain.
        const uint64_t fresh = result ^ (in.a >> 9);
        if constexpr (kArity == 1) return {ordinary(fresh, result >> 52, false), 0, 0};
        const uint64_t flipped = in.a ^ (result << 63);  // signed ops: the sign from the result's last bit
        if constexpr (kArity == 2) return {ordinary(fresh, result >> 52, false), ordinary(flipped, in.b >> 1, kSigned), 0};
        return {ordinary(fresh, result >> 52, false), ordinary(in.c, in.a, false), ordinary(flipped, in.b, kSigned)};
    }
};

}  // namespace fpv
