// The native reciprocal square root: CUDA's rsqrt(), not correctly rounded; the CUDA C++
// Programming Guide bounds its error by 1 ulp. The host has no such instruction for binary64.
#pragma once

#include "ops/binary64/rounded_natives.h"

namespace fpv::rsqrt64 {

struct CudaRsqrt : DeviceImpl<> {
    static constexpr ImplSpec spec{.variant = "cuda",
                                   .summary = "CUDA's rsqrt(x) (baseline, not correctly rounded)",
                                   .domain = "all binary64 operands",
                                   .claim = "1 ulp",
                                   .bound = 1,
                                   .bound_source = "CUDA C++ Programming Guide, double-precision functions: rsqrt 1 ulp"};
#if defined(__CUDACC__)
    __device__ static uint64_t run(uint64_t x) { return bits_of(rsqrt(double_of(x))); }
#endif
};

}  // namespace fpv::rsqrt64
