// mul64: x * y in binary64, correctly rounded in the impl's rounding mode.
#pragma once

#include "ops/binary64/family.h"
#include "ops/mul64/classes.h"
#include "ops/mul64/impls.h"
#include "ops/mul64/mutants.h"
#include "ops/mul64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct mul64 : binary64::RoundedByHost<::fpv::mul64::Product, 2> {
    static constexpr std::string_view name = "mul64";
    static constexpr std::string_view summary = "IEEE-754 binary64 multiplication x*y, correctly rounded";
    static constexpr uint64_t key_salt = uint64_t{21} << 56;
    static constexpr std::string_view testfloat = "f64_mul";
    using reference = MpfrOfTwo<mpfr_mul>;
    using exact_check = ::fpv::exact_check::Product;
    using classes = binary64::Classes<mul64, TypeList<::fpv::mul64::Midpoint, ::fpv::mul64::NearExact,
                                                      ::fpv::mul64::Subnormal, ::fpv::mul64::Underflow,
                                                      ::fpv::mul64::Overflow>>;
    using impls = ::fpv::mul64::Emulations;
    using mutants = ::fpv::mul64::Mutants;
};

}  // namespace fpv::op
