// Judging float-float results and error-free transformations: MPFR sums the exact terms of the
// operation and of the result (products of two binary32 are exact in binary64), so the error
// r - x is obtained correctly rounded to 64 bits, and the relative error |r - x| / |x| follows.
// The verdict itself (domains, categories) is reference/ff_verdict.h, shared with the fast
// reference, which computes the same sums exactly in integer arithmetic.
#pragma once

#include <mpfr.h>

#include "corpus/operands.h"
#include "kernels/catalogue.h"
#include "reference/ff_verdict.h"
#include "reference/reference_mode.h"
#include "reference/verdict.h"

namespace fpv {

// The domain fpverify gives every float-float impl (on top of an impl's own condition, such as
// Fast2Sum's |a| >= |b|): finite operands, pair operands normalised (hi = RN(hi + lo)), every
// nonzero high part and lone binary32 within [2^-30, 2^30] in magnitude, and an exact result
// that is zero or within [2^-60, 2^62] (kDomain* in reference/ff_verdict.h). No operation of
// the algorithms then overflows, and any underflow affects a term below 2^-90 of the result,
// far below the bounds' u^2 = 2^-48.

FloatFloatClaim claim_of(const ImplInfo& impl);

// A float-float verdict as the tally takes it.
Verdict verdict_of(const CompactVerdict& v);

// Whether two verdicts are the same, bit for bit.
bool same_verdict(const CompactVerdict& a, const CompactVerdict& b);

// The inputs whose fast verdict MPFR recomputes: one in 1024, picked by a hash of both words.
constexpr bool cross_checked_pair(const Operands& in) {
    return ((in.a * 0x9e3779b97f4a7c15ull ^ in.b * 0xc2b2ae3d27d4eb4full) >> 54) == 0x2a5u;
}

// Per-thread MPFR state for float-float judging.
class FloatFloatReference {
public:
    FloatFloatReference();
    ~FloatFloatReference();
    FloatFloatReference(const FloatFloatReference&) = delete;
    FloatFloatReference& operator=(const FloatFloatReference&) = delete;

    // With ReferenceMode::fast the verdict comes from exact integer arithmetic
    // (judge_float_float_exactly), and MPFR recomputes the inputs that cross_checked_pair()
    // picks; its verdict wins any disagreement (reference_conflict). `precomputed`, when given,
    // is the fast verdict already computed elsewhere (the GPU).
    Verdict judge(const ImplInfo& impl, const Operands& in, uint64_t result,
                  ReferenceMode mode = ReferenceMode::mpfr, const CompactVerdict* precomputed = nullptr);

    // The verdict with MPFR's sums.
    CompactVerdict judge_with_mpfr(const FloatFloatClaim& claim, const Operands& in, uint64_t result);

    // The exact result of op on `in` rounded to binary64, and the relative error of `result` in
    // u^2 (+inf where the exact value is 0 and the result is not), by MPFR.
    FloatFloatMeasure measure(OpId op, const Operands& in, uint64_t result);
    FloatFloatMeasure measure_components(OpId op, const FloatFloatComponents& c, uint64_t result);
    // Whether the exact results of two readings of the operands differ, by MPFR.
    bool results_differ(OpId op, const FloatFloatComponents& a, const FloatFloatComponents& b);

private:
    mpfr_srcptr sum(mpfr_ptr into, const double* terms, int n);

    mp_limb_t limbs_[ffv::kMaxTerms] = {};
    mpfr_t terms_[ffv::kMaxTerms];
    mpfr_ptr pointers_[ffv::kMaxTerms];
    mpfr_t difference_, exact_, ratio_;
};

// Whether the components fit in `bits` significant bits (for the halves of a split).
inline bool fits_in_bits(float value, int bits) { return ffv::fits_in_bits(value, bits); }

}  // namespace fpv
