// fma64: a*b + c with one rounding (IEEE 754 fusedMultiplyAdd), correctly rounded in the impl's
// rounding mode; an exact zero result is +0 except toward -infinity.
#pragma once

#include "ops/binary64/family.h"
#include "ops/fma64/classes.h"
#include "ops/fma64/impls.h"
#include "ops/fma64/mutants.h"
#include "ops/fma64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct fma64 : binary64::RoundedByHost<::fpv::fma64::FusedMultiplyAdd, 3> {
    static constexpr std::string_view name = "fma64";
    static constexpr std::string_view summary = "IEEE-754 binary64 fused multiply-add a*b+c, one correct rounding";
    static constexpr uint64_t key_salt = uint64_t{18} << 56;
    static constexpr std::string_view testfloat = "f64_mulAdd";
    using reference = MpfrOfThree<mpfr_fma>;
    using exact_check = ::fpv::exact_check::FusedMultiplyAdd;
    using classes = binary64::Classes<fma64, TypeList<::fpv::fma64::Cancellation, ::fpv::fma64::Sticky,
                                                      ::fpv::fma64::Overflow, ::fpv::fma64::Underflow,
                                                      ::fpv::fma64::Subnormal, ::fpv::fma64::Midpoint,
                                                      ::fpv::fma64::NearExact>>;
    using impls = ::fpv::fma64::Emulations;
    using mutants = ::fpv::fma64::Mutants;
};

}  // namespace fpv::op
