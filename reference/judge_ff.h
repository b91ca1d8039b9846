// Judging float-float results and error-free transformations: MPFR sums the exact terms of the
// operation and of the result (products of two binary32 are exact in binary64), so the error
// r - x is obtained correctly rounded to 64 bits, and the relative error |r - x| / |x| follows.
#pragma once

#include <mpfr.h>

#include "corpus/operands.h"
#include "kernels/catalogue.h"
#include "reference/verdict.h"

namespace fpv {

inline constexpr double kU2 = 0x1p-48;  // u^2 for binary32, u = 2^-24

// The domain fpverify gives every float-float impl (on top of an impl's own condition, such as
// Fast2Sum's |a| >= |b|): finite operands, pair operands normalised (hi = RN(hi + lo)), every
// nonzero high part and lone binary32 within [2^-30, 2^30] in magnitude, and an exact result
// that is zero or within [2^-60, 2^62]. No operation of the algorithms then overflows, and any
// underflow affects a term below 2^-90 of the result, far below the bounds' u^2 = 2^-48.
inline constexpr double kDomainOperandMin = 0x1p-30, kDomainOperandMax = 0x1p30;
inline constexpr double kDomainResultMin = 0x1p-60, kDomainResultMax = 0x1p62;

// The operands of an op as floats: x = (xh, xl) and y = (yh, yl); lone floats have lo = 0.
struct FloatFloatComponents {
    float xh = 0, xl = 0, yh = 0, yl = 0;
    bool x_pair = false, y_pair = false;
};

// Per-thread MPFR state for float-float judging. Impls built for flush-to-zero are judged on
// their flushed operands and count the inputs where flushing changed the exact answer.
class FloatFloatReference {
public:
    FloatFloatReference();
    ~FloatFloatReference();
    FloatFloatReference(const FloatFloatReference&) = delete;
    FloatFloatReference& operator=(const FloatFloatReference&) = delete;

    Verdict judge(const ImplInfo& impl, const Operands& in, uint64_t result);

    // The exact value of the op's result (rounded to binary64), and of the relative error of
    // `result` in u^2; +inf where the exact value is 0 and the result is not.
    struct Measure {
        double exact = 0;
        double error_u2 = 0;
        bool error_is_zero = false;
    };
    Measure measure(OpId op, const Operands& in, uint64_t result);

private:
    static constexpr int kMaxTerms = 8;
    static int exact_terms(OpId op, const FloatFloatComponents& c, double* exact);
    Measure measure_components(OpId op, const FloatFloatComponents& c, uint64_t result);
    bool exact_sum_differs(OpId op, const FloatFloatComponents& a, const FloatFloatComponents& b);

    mp_limb_t limbs_[kMaxTerms] = {};
    mpfr_t terms_[kMaxTerms];
    mpfr_ptr pointers_[kMaxTerms];
    mpfr_t difference_, exact_, ratio_;
};

// Whether the components fit in `bits` significant bits (for the halves of a split).
bool fits_in_bits(float value, int bits);

}  // namespace fpv
