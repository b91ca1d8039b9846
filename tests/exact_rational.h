// Exact rational arithmetic on binary64 values (GMP), the independent evidence that generator
// guarantees and reference results are checked against.
#pragma once

#include <gmpxx.h>

#include <cstdint>

#include "core/binary64.h"

namespace fpv::testing {

// The exact value of a finite binary64 bit pattern.
inline mpq_class exact_value(uint64_t bits) {
    const b64::Decomposed d = b64::decompose(bits);
    mpq_class v(mpz_class(static_cast<unsigned long>(d.significand)));
    if (d.lsb_exponent >= 0) {
        mpz_class scale;
        mpz_ui_pow_ui(scale.get_mpz_t(), 2, static_cast<unsigned long>(d.lsb_exponent));
        v *= scale;
    } else {
        mpz_class scale;
        mpz_ui_pow_ui(scale.get_mpz_t(), 2, static_cast<unsigned long>(-d.lsb_exponent));
        v /= scale;
    }
    v.canonicalize();
    return (bits & b64::kSign) ? mpq_class(-v) : v;
}

inline mpq_class power_of_two(int e) {
    mpz_class p;
    mpz_ui_pow_ui(p.get_mpz_t(), 2, static_cast<unsigned long>(e < 0 ? -e : e));
    mpq_class q = e < 0 ? mpq_class(1, p) : mpq_class(p);
    q.canonicalize();
    return q;
}

// floor(log2(v)) for v > 0.
inline int floor_log2(const mpq_class& v) {
    // Estimate with the sizes of numerator and denominator, then correct.
    int e = static_cast<int>(mpz_sizeinbase(v.get_num_mpz_t(), 2)) -
            static_cast<int>(mpz_sizeinbase(v.get_den_mpz_t(), 2));
    while (power_of_two(e) > v) --e;
    while (power_of_two(e + 1) <= v) ++e;
    return e;
}

// The binary64 ulp at a positive value: 2^(max(floor(log2 v), -1022) - 52).
inline mpq_class ulp_at(const mpq_class& v) {
    const int e = floor_log2(v);
    return power_of_two((e < -1022 ? -1022 : e) - 52);
}

}  // namespace fpv::testing
