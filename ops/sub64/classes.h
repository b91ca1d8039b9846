// The input classes of binary64 subtraction that only subtraction has: those of addition
// (ops/add64/classes.h) with b negated, since a - b is exactly a + (-b); the guarantees are
// add64's restated for a - b. ops/sub64/test_classes.cpp checks them in exact rational arithmetic.
#pragma once

#include "ops/add64/classes.h"

namespace fpv::sub64 {

// add64's class Sum with b negated: a - b is exactly a + (-b).
template <class Sum>
struct WithBNegated : ClassDefaults {
    FPV_HD static Operands generate(const ClassParams& p, uint64_t index) {
        Operands in = Sum::generate(p, index);
        in.b = add64::class_detail::negate(in.b);
        return in;
    }
};

struct Cancellation : WithBNegated<add64::Cancellation> {
    static constexpr std::string_view name = "cancellation";
    static constexpr std::string_view guarantee =
        "index mod 56 = d in 0..53: a, b of the same sign, the larger normal, with "
        "|a - b| in [2^(E-d), 2^(E-d+1)) for E = floor(log2 max(|a|, |b|)): exactly d leading bits "
        "cancel (subnormal differences and operands included); 54: b = a, finite nonzero (a - b = +0, "
        "or -0 rounding down); 55: a, b zeros, each pair of signs in turn (index/56 mod 4)";
};

struct Ties : WithBNegated<add64::Ties> {
    static constexpr std::string_view name = "ties";
    static constexpr std::string_view guarantee =
        "a - b = (2k + 1) * 2^(q-1) exactly, halfway between k * 2^q and (k + 1) * 2^q, 2^q the ulp of "
        "|a - b| (q from -1073 to 971; (k + 1) * 2^q may be 2^1024); k even for even indices, odd for "
        "odd ones; a, b finite nonzero, of the same or opposite signs";
};

struct Midpoint : WithBNegated<add64::Midpoint> {
    static constexpr std::string_view name = "midpoint";
    static constexpr std::string_view guarantee =
        "a, b finite, |a - b| above 2^-981 and at a nonzero distance of at most 2^-41 ulp from a "
        "rounding midpoint, on either side; the smaller operand below 2^12 ulp of a - b";
};

struct NearExact : WithBNegated<add64::NearExact> {
    static constexpr std::string_view name = "near_exact";
    static constexpr std::string_view guarantee =
        "a, b finite, |a - b| above 2^-981 and at a nonzero distance of at most 2^-41 ulp from a "
        "representable number, on either side; the smaller operand below 2^12 ulp of a - b";
};

struct Subnormal : WithBNegated<add64::Subnormal> {
    static constexpr std::string_view name = "subnormal";
    static constexpr std::string_view guarantee =
        "a - b a nonzero subnormal (exact): a, b subnormal (index mod 3 = 0), one normal and one "
        "subnormal (1), both normal (2)";
};

struct Overflow : WithBNegated<add64::Overflow> {
    static constexpr std::string_view name = "overflow";
    static constexpr std::string_view guarantee =
        "a, b finite nonzero of opposite signs, |a - b| = t exactly (index/3 even) or within 2^969 of t "
        "at a nonzero distance, on either side (index/3 odd), where t is the largest finite number, "
        "2^1024 - 2^970 (where rounding to nearest overflows) or 2^1024 (index mod 3)";
};

}  // namespace fpv::sub64
