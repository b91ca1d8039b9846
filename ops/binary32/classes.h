// The input classes that only binary32 division has.
#pragma once

#include "corpus/class_traits.h"
#include "corpus/random_values.h"

namespace fpv::binary32 {

// index mod 3 = 0: subnormal dividend, 1: subnormal divisor, 2: normal operands whose exponents
// put the quotient below 2^-126.
struct QuotientSubnormal : ClassDefaults {
    static constexpr std::string_view name = "subnormal";
    static constexpr std::string_view guarantee =
        "index mod 3 = 0: subnormal dividend, 1: subnormal divisor, 2: normal operands with |x/y| in "
        "(2^-150, 2^-126)";
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        CounterRng rng(p.key, index);
        uint32_t a, b;
        const uint64_t kind = index % 3;
        if (kind == 0) {
            a = draw32::subnormal(rng);
            b = draw32::normal(rng);
        } else if (kind == 1) {
            a = draw32::normal(rng);
            b = draw32::subnormal(rng);
        } else {
            const int e = static_cast<int>(rng.between(-149, -127));  // quotient in [2^(e-1), 2^(e+1))
            const int ey = static_cast<int>(rng.between(-126 - e, 127));
            const bool na = rng.coin(), nb = rng.coin();
            const uint32_t ma = static_cast<uint32_t>(rng.next()), mb = static_cast<uint32_t>(rng.next());
            a = bits_of(b32::assemble(na, static_cast<uint32_t>(ey + e + 127), ma));
            b = bits_of(b32::assemble(nb, static_cast<uint32_t>(ey + 127), mb));
        }
        return {a, b, 0};
    }
};

}  // namespace fpv::binary32
