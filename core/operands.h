// The inputs of one evaluation: up to three 64-bit words, one per operand (an op reads as many
// as its arity). A word holds a binary64 value, a binary32 value in its lower half, or a
// float-float pair packed hi:lo (hi in the upper half); words an op does not read are zero.
#pragma once

#include <cstdint>

#include "core/portability.h"

namespace fpv {

inline constexpr int kMaxOperands = 3;

struct Operands {
    uint64_t a = 0;
    uint64_t b = 0;
    uint64_t c = 0;

    FPV_HD uint64_t word(int i) const { return i == 0 ? a : i == 1 ? b : c; }
    FPV_HD void set_word(int i, uint64_t w) { (i == 0 ? a : i == 1 ? b : c) = w; }

    bool operator==(const Operands&) const = default;
};

}  // namespace fpv
