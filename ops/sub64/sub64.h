// sub64: x - y in binary64, correctly rounded in the impl's rounding mode; x - x is +0 except
// toward -infinity.
#pragma once

#include "ops/binary64/family.h"
#include "ops/sub64/classes.h"
#include "ops/sub64/impls.h"
#include "ops/sub64/mutants.h"
#include "ops/sub64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct sub64 : binary64::RoundedByHost<::fpv::sub64::Difference, 2> {
    static constexpr std::string_view name = "sub64";
    static constexpr std::string_view summary = "IEEE-754 binary64 subtraction x-y, correctly rounded";
    static constexpr uint64_t key_salt = uint64_t{20} << 56;
    static constexpr std::string_view testfloat = "f64_sub";
    using reference = MpfrOfTwo<mpfr_sub>;
    using exact_check = ::fpv::exact_check::Sum<true>;
    using classes = binary64::Classes<sub64, TypeList<::fpv::sub64::Cancellation, ::fpv::sub64::Ties,
                                                      ::fpv::sub64::Midpoint, ::fpv::sub64::NearExact,
                                                      ::fpv::sub64::Subnormal, ::fpv::sub64::Overflow>>;
    using impls = ::fpv::sub64::Emulations;
    using mutants = ::fpv::sub64::Mutants;
};

}  // namespace fpv::op
