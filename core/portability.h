// One source for host and device: the markers that make a function compile for both, and the
// few integer and bit operations emulation code relies on, with host versions that compute what
// CUDA's intrinsics compute.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define FPV_HD __host__ __device__
#define FPV_INLINE __forceinline__
#define FPV_NOINLINE __noinline__
#else
#define FPV_HD
#define FPV_INLINE inline
#define FPV_NOINLINE __attribute__((noinline))
#endif

// A table that both the host and the device can index at run time. Device code reads it
// from constant memory; host code from an ordinary array. Both come from one initialiser.
#if defined(__CUDACC__)
#define FPV_TABLE(type, name, ...)                                                   \
    static __constant__ const type name##_device_[] = {__VA_ARGS__};                 \
    static constexpr type name##_host_[] = {__VA_ARGS__};                            \
    static constexpr unsigned name##_size = sizeof(name##_host_) / sizeof(type);     \
    FPV_HD FPV_INLINE type name(unsigned i) {                                        \
        FPV_TABLE_PICK(name##_device_[i], name##_host_[i]);                          \
    }
#if defined(__CUDA_ARCH__)
#define FPV_TABLE_PICK(dev, host) return dev
#else
#define FPV_TABLE_PICK(dev, host) return host
#endif
#else
#define FPV_TABLE(type, name, ...)                                                   \
    static constexpr type name##_host_[] = {__VA_ARGS__};                            \
    static constexpr unsigned name##_size = sizeof(name##_host_) / sizeof(type);     \
    inline type name(unsigned i) { return name##_host_[i]; }
#endif

namespace fpv {

// The same bits as another type of the same size (both compilers have the builtin).
template <class To, class From>
FPV_HD FPV_INLINE constexpr To bit_cast(From value) {
    static_assert(sizeof(To) == sizeof(From));
    return __builtin_bit_cast(To, value);
}

FPV_HD FPV_INLINE constexpr uint64_t bits_of(double d) { return bit_cast<uint64_t>(d); }
FPV_HD FPV_INLINE constexpr uint32_t bits_of(float f) { return bit_cast<uint32_t>(f); }
FPV_HD FPV_INLINE constexpr double double_of(uint64_t u) { return bit_cast<double>(u); }
FPV_HD FPV_INLINE constexpr float float_of(uint32_t u) { return bit_cast<float>(u); }

FPV_HD FPV_INLINE uint64_t umul64hi(uint64_t a, uint64_t b) {
#if defined(__CUDA_ARCH__)
    return __umul64hi(a, b);
#else
    return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
#endif
}

// Count of leading zero bits; 64 for zero, as __clzll documents.
FPV_HD FPV_INLINE int clz64(uint64_t a) {
#if defined(__CUDA_ARCH__)
    return __clzll(static_cast<long long>(a));
#else
    return a == 0 ? 64 : __builtin_clzll(a);
#endif
}

FPV_HD FPV_INLINE int clz32(uint32_t a) {
#if defined(__CUDA_ARCH__)
    return __clz(static_cast<int>(a));
#else
    return a == 0 ? 32 : __builtin_clz(a);
#endif
}

// llabs() as the GPU computes it: two's complement wrap-around, so that the most negative
// value maps to itself instead of being undefined behaviour on the host.
FPV_HD FPV_INLINE int64_t wrapping_abs64(int64_t v) {
    const uint64_t u = static_cast<uint64_t>(v);
    return static_cast<int64_t>(v < 0 ? 0 - u : u);
}

}  // namespace fpv
