// The float-float pair format (Format::pair32): the unevaluated sum hi + lo of two binary32
// numbers, packed hi:lo into one word (hi in the upper half). A lone binary32 operand sits in
// the lower half of its word.
#pragma once

#include "core/portability.h"

namespace fpv {

struct Pair {
    float hi, lo;
};

FPV_HD FPV_INLINE uint64_t pack(Pair p) { return (uint64_t{bits_of(p.hi)} << 32) | bits_of(p.lo); }

FPV_HD FPV_INLINE Pair unpack(uint64_t word) {
    return {float_of(static_cast<uint32_t>(word >> 32)), float_of(static_cast<uint32_t>(word))};
}

// The binary32 in the lower half of an operand word.
FPV_HD FPV_INLINE float single(uint64_t word) { return float_of(static_cast<uint32_t>(word)); }

FPV_HD FPV_INLINE uint64_t word_of(float f) { return bits_of(f); }

}  // namespace fpv
