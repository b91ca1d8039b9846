// Binary32 and binary64 arithmetic with the rounding spelled out: round to nearest even, never
// contracted into an FMA. On the device plain a * b + c may become an FMA (nvcc's default);
// the _rn intrinsics never do. On the host fpverify is compiled as ISO C++ (no contraction) for
// x86-64's SSE arithmetic, which rounds every operation to its type.
#pragma once

#include <cmath>
#include <type_traits>

#include "core/portability.h"

namespace fpv::rn {

enum class Operation { add, sub, mul, div };

template <Operation kOp, class T>
FPV_HD FPV_INLINE T apply(T a, T b) {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
#if defined(__CUDA_ARCH__)
    if constexpr (std::is_same_v<T, float>) {
        if constexpr (kOp == Operation::add) return __fadd_rn(a, b);
        if constexpr (kOp == Operation::sub) return __fsub_rn(a, b);
        if constexpr (kOp == Operation::mul) return __fmul_rn(a, b);
        if constexpr (kOp == Operation::div) return __fdiv_rn(a, b);
    } else {
        if constexpr (kOp == Operation::add) return __dadd_rn(a, b);
        if constexpr (kOp == Operation::sub) return __dsub_rn(a, b);
        if constexpr (kOp == Operation::mul) return __dmul_rn(a, b);
        if constexpr (kOp == Operation::div) return __ddiv_rn(a, b);
    }
#else
    if constexpr (kOp == Operation::add) return a + b;
    if constexpr (kOp == Operation::sub) return a - b;
    if constexpr (kOp == Operation::mul) return a * b;
    if constexpr (kOp == Operation::div) return a / b;
#endif
}

template <class T> FPV_HD FPV_INLINE T add(T a, T b) { return apply<Operation::add>(a, b); }
template <class T> FPV_HD FPV_INLINE T sub(T a, T b) { return apply<Operation::sub>(a, b); }
template <class T> FPV_HD FPV_INLINE T mul(T a, T b) { return apply<Operation::mul>(a, b); }
template <class T> FPV_HD FPV_INLINE T div(T a, T b) { return apply<Operation::div>(a, b); }

// The square root, correctly rounded (-prec-sqrt=false changes binary32's alone).
template <class T>
FPV_HD FPV_INLINE T sqrt(T a) {
    static_assert(std::is_same_v<T, double>, "binary64 only: approximate builds change binary32's square root");
#if defined(__CUDA_ARCH__)
    return __dsqrt_rn(a);
#else
    return std::sqrt(a);
#endif
}

// a * b + c with a single rounding.
template <class T>
FPV_HD FPV_INLINE T fma(T a, T b, T c) {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
#if defined(__CUDA_ARCH__)
    if constexpr (std::is_same_v<T, float>) {
        return __fmaf_rn(a, b, c);
    } else {
        return __fma_rn(a, b, c);
    }
#else
    return std::fma(a, b, c);
#endif
}

}  // namespace fpv::rn
