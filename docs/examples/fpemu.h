// A plug-in that brings NVIDIA's cuda::experimental::fpemu (CCCL) under test: its binary64 add,
// sub, mul, div, fma and sqrt, at accuracy high in all four rounding modes and at mid and low
// rounding to nearest, each held to what fpemu's documentation (cuda/__fp/fpemu.h) claims:
//
//   high  "correctly rounded, full IEEE-754 range including infinities, NaNs, and subnormals";
//         NaNs as x86 returns them (the first NaN operand, quieted).
//   mid   "up to 1-2 least significant mantissa bits of error, limited INF, NaN and subnormal
//         support": 2 ulp on zeros and normal numbers, operands and result.
//   low   "up to half of the mantissa bits may be lost", same range: 2^26 ulp.
//
// fpverify compiles it for the host (with g++) and for its GPU kernels (with nvcc); fpemu is
// written for both. Build it in with the include path of CCCL's libcudacxx:
//
//     make EXTRA_IMPLS=docs/examples/fpemu.h EXTRA_INCLUDES=../shared/third_party/cccl/libcudacxx/include
//     build/release/fpverify list impls | grep fpemu
//     build/release/fpverify run --db fpemu.db --impl add64.fpemu_high,fma64.fpemu_high_rz --classes all
#pragma once

#include <cuda/fpemu>

namespace fpemu_example {

namespace fx = cuda::experimental;
using Word = unsigned long long;
constexpr fx::fpemu_accuracy high = fx::fpemu_accuracy::high;
constexpr fx::fpemu_accuracy mid = fx::fpemu_accuracy::mid;
constexpr fx::fpemu_accuracy low = fx::fpemu_accuracy::low;

// fpemu<double> is bit-identical to a binary64 (its documentation says to bit_cast it).
template <fx::fpemu_accuracy A>
FPV_HD inline fx::fpemu<double, A> in(Word w) {
    return cuda::std::bit_cast<fx::fpemu<double, A>>(w);
}
template <fx::fpemu_accuracy A>
FPV_HD inline Word out(fx::fpemu<double, A> v) {
    return cuda::std::bit_cast<Word>(v);
}

// fpemu's own overloads of CUDA's intrinsic names, found by argument-dependent lookup.
template <fx::fpemu_accuracy A> FPV_HD inline Word add_rn(Word a, Word b) { return out<A>(__dadd_rn(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word add_rz(Word a, Word b) { return out<A>(__dadd_rz(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word add_ru(Word a, Word b) { return out<A>(__dadd_ru(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word add_rd(Word a, Word b) { return out<A>(__dadd_rd(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word sub_rn(Word a, Word b) { return out<A>(__dsub_rn(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word sub_rz(Word a, Word b) { return out<A>(__dsub_rz(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word sub_ru(Word a, Word b) { return out<A>(__dsub_ru(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word sub_rd(Word a, Word b) { return out<A>(__dsub_rd(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word mul_rn(Word a, Word b) { return out<A>(__dmul_rn(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word mul_rz(Word a, Word b) { return out<A>(__dmul_rz(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word mul_ru(Word a, Word b) { return out<A>(__dmul_ru(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word mul_rd(Word a, Word b) { return out<A>(__dmul_rd(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word div_rn(Word a, Word b) { return out<A>(__ddiv_rn(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word div_rz(Word a, Word b) { return out<A>(__ddiv_rz(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word div_ru(Word a, Word b) { return out<A>(__ddiv_ru(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word div_rd(Word a, Word b) { return out<A>(__ddiv_rd(in<A>(a), in<A>(b))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word fma_rn(Word a, Word b, Word c) { return out<A>(__fma_rn(in<A>(a), in<A>(b), in<A>(c))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word fma_rz(Word a, Word b, Word c) { return out<A>(__fma_rz(in<A>(a), in<A>(b), in<A>(c))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word fma_ru(Word a, Word b, Word c) { return out<A>(__fma_ru(in<A>(a), in<A>(b), in<A>(c))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word fma_rd(Word a, Word b, Word c) { return out<A>(__fma_rd(in<A>(a), in<A>(b), in<A>(c))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word sqrt_rn(Word a) { return out<A>(__dsqrt_rn(in<A>(a))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word sqrt_rz(Word a) { return out<A>(__dsqrt_rz(in<A>(a))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word sqrt_ru(Word a) { return out<A>(__dsqrt_ru(in<A>(a))); }
template <fx::fpemu_accuracy A> FPV_HD inline Word sqrt_rd(Word a) { return out<A>(__dsqrt_rd(in<A>(a))); }

// mid's and low's domain: zeros and normal numbers, among the operands (unused ones are 0) and
// the result, exact and rounded: no subnormals, infinities or NaNs, no underflow.
inline bool zero_or_normal(Word w) {
    const Word field = (w >> 52) & 0x7ff;
    return (w << 1) == 0 || (field != 0 && field != 0x7ff);
}
inline bool normal_range(const fpv::Operands& in, uint64_t expected, bool tiny) {
    return zero_or_normal(in.a) && zero_or_normal(in.b) && zero_or_normal(in.c) && zero_or_normal(expected) && !tiny;
}

}  // namespace fpemu_example

// X(op, variant, function, where, "domain", bound, claims): bound in ulps (0: correctly rounded);
// claims as PluginClaims (core/impl_traits.h): rounding mode, NaN rule, domain predicate.
#define FPEMU_OP(X, op, name)                                                                                    \
    X(op, fpemu_high, fpemu_example::name##_rn<fpemu_example::high>, cpu_gpu, "all binary64 operands", 0,      \
      .nans = fpv::NanRule::propagate)                                                                          \
    X(op, fpemu_high_rz, fpemu_example::name##_rz<fpemu_example::high>, cpu_gpu, "all binary64 operands", 0,   \
      .rounding = fpv::Rounding::rz, .nans = fpv::NanRule::propagate)                                           \
    X(op, fpemu_high_ru, fpemu_example::name##_ru<fpemu_example::high>, cpu_gpu, "all binary64 operands", 0,   \
      .rounding = fpv::Rounding::ru, .nans = fpv::NanRule::propagate)                                           \
    X(op, fpemu_high_rd, fpemu_example::name##_rd<fpemu_example::high>, cpu_gpu, "all binary64 operands", 0,   \
      .rounding = fpv::Rounding::rd, .nans = fpv::NanRule::propagate)                                           \
    X(op, fpemu_mid, fpemu_example::name##_rn<fpemu_example::mid>, cpu_gpu,                                     \
      "zeros and normal numbers (operands and result)", 2, .in_domain = &fpemu_example::normal_range)          \
    X(op, fpemu_low, fpemu_example::name##_rn<fpemu_example::low>, cpu_gpu,                                     \
      "zeros and normal numbers (operands and result)", 67108864, .in_domain = &fpemu_example::normal_range)

#define FPV_PLUGIN_IMPLS(X)        \
    FPEMU_OP(X, add64, add)        \
    FPEMU_OP(X, sub64, sub)        \
    FPEMU_OP(X, mul64, mul)        \
    FPEMU_OP(X, div64, div)        \
    FPEMU_OP(X, fma64, fma)        \
    FPEMU_OP(X, sqrt64, sqrt)
