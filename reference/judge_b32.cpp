#include "reference/judge_b32.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/portability.h"
#include "reference/classify.h"
#include "reference/mpfr_binary64.h"

namespace fpv {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr uint32_t kNaN32 = 0x7fc00000u;


bool is_nan32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
bool is_zero32(uint32_t b) { return (b & 0x7fffffffu) == 0; }

bool same_answer32(uint32_t a, uint32_t b) { return a == b || (is_nan32(a) && is_nan32(b)); }

}  // namespace

int64_t representable_steps(uint32_t x, uint32_t y) {
    // Floats in order map to consecutive integers: -0 and +0 both to 0.
    const auto ordinal = [](uint32_t bits) {
        const int64_t magnitude = bits & 0x7fffffffu;
        return (bits >> 31) != 0 ? -magnitude : magnitude;
    };
    const int64_t d = ordinal(x) - ordinal(y);
    return d < 0 ? -d : d;
}

uint32_t flush_subnormal32(uint32_t bits) {
    return (bits & 0x7f800000u) == 0 ? bits & 0x80000000u : bits;
}

Binary32Reference::Binary32Reference() {
    mpfr_inits2(24, x_, y_, r_, static_cast<mpfr_ptr>(nullptr));
    mpfr_inits2(128, wide_, diff_, static_cast<mpfr_ptr>(nullptr));
}

Binary32Reference::~Binary32Reference() {
    mpfr_clears(x_, y_, r_, wide_, diff_, static_cast<mpfr_ptr>(nullptr));
}

// Computes op(a, b) into `out` at out's precision, rounded to nearest; false when the result
// is NaN. rSqrt(+-0) = +-inf as IEEE 754-2008 specifies (MPFR gives +inf for -0).
bool Binary32Reference::exact_value(OpId op, uint32_t a, uint32_t b, bool ftz, mpfr_ptr out) {
    if (ftz) {
        a = flush_subnormal32(a);
        b = flush_subnormal32(b);
    }
    mpfr_set_flt(x_, float_of(a), MPFR_RNDN);
    mpfr_set_flt(y_, float_of(b), MPFR_RNDN);
    int inexact = 0;
    switch (op) {
        case OpId::sqrt32: inexact = mpfr_sqrt(out, x_, MPFR_RNDN); break;
        case OpId::rsqrt32:
            if (is_zero32(a)) {
                mpfr_set_inf(out, (a >> 31) ? -1 : 1);
            } else {
                inexact = mpfr_rec_sqrt(out, x_, MPFR_RNDN);
            }
            break;
        case OpId::rcp32: inexact = mpfr_ui_div(out, 1, x_, MPFR_RNDN); break;
        case OpId::div32: inexact = mpfr_div(out, x_, y_, MPFR_RNDN); break;
        default: mpfr_set(out, x_, MPFR_RNDN); break;
    }
    if (mpfr_get_prec(out) == 24) mpfr_subnormalize(out, inexact, MPFR_RNDN);
    return !mpfr_nan_p(out);
}

uint32_t Binary32Reference::correctly_rounded(OpId op, uint32_t a, uint32_t b, bool ftz) {
    if (ftz) {
        // Flush what is tiny after rounding: rounded to 24 bits with an unbounded exponent,
        // below 2^-126 in magnitude (x86's rule under MXCSR.FTZ). Rounding to the subnormal
        // format first would keep results in [2^-126 - 2^-150, 2^-126 - 2^-151) as 2^-126.
        const ScopedExponentRange unbounded;
        if (!exact_value(op, a, b, true, r_)) return kNaN32;
        if (!mpfr_zero_p(r_) && !mpfr_inf_p(r_) && mpfr_get_exp(r_) < -125) {
            return mpfr_signbit(r_) ? 0x80000000u : 0u;
        }
        return bits_of(mpfr_get_flt(r_, MPFR_RNDN));
    }
    const ScopedExponentRange binary32(-148, 128);  // with mpfr_subnormalize: binary32's subnormals
    if (!exact_value(op, a, b, false, r_)) return kNaN32;
    return bits_of(mpfr_get_flt(r_, MPFR_RNDN));
}

double Binary32Reference::ulp_error(OpId op, uint32_t a, uint32_t b, uint32_t result, bool ftz) {
    const ScopedExponentRange wide;
    if (!exact_value(op, a, b, ftz, wide_)) return kInfinity;
    const float r = float_of(result);
    if (std::isinf(r) || mpfr_inf_p(wide_)) {
        const bool same = std::isinf(r) && mpfr_inf_p(wide_) && (mpfr_signbit(wide_) != 0) == std::signbit(r);
        return same ? 0.0 : kInfinity;
    }
    long ulp_exponent = -149;
    if (!mpfr_zero_p(wide_)) {
        const long floor_log2 = static_cast<long>(mpfr_get_exp(wide_)) - 1;
        ulp_exponent = (floor_log2 < -126 ? -126 : floor_log2) - 23;
    }
    mpfr_set_flt(diff_, r, MPFR_RNDN);
    mpfr_sub(diff_, diff_, wide_, MPFR_RNDN);
    mpfr_abs(diff_, diff_, MPFR_RNDN);
    mpfr_mul_2si(diff_, diff_, -ulp_exponent, MPFR_RNDN);
    return mpfr_get_d(diff_, MPFR_RNDN);
}

uint64_t Binary32Reference::widened(uint32_t a) {
    const float f = float_of(a);
    if (std::isnan(f)) return 0x7ff8000000000000ull;
    mpfr_set_flt(wide_, f, MPFR_RNDN);
    return bits_of(mpfr_get_d(wide_, MPFR_RNDN));
}

double binary64_ulp_error(uint32_t a, uint64_t result) {
    const float f = float_of(a);
    const double r = double_of(result);
    if (std::isnan(f) || std::isnan(r)) return kInfinity;
    if (std::isinf(f) || std::isinf(r)) return (std::isinf(f) && r == static_cast<double>(f)) ? 0.0 : kInfinity;
    // x = (double)f is exact, so r - x is one correctly rounded IEEE subtraction, and scaling
    // by a power of two is exact short of overflow, which gives +inf as MPFR would.
    const double x = f;
    int ulp_exponent = -1074;
    if (x != 0) ulp_exponent = std::max(std::ilogb(x), -1022) - 52;
    return std::ldexp(std::fabs(r - x), -ulp_exponent);
}

bool Binary32Reference::has_fast_reference(OpId op) {
    return op == OpId::f2d || op == OpId::sqrt32 || op == OpId::rcp32 || op == OpId::div32;
}

uint64_t Binary32Reference::host_widened(uint32_t a) {
    const float f = float_of(a);
    return std::isnan(f) ? 0x7ff8000000000000ull : bits_of(static_cast<double>(f));
}

uint32_t Binary32Reference::host_correctly_rounded(OpId op, uint32_t a, uint32_t b, bool ftz) {
    if (ftz) {
        a = flush_subnormal32(a);
        b = flush_subnormal32(b);
    }
    const float x = float_of(a), y = float_of(b);
    float r = x;
    switch (op) {
        case OpId::sqrt32: r = std::sqrt(x); break;
        case OpId::rcp32: r = 1.0f / x; break;
        case OpId::div32: r = x / y; break;
        default: break;
    }
    if (std::isnan(r)) return kNaN32;
    return ftz ? flush_subnormal32(bits_of(r)) : bits_of(r);
}

bool Binary32Reference::host_quotient_ulp_error(OpId op, uint32_t a, uint32_t b, uint32_t result, bool ftz,
                                                double& error) {
    if (op != OpId::div32 && op != OpId::rcp32) return false;
    if (ftz) {
        a = flush_subnormal32(a);
        b = flush_subnormal32(b);
    }
    const double x = op == OpId::rcp32 ? 1.0 : static_cast<double>(float_of(a));
    const double y = static_cast<double>(float_of(op == OpId::rcp32 ? a : b));
    const double r = float_of(result);
    if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(r) || x == 0 || y == 0) return false;
    // r y is exact in binary64 (two 24-bit significands); where |r y - x| <= |x| / 16 the two
    // differ in exponent by at most one, so the residual spans at most 50 bits: exact too.
    const double residual = std::fma(r, y, -x);
    if (std::fabs(residual) > std::fabs(x) * 0x1p-4) return false;
    // |r - x/y| = |residual / y|, rounded once; scaled by the ulp of x/y, exactly. The quotient
    // x/y of two binary32 never rounds up to a power of two in binary64 (it is at least 2^-25
    // away from one, relatively), so its binary64 exponent is floor(log2 |x/y|).
    const int ulp_exponent = std::max(std::ilogb(x / y), -126) - 23;
    error = std::ldexp(std::fabs(residual / y), -ulp_exponent);
    return true;
}

// Whether the host's answer can stand in FTZ mode: an IEEE result of +-2^-126 may come from a
// value that is tiny after rounding (see correctly_rounded), which only MPFR can tell.
static bool fast_answer_settled(uint32_t host, bool ftz) { return !ftz || (host & 0x7fffffffu) != 0x00800000u; }

// The expected binary32 answer, from the host when `fast`, with MPFR's check on the sample.
uint32_t Binary32Reference::expected32(OpId op, uint32_t a, uint32_t b, bool ftz, bool fast, Verdict& v) {
    if (!fast) return correctly_rounded(op, a, b, ftz);
    const uint32_t host = host_correctly_rounded(op, a, b, ftz);
    if (!fast_answer_settled(host, ftz)) return correctly_rounded(op, a, b, ftz);
    if (!cross_checked(a)) return host;
    const uint32_t mpfr = correctly_rounded(op, a, b, ftz);
    if (!same_answer32(host, mpfr)) {
        v.reference_conflict = true;
        v.conflicting = host;
        v.checked = mpfr;
    }
    return mpfr;
}

Verdict Binary32Reference::judge(const ImplInfo& impl, const Operands& in, uint64_t result,
                                 ReferenceMode mode) {
    const uint32_t a = static_cast<uint32_t>(in.a), b = static_cast<uint32_t>(in.b);
    const bool fast = mode == ReferenceMode::fast && has_fast_reference(impl.op);
    Verdict v;
    bool exact = false;
    if (impl.op == OpId::f2d) {
        v.expected = fast ? host_widened(a) : widened(a);
        if (fast && cross_checked(a)) {
            const uint64_t mpfr = widened(a);
            if (mpfr != v.expected) {
                v.reference_conflict = true;
                v.conflicting = v.expected;
                v.checked = mpfr;
                v.expected = mpfr;
            }
        }
        exact = result == v.expected || (std::isnan(double_of(result)) && std::isnan(double_of(v.expected)));
        if (!exact) {
            v.error = fpv::binary64_ulp_error(a, result);
            v.category = classify_binary64(v.expected, result, v.error);
        }
    } else {
        const uint32_t expected = expected32(impl.op, a, b, impl.ftz, fast, v);
        const uint32_t r = static_cast<uint32_t>(result);
        v.expected = expected;
        if (impl.ftz) {
            // What flushing cost: the IEEE answer differs from the flush-to-zero one.
            const bool touched = flush_subnormal32(a) != a || flush_subnormal32(b) != b ||
                                 flush_subnormal32(expected) != expected || is_zero32(expected);
            const uint32_t ieee = fast ? host_correctly_rounded(impl.op, a, b, false)
                                       : correctly_rounded(impl.op, a, b, false);
            v.ftz_changed = touched && !same_answer32(ieee, expected);
        }
        exact = same_answer32(r, expected);
        if (!exact) {
            double fast_error = 0;
            if (is_nan32(r) || is_nan32(expected)) {
                v.error = kInfinity;
            } else if (fast && host_quotient_ulp_error(impl.op, a, b, r, impl.ftz, fast_error)) {
                v.error = fast_error;
                if (cross_checked(a)) {
                    const double checked = ulp_error(impl.op, a, b, r, impl.ftz);
                    if (bits_of(checked) != bits_of(fast_error)) {
                        v.reference_conflict = true;
                        v.conflicting = bits_of(fast_error);
                        v.checked = bits_of(checked);
                        v.error = checked;
                    }
                }
            } else {
                v.error = ulp_error(impl.op, a, b, r, impl.ftz);
            }
            v.category = classify_binary32(expected, r, v.error);
            if (!is_nan32(r) && !is_nan32(expected)) v.steps = representable_steps(r, expected);
            // NVIDIA states its bounds as the distance to the correctly rounded result in ulps,
            // that is, in representable numbers; an infinity for a finite value never passes.
            const bool finite_pair = std::isfinite(float_of(r)) && std::isfinite(float_of(expected));
            if (impl.ulp_bound > 0 && finite_pair && static_cast<double>(v.steps) <= impl.ulp_bound) {
                v.category = Category::within_bound;
            }
        }
    }
    v.measured = !exact;
    v.wrong = v.failed();
    if (impl.in_domain != nullptr && !impl.in_domain(in.a, in.b)) {
        v.wrong = !exact;  // outside the claim: wrong means not the exact answer
        v.category = Category::outside_domain;
    }
    return v;
}

}  // namespace fpv
