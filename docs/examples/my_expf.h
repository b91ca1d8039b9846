// A plug-in for fpverify: someone's own binary32 e^x, for the host and the GPU, verified over
// all 2^32 inputs without forking fpverify:
//
//     make EXTRA_IMPLS=docs/examples/my_expf.h
//     build/release/fpverify run --db mine.db --impl exp32.my_expf --classes specials,all32
//
// On the GPU each result is judged beside CUDA's binary64 exp, as CUDA's own expf is
// (docs/math32.md); on the host by CORE-MATH or MPFR.
#pragma once

// x = k ln 2 + r with |r| <= ln(2)/2 (k by rounding x / ln 2, r in two steps), e^r by a degree-7
// polynomial, then 2^k applied in two halves so that a subnormal result is rounded once. Every
// operation is spelled as its rounding (__fmaf_rn, __fmul_rn): the host and the GPU compute the
// same bits.
FPV_HD inline unsigned long long my_expf(unsigned long long xa) {
    const unsigned bits = static_cast<unsigned>(xa);
    const float x = __uint_as_float(bits);
    if (x != x) return bits | 0x00400000u;                       // a NaN, quieted
    if (x > 88.7228394f) return 0x7f800000u;                     // e^x past the largest finite
    if (x < -103.972084f) return 0;                               // below half the least subnormal
    const float shifted = __fadd_rn(__fmul_rn(x, 1.44269502f), 12582912.0f);  // 1.5 * 2^23
    const float k = __fsub_rn(shifted, 12582912.0f);
    float r = __fmaf_rn(-k, 0.693145752f, x);                    // ln 2, its high 16 bits
    r = __fmaf_rn(-k, 1.42860677e-6f, r);                        // and the rest
    float p = 1.98412701e-4f;                                    // 1/7!
    p = __fmaf_rn(p, r, 1.38888892e-3f);                         // 1/6!
    p = __fmaf_rn(p, r, 8.33333377e-3f);                         // 1/5!
    p = __fmaf_rn(p, r, 4.16666679e-2f);                         // 1/4!
    p = __fmaf_rn(p, r, 0.166666672f);                           // 1/3!
    p = __fmaf_rn(p, r, 0.5f);
    p = __fmaf_rn(p, r, 1.0f);
    p = __fmaf_rn(p, r, 1.0f);
    const int ki = static_cast<int>(k);
    const int half = ki / 2;
    const float first = __int_as_float((half + 127) << 23), second = __int_as_float((ki - half + 127) << 23);
    return __float_as_uint(__fmul_rn(__fmul_rn(p, first), second));
}

// The registration: X(op, variant, function, where it runs, "its domain", bound in ulps, the
// distance to the correctly rounded result in binary32 numbers, as NVIDIA states its own).
#define FPV_PLUGIN_IMPLS(X) X(exp32, my_expf, my_expf, cpu_gpu, "every binary32 input", 1)
