// MPFR, the authority every verdict defers to: correctly rounded results of any op in its
// result format and any rounding mode, with full IEEE semantics (subnormals, signed zeros,
// infinities, NaNs) or a flush-to-zero reading; errors in ulps of the exact value; and the
// exact sums of binary64 terms that float-float verdicts are made of. One object per thread.
#pragma once

#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/op_traits.h"
#include "core/operands.h"
#include "reference/ff_verdict.h"

namespace fpv {

// MPFR's exponent range set to [emin, emax] for the duration of a scope (the widest one by
// default, for exact values beyond any binary format), then restored.
class ScopedExponentRange {
public:
    ScopedExponentRange(mpfr_exp_t emin = mpfr_get_emin_min(), mpfr_exp_t emax = mpfr_get_emax_max())
        : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
        mpfr_set_emin(emin);
        mpfr_set_emax(emax);
    }
    ~ScopedExponentRange() {
        mpfr_set_emin(emin_);
        mpfr_set_emax(emax_);
    }
    ScopedExponentRange(const ScopedExponentRange&) = delete;
    ScopedExponentRange& operator=(const ScopedExponentRange&) = delete;

private:
    mpfr_exp_t emin_, emax_;
};

// MPFR's exponent range for a binary format: with mpfr_subnormalize, values rounded into it are
// the format's, subnormals included.
constexpr mpfr_exp_t mpfr_emin(Format f) {
    const BinaryFormat b = binary_format(f);
    return b.min_exponent - b.precision + 2;
}
constexpr mpfr_exp_t mpfr_emax(Format f) { return binary_format(f).max_exponent + 1; }

constexpr mpfr_rnd_t mpfr_rounding(Rounding r) {
    switch (r) {
        case Rounding::rz: return MPFR_RNDZ;
        case Rounding::ru: return MPFR_RNDU;
        case Rounding::rd: return MPFR_RNDD;
        case Rounding::rn: break;
    }
    return MPFR_RNDN;
}

// An op's MPFR reference (its `reference` trait) that is one MPFR function of its operands.
template <int (*F)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t)>
struct MpfrOfOne {
    static int mpfr(mpfr_ptr out, const mpfr_srcptr* in, mpfr_rnd_t rounding) { return F(out, in[0], rounding); }
};
template <int (*F)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t)>
struct MpfrOfTwo {
    static int mpfr(mpfr_ptr out, const mpfr_srcptr* in, mpfr_rnd_t rounding) { return F(out, in[0], in[1], rounding); }
};

template <int (*F)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t)>
struct MpfrOfThree {
    static int mpfr(mpfr_ptr out, const mpfr_srcptr* in, mpfr_rnd_t rounding) {
        return F(out, in[0], in[1], in[2], rounding);
    }
};

// 1/x.
struct MpfrReciprocal {
    static int mpfr(mpfr_ptr out, const mpfr_srcptr* in, mpfr_rnd_t rounding) { return mpfr_ui_div(out, 1, in[0], rounding); }
};

// IEEE 754-2008's rSqrt: 1/sqrt(x), with rSqrt(+-0) = +-inf (MPFR's rec_sqrt gives +inf for -0).
struct MpfrRecSqrt754 {
    static int mpfr(mpfr_ptr out, const mpfr_srcptr* in, mpfr_rnd_t rounding) {
        if (mpfr_zero_p(in[0])) {
            mpfr_set_inf(out, mpfr_signbit(in[0]) ? -1 : 1);
            return 0;
        }
        return mpfr_rec_sqrt(out, in[0], rounding);
    }
};

// Loads a binary64 bit pattern into a 53-bit custom-interface variable whose significand is
// `limb` (exact, including subnormals, signed zeros, infinities and NaN): a shift instead of a
// general conversion, which halves the reference's cost.
inline void load_binary64(mpfr_ptr v, mp_limb_t* limb, uint64_t bits) {
    const int sign = (bits & b64::kSign) != 0 ? -1 : 1;
    const uint64_t magnitude = bits & ~b64::kSign;
    if (magnitude >= b64::kInfinity) {
        const int kind = magnitude == b64::kInfinity ? MPFR_INF_KIND : MPFR_NAN_KIND;
        mpfr_custom_init_set(v, sign * kind, 0, 53, limb);
        return;
    }
    if (magnitude == 0) {
        mpfr_custom_init_set(v, sign * MPFR_ZERO_KIND, 0, 53, limb);
        return;
    }
    // value = significand * 2^lsb = (limb / 2^64) * 2^(lsb + 1 + top), limb normalised.
    const b64::Decomposed d = b64::decompose(magnitude);
    const int top = 63 - clz64(d.significand);
    *limb = static_cast<mp_limb_t>(d.significand << (63 - top));
    mpfr_custom_init_set(v, sign * MPFR_REGULAR_KIND, d.lsb_exponent + 1 + top, 53, limb);
}

// The bit pattern of a 53-bit variable that holds a binary64 value (after mpfr_subnormalize in
// binary64's exponent range). NaN becomes the canonical quiet NaN.
inline uint64_t store_binary64(mpfr_srcptr v) {
    const int kind = mpfr_custom_get_kind(v);
    const uint64_t sign = kind < 0 ? b64::kSign : 0;
    switch (kind < 0 ? -kind : kind) {
        case MPFR_NAN_KIND: return binary_format(Format::binary64).canonical_nan;
        case MPFR_INF_KIND: return sign | b64::kInfinity;
        case MPFR_ZERO_KIND: return sign;
        default: break;
    }
    const long e = static_cast<long>(mpfr_custom_get_exp(v));  // value = 0.1xxx * 2^e
    const uint64_t limb = *static_cast<const mp_limb_t*>(mpfr_custom_get_significand(v));
    if (e - 1 >= b64::kMinExponent) {
        return sign | (static_cast<uint64_t>(e - 1 + 1023) << 52) | ((limb >> 11) & b64::kMantissaMask);
    }
    return sign | (limb >> (-e - 1010));  // subnormal: limb * 2^(e - 64) / 2^-1074
}

// Per-thread MPFR state. Construction sets the thread's exponent range to binary64's (where
// binary64 results need no further care), destruction restores it; other formats and the error
// measurements scope their own ranges. Not copyable: hold one per thread.
class MpfrReference {
public:
    MpfrReference();
    ~MpfrReference();

    // The correctly rounded result of Op on `in`, as a bit pattern of its result format. With
    // `ftz`, subnormal operands read as zeros of their sign, and a result that is tiny after
    // rounding (below the least normal once rounded with an unbounded exponent, x86's rule)
    // becomes a zero of its sign. NaN results are the format's canonical NaN.
    template <class Op>
    uint64_t correctly_rounded(const Operands& in, Rounding rounding, bool ftz);

    // |result - exact| in ulps of the exact result, ulp(v) = 2^(max(floor(log2|v|), emin) - p + 1)
    // with the exponent unbounded above, so results at and beyond overflow get finite errors,
    // rounded toward zero to binary64 (its bin is the exact error's); an infinite result for a
    // finite value (or the wrong infinity) has infinite error, and so has a NaN exact value. The exact value has the flushed operands with `ftz`.
    template <class Op>
    double ulp_error(const Operands& in, uint64_t result, bool ftz) {
        return difference<Op>(in, result, ftz, Difference::ulps);
    }
    // |result - exact|, rounded up to binary64, for claims of an absolute error (CUDA's
    // __sinf); infinite as above.
    template <class Op>
    double absolute_error(const Operands& in, uint64_t result, bool ftz) {
        return difference<Op>(in, result, ftz, Difference::absolute);
    }
    // |result - exact| / |exact|, rounded up to binary64, for claims of a relative error
    // (tanh.approx.f32); infinite as above, and where the exact value is zero and the result
    // is not (zero where both are).
    template <class Op>
    double relative_error(const Operands& in, uint64_t result, bool ftz) {
        return difference<Op>(in, result, ftz, Difference::relative);
    }

    // Float-float measures (reference/ff_verdict.h), with MPFR's correctly rounded sums.
    template <class Terms>
    FloatFloatMeasure measure(const FloatFloatComponents& c, uint64_t result);
    template <class Terms>
    bool results_differ(const FloatFloatComponents& a, const FloatFloatComponents& b);

private:
    // Its variables point into its own limbs: a copy would share them.
    MpfrReference(const MpfrReference&) = delete;
    MpfrReference& operator=(const MpfrReference&) = delete;

    // The operands of Op in MPFR variables of their formats (flushed with `ftz`), in `x`.
    template <class Op>
    void load(const Operands& in, bool ftz, mpfr_srcptr* x);
    mpfr_ptr result_variable(Format f) { return f == Format::binary64 ? result64_ : result32_; }
    enum class Difference { ulps, absolute, relative };
    template <class Op>
    double difference(const Operands& in, uint64_t result, bool ftz, Difference measure);
    template <Format kResult>
    static long ulp_exponent_of(mpfr_srcptr v);
    template <Format kResult>
    double truncated_ulps(mpfr_srcptr r, mpfr_srcptr q, long ulp_exponent, bool& exactly);
    template <Format kResult>
    bool bracketed_ulps(mpfr_srcptr r, mpfr_srcptr low, mpfr_ptr high, double& out);
    mpfr_ptr error_variable(Format f) { return f == Format::binary64 ? exact256_ : exact128_; }
    mpfr_ptr difference_variable(Format f) { return f == Format::binary64 ? diff256_ : diff128_; }
    template <Format kFormat>
    static uint64_t store(mpfr_srcptr v) {
        if constexpr (kFormat == Format::binary64) {
            return store_binary64(v);
        } else {
            return bits_of(mpfr_get_flt(v, MPFR_RNDN));  // exact: v holds a binary32 value
        }
    }
    FloatFloatMeasure finish_measure(bool quotient, const FloatFloatComponents& c);
    void sum(mpfr_ptr into, const double* terms, int n);

    // Binary64 operands and results live in limbs of our own (MPFR's custom interface).
    mp_limb_t operand_limbs_[kMaxOperands] = {}, result_limb_ = 0, error_limb_ = 0;
    mpfr_t operand64_[kMaxOperands], operand32_[kMaxOperands];
    mpfr_t result64_, result32_, error64_, error32_;  // at the format's precision
    mpfr_t exact256_, diff256_, far256_, exact128_, diff128_, far128_;  // wide, for errors in ulps
    mp_limb_t term_limbs_[ffv::kMaxTerms] = {};
    mpfr_t terms_[ffv::kMaxTerms];
    mpfr_ptr term_pointers_[ffv::kMaxTerms];
    mpfr_t sum_exact_, sum_difference_, ratio_;  // precision 64
    mpfr_exp_t saved_emin_, saved_emax_;
};

template <class Op>
void MpfrReference::load(const Operands& in, bool ftz, mpfr_srcptr* x) {
    // Unrolled at compile time: each operand's format is known, and this runs for every input.
    [&]<int... I>(std::integer_sequence<int, I...>) {
        (
            [&] {
                constexpr Format f = operand_format<Op, I>;
                const uint64_t word = ftz ? flush_subnormal(f, in.word(I)) : in.word(I);
                if constexpr (f == Format::binary64) {
                    load_binary64(operand64_[I], &operand_limbs_[I], word);
                    x[I] = operand64_[I];
                } else {
                    mpfr_set_flt(operand32_[I], float_of(static_cast<uint32_t>(word)), MPFR_RNDN);
                    x[I] = operand32_[I];
                }
            }(),
            ...);
    }(std::make_integer_sequence<int, arity<Op>>{});
}

template <class Op>
uint64_t MpfrReference::correctly_rounded(const Operands& in, Rounding rounding, bool ftz) {
    constexpr Format kResult = Op::result;
    constexpr BinaryFormat kFormat = binary_format(kResult);
    const mpfr_rnd_t rnd = mpfr_rounding(rounding);
    mpfr_srcptr x[kMaxOperands] = {};
    mpfr_ptr out = result_variable(kResult);
    // IEEE 754 (7.2): an operation on a signalling NaN is invalid and delivers a quiet NaN, even
    // where a quiet NaN would give a number (pow(NaN, 0) = 1, hypot(inf, NaN) = inf). MPFR has
    // no signalling NaNs.
    for (int i = 0; i < arity<Op>; ++i) {
        const Format f = Op::operands[static_cast<size_t>(i)].format;
        if ((f == Format::binary32 || f == Format::binary64) && is_signalling_nan(f, in.word(i))) return kFormat.canonical_nan;
    }
    if (ftz) {
        // Flush what is tiny after rounding: rounding to the subnormal format first would keep
        // results just below the least normal as the least normal.
        const ScopedExponentRange unbounded;
        load<Op>(in, true, x);
        Op::reference::mpfr(out, x, rnd);
        if (mpfr_nan_p(out)) return kFormat.canonical_nan;
        if (mpfr_regular_p(out) && mpfr_get_exp(out) <= kFormat.min_exponent) {
            return mpfr_signbit(out) ? sign_bit(kResult) : 0;
        }
        return kResult == Format::binary64 ? bits_of(mpfr_get_d(out, rnd)) : bits_of(mpfr_get_flt(out, rnd));
    }
    // Binary64's range is the thread's already; another format scopes its own.
    const auto evaluate = [&] {
        load<Op>(in, false, x);
        const int inexact = Op::reference::mpfr(out, x, rnd);
        if (mpfr_nan_p(out)) return kFormat.canonical_nan;
        if (mpfr_regular_p(out) && mpfr_get_exp(out) <= kFormat.min_exponent) mpfr_subnormalize(out, inexact, rnd);
        return store<kResult>(out);
    };
    if constexpr (kResult == Format::binary64) {
        return evaluate();
    } else {
        const ScopedExponentRange range(mpfr_emin(kResult), mpfr_emax(kResult));
        return evaluate();
    }
}

// log2 of the ulp of v's binade in kResult's format (of zero and of subnormals below it).
template <Format kResult>
long MpfrReference::ulp_exponent_of(mpfr_srcptr v) {
    constexpr BinaryFormat kFormat = binary_format(kResult);
    if (mpfr_zero_p(v)) return kFormat.min_exponent - kFormat.precision + 1;
    const long floor_log2 = static_cast<long>(mpfr_get_exp(v)) - 1;
    return (floor_log2 < kFormat.min_exponent ? kFormat.min_exponent : floor_log2) - kFormat.precision + 1;
}

// |r - q| / 2^ulp_exponent rounded toward zero to binary64 (infinite from 2^1024 on), and
// whether that is its value exactly.
template <Format kResult>
double MpfrReference::truncated_ulps(mpfr_srcptr r, mpfr_srcptr q, long ulp_exponent, bool& exactly) {
    mpfr_ptr diff = difference_variable(kResult);
    const int rounded = mpfr_sub(diff, r, q, MPFR_RNDZ);  // toward zero twice is toward zero once
    mpfr_abs(diff, diff, MPFR_RNDZ);
    mpfr_mul_2si(diff, diff, -ulp_exponent, MPFR_RNDZ);
    if (mpfr_regular_p(diff) && mpfr_get_exp(diff) > 1024) {
        exactly = false;
        return std::numeric_limits<double>::infinity();
    }
    const double out = mpfr_get_d(diff, MPFR_RNDZ);
    exactly = rounded == 0 && mpfr_cmp_d(diff, out) == 0;
    return out;
}

// The error in ulps of r, rounded toward zero, for an exact value q strictly between `low` (q
// rounded toward zero, not zero) and its neighbour away from zero, made in `high`: false where
// the two ends do not settle it. q lies in low's binade (the neighbour may be the next power of
// two, which q never reaches), and an error at the open end is never reached either: where it
// is a binary64 number just above the other end's, the error truncates to the other end's.
template <Format kResult>
bool MpfrReference::bracketed_ulps(mpfr_srcptr r, mpfr_srcptr low, mpfr_ptr high, double& out) {
    mpfr_set(high, low, MPFR_RNDN);  // of low's precision: its neighbour is low's
    if (mpfr_signbit(low)) {
        mpfr_nextbelow(high);
    } else {
        mpfr_nextabove(high);
    }
    const long ulp_exponent = ulp_exponent_of<kResult>(low);
    bool near_exactly = false, far_exactly = false;
    const double near = truncated_ulps<kResult>(r, low, ulp_exponent, near_exactly);
    const double far = truncated_ulps<kResult>(r, high, ulp_exponent, far_exactly);
    out = near;
    return near == far || (far_exactly && far > near && near == std::nextafter(far, 0.0));
}

template <class Op>
double MpfrReference::difference(const Operands& in, uint64_t result, bool ftz, Difference measure) {
    constexpr Format kResult = Op::result;
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    const ScopedExponentRange wide;
    mpfr_srcptr x[kMaxOperands] = {};
    load<Op>(in, ftz, x);
    mpfr_ptr exact = error_variable(kResult);
    // In ulps: the exact value toward zero, and whether it was exact. An overflow of MPFR's own
    // range (exp of 10^30) is an infinity as to nearest; an underflow leaves a zero.
    const bool in_ulps = measure == Difference::ulps;
    mpfr_clear_flags();
    const int inexact = Op::reference::mpfr(exact, x, in_ulps ? MPFR_RNDZ : MPFR_RNDN);
    if (mpfr_overflow_p()) mpfr_set_inf(exact, mpfr_signbit(exact) ? -1 : 1);
    if (mpfr_nan_p(exact)) return kInfinity;
    if (is_nan(kResult, result)) return std::numeric_limits<double>::quiet_NaN();
    const bool result_infinite = is_infinite(kResult, result);
    if (mpfr_inf_p(exact) || result_infinite) {
        const bool same = mpfr_inf_p(exact) && result_infinite &&
                          (mpfr_signbit(exact) != 0) == ((result & sign_bit(kResult)) != 0);
        return same ? 0.0 : kInfinity;
    }
    mpfr_ptr r = kResult == Format::binary64 ? error64_ : error32_;
    if (kResult == Format::binary64) {
        load_binary64(r, &error_limb_, result);
    } else {
        mpfr_set_flt(r, float_of(static_cast<uint32_t>(result)), MPFR_RNDN);
    }
    if (!in_ulps) {
        // Rounded up from MPFR's value of the exact one (within 2^-128 of it, relatively), so
        // that an error at most a claim's bound is one whose exact value is, but for that.
        mpfr_ptr diff = difference_variable(kResult);
        mpfr_sub(diff, r, exact, MPFR_RNDA);
        mpfr_abs(diff, diff, MPFR_RNDU);
        if (measure == Difference::relative) {
            if (mpfr_zero_p(exact)) return mpfr_zero_p(diff) ? 0.0 : kInfinity;
            mpfr_div(diff, diff, exact, MPFR_RNDA);
            mpfr_abs(diff, diff, MPFR_RNDU);
        }
        return mpfr_get_d(diff, MPFR_RNDU);
    }
    // Toward zero, so that floor(log2) of the error, its bin in the histograms, is the exact
    // error's: to nearest, an error just below a power of two (a result one step below 1 for a
    // value a hair below 1) would count in the bin above. The exact value lies between `exact`
    // and its neighbour away from zero; where the errors from the two differ (the value within
    // 2^-128 of a binary32 number, say sin x for a tiny x, where the bin turns), a wider
    // evaluation decides (Ziv's strategy).
    bool exactly = false;
    const long ulp_exponent = ulp_exponent_of<kResult>(exact);
    const double plain = truncated_ulps<kResult>(r, exact, ulp_exponent, exactly);
    if (inexact == 0) return plain;
    if (mpfr_zero_p(exact)) {
        // Below MPFR's least number: |r| ulps, less a hair where r has the exact value's sign.
        const bool same_side = mpfr_zero_p(r) || mpfr_signbit(r) == mpfr_signbit(exact);
        return same_side && plain > 0 ? std::nextafter(plain, 0.0) : plain;
    }
    double answer = plain;
    if (bracketed_ulps<kResult>(r, exact, kResult == Format::binary64 ? far256_ : far128_, answer)) return answer;
    for (mpfr_prec_t precision = 2 * mpfr_get_prec(exact); precision <= 4096; precision *= 2) {
        mpfr_t low, high;
        mpfr_inits2(precision, low, high, static_cast<mpfr_ptr>(nullptr));
        const bool settled = Op::reference::mpfr(low, x, MPFR_RNDZ) == 0;
        answer = truncated_ulps<kResult>(r, low, ulp_exponent_of<kResult>(low), exactly);
        const bool agree = settled || bracketed_ulps<kResult>(r, low, high, answer);
        mpfr_clears(low, high, static_cast<mpfr_ptr>(nullptr));
        if (agree) break;
    }
    return answer;
}

template <class Terms>
FloatFloatMeasure MpfrReference::measure(const FloatFloatComponents& c, uint64_t result) {
    double exact[4] = {}, error[ffv::kMaxTerms] = {};
    const int n_exact = Terms::exact(c, exact);
    const int n_error = ffv::error_terms<Terms>(c, result, exact, n_exact, error);
    sum(sum_exact_, exact, n_exact);
    sum(sum_difference_, error, n_error);
    return finish_measure(Terms::quotient, c);
}

template <class Terms>
bool MpfrReference::results_differ(const FloatFloatComponents& a, const FloatFloatComponents& b) {
    // mpfr_sum is correctly rounded, so it is zero only when the exact difference is.
    double terms[ffv::kMaxTerms] = {};
    const int n = ffv::difference_terms<Terms>(a, b, terms);
    sum(sum_difference_, terms, n);
    return mpfr_zero_p(sum_difference_) == 0;
}

}  // namespace fpv
