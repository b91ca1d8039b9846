// The inputs of one evaluation. Every op's operands fit in two 64-bit words: two binary64
// values, one binary32 value, or two float-float pairs (each packed hi:lo into one word).
#pragma once

#include <cstdint>

namespace fpv {

struct Operands {
    uint64_t a = 0;
    uint64_t b = 0;

    bool operator==(const Operands&) const = default;
};

}  // namespace fpv
