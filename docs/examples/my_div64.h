// A plug-in for fpverify: someone's own binary64 division for FP64-poor GPUs, written for CUDA
// and verified without forking fpverify:
//
//     make EXTRA_IMPLS=docs/examples/my_div64.h
//     build/release/fpverify run --db mine.db --impl div64.my_newton --classes all --count 1e6
//
// The one change from the CUDA original: the inline PTX
//     asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(y));
// became fpv_rcp_approx_ftz_f64(y), and __device__ became FPV_HD. The CUDA intrinsics
// (__longlong_as_double, __double_as_longlong, __fma_rn) stay as they are.
#pragma once

// The reciprocal seed refined by two Newton steps in double arithmetic, then the quotient
// corrected once by its residual: right for most ordinary operands, but rcp.approx.ftz flushes
// subnormal divisors (an infinite seed), an overflowing quotient meets an infinite residual
// (NaN), and one correction misrounds some quotients next to midpoints; fpverify's classes say
// where.
FPV_HD inline unsigned long long my_newton_divide(unsigned long long xa, unsigned long long ya) {
    const double x = __longlong_as_double(xa), y = __longlong_as_double(ya);
    double r = fpv_rcp_approx_ftz_f64(y);
    double e = __fma_rn(-y, r, 1.0);
    r = __fma_rn(r, e, r);
    e = __fma_rn(-y, r, 1.0);
    r = __fma_rn(r, e, r);
    double q = __dmul_rn(x, r);
    const double residual = __fma_rn(-y, q, x);
    q = __fma_rn(residual, r, q);
    return __double_as_longlong(q);
}

// The registration: X(op, variant, function, where it runs, "its domain", bound).
//   where: cpu, gpu or cpu_gpu; bound: ulps for div64 (0: correctly rounded), u^2 for
//   float-float ops (-1: none).
#define FPV_PLUGIN_IMPLS(X) X(div64, my_newton, my_newton_divide, cpu_gpu, "all binary64 operands", 0)
