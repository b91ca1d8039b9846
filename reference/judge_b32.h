// Judging binary32 ops (sqrt, reciprocal square root, reciprocal, division) and the binary32 to
// binary64 conversion against MPFR, with IEEE semantics or in flush-to-zero mode.
#pragma once

#include <mpfr.h>

#include "corpus/operands.h"
#include "kernels/catalogue.h"
#include "reference/reference_mode.h"
#include "reference/verdict.h"

namespace fpv {

// Per-thread MPFR state for binary32 ops.
class Binary32Reference {
public:
    Binary32Reference();
    ~Binary32Reference();
    Binary32Reference(const Binary32Reference&) = delete;
    Binary32Reference& operator=(const Binary32Reference&) = delete;

    // The correctly rounded binary32 result of op on (a, b). In flush-to-zero mode subnormal
    // operands read as zeros of their sign, and a result that is tiny after rounding (below
    // 2^-126 once rounded to 24 bits with an unbounded exponent, x86's rule) becomes a zero of
    // its sign.
    uint32_t correctly_rounded(OpId op, uint32_t a, uint32_t b, bool ftz);

    // |result - exact| in ulps of the exact result (ulp(v) = 2^(max(floor(log2|v|), -126) - 23),
    // the exponent unbounded above); the exact value has the flushed operands in FTZ mode.
    double ulp_error(OpId op, uint32_t a, uint32_t b, uint32_t result, bool ftz);

    // The exact binary64 value of a binary32 (f2d's reference), through MPFR.
    uint64_t widened(uint32_t a);

    // The same answers from the host's own IEEE 754 arithmetic, exact by that standard: the
    // conversion float -> double, and binary32 sqrt, 1/x and x/y (SSE rounds to nearest and
    // keeps subnormals unless a program changes MXCSR, which fpverify never does).
    static bool has_fast_reference(OpId op);
    static uint64_t host_widened(uint32_t a);
    static uint32_t host_correctly_rounded(OpId op, uint32_t a, uint32_t b, bool ftz);
    // ulp_error() for quotients (div32, and rcp32 as 1/x) from the exact residual r y - x, one
    // FMA in binary64, divided by y: one rounding of the exact error, as MPFR's (see the .cpp).
    // False where that residual may not be exact (r far from x/y) or a value is not finite
    // and nonzero: MPFR must measure those.
    static bool host_quotient_ulp_error(OpId op, uint32_t a, uint32_t b, uint32_t result, bool ftz, double& error);

    // The verdict on `result` for this impl: its ulp bound, its documented domain, FTZ mode.
    // With the fast reference, MPFR recomputes the cross_checked() inputs, and its answer wins
    // where the two differ (the verdict then says reference_conflict).
    Verdict judge(const ImplInfo& impl, const Operands& in, uint64_t result,
                  ReferenceMode mode = ReferenceMode::mpfr);

private:
    uint32_t expected32(OpId op, uint32_t a, uint32_t b, bool ftz, bool fast, Verdict& v);

    bool exact_value(OpId op, uint32_t a, uint32_t b, bool ftz, mpfr_ptr out);

    mpfr_t x_, y_, r_, wide_, diff_;
};

// f2d's error metric: |result - a| in ulps of binary64 at a (2^(max(floor(log2|a|), -1022) - 52)),
// in host arithmetic, which is exact here up to one rounding; +inf for NaN or infinity mixed up.
double binary64_ulp_error(uint32_t a, uint64_t result);

// How many representable binary32 numbers separate x from y (non-NaN; infinities count as
// one step beyond the largest finite number, the zeros as one number).
int64_t representable_steps(uint32_t x, uint32_t y);

// A subnormal binary32 flushed to the zero of its sign; other values unchanged.
uint32_t flush_subnormal32(uint32_t bits);

}  // namespace fpv
