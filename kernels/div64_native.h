// Native binary64 division: the host FPU's (CPU only), a baseline that must never fail.
#pragma once

#include "kernels/portability.h"

namespace fpv::div64 {

inline uint64_t host_divide(uint64_t x, uint64_t y) { return bits_of(double_of(x) / double_of(y)); }

}  // namespace fpv::div64
