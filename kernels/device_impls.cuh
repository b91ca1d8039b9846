// Implementations that exist only on the GPU.
#pragma once

#include "kernels/portability.h"

namespace fpv::div64 {

__device__ __forceinline__ uint64_t cuda_divide(uint64_t x, uint64_t y) {
    return bits_of(__ddiv_rn(double_of(x), double_of(y)));
}

}  // namespace fpv::div64
