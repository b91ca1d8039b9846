// add64: x + y in binary64, correctly rounded in the impl's rounding mode; an exact zero sum of
// operands of opposite signs is +0 except toward -infinity.
#pragma once

#include "ops/binary64/family.h"
#include "ops/add64/classes.h"
#include "ops/add64/impls.h"
#include "ops/add64/mutants.h"
#include "ops/add64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct add64 : binary64::RoundedByHost<::fpv::add64::Sum, 2> {
    static constexpr std::string_view name = "add64";
    static constexpr std::string_view summary = "IEEE-754 binary64 addition x+y, correctly rounded";
    static constexpr uint64_t key_salt = uint64_t{19} << 56;
    static constexpr std::string_view testfloat = "f64_add";
    using reference = MpfrOfTwo<mpfr_add>;
    using exact_check = ::fpv::exact_check::Sum<false>;
    using classes = binary64::Classes<add64, TypeList<::fpv::add64::Cancellation, ::fpv::add64::Ties,
                                                      ::fpv::add64::Midpoint, ::fpv::add64::NearExact,
                                                      ::fpv::add64::Subnormal, ::fpv::add64::Overflow>>;
    using impls = ::fpv::add64::Emulations;
    using mutants = ::fpv::add64::Mutants;
};

}  // namespace fpv::op
