// rcp64: the reciprocal 1/x of a binary64, correctly rounded in the impl's rounding mode.
#pragma once

#include "ops/binary64/family.h"
#include "ops/rcp64/classes.h"
#include "ops/rcp64/impls.h"
#include "ops/rcp64/mutants.h"
#include "ops/rcp64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct rcp64 : binary64::RoundedByHost<::fpv::rcp64::Reciprocal, 1> {
    static constexpr std::string_view name = "rcp64";
    static constexpr std::string_view summary = "IEEE-754 binary64 reciprocal 1/x, correctly rounded";
    static constexpr uint64_t key_salt = uint64_t{16} << 56;
    static constexpr std::string_view testfloat = "";
    using reference = MpfrReciprocal;
    using exact_check = ::fpv::exact_check::Reciprocal<Format::binary64>;
    using classes = binary64::Classes<rcp64, TypeList<generic::SubnormalOperand<rcp64>, ::fpv::rcp64::Exact,
                                                      ::fpv::rcp64::Midpoint, ::fpv::rcp64::NearExact,
                                                      ::fpv::rcp64::Underflow, ::fpv::rcp64::Overflow>, false>;
    using impls = ::fpv::rcp64::Emulations;
    using mutants = ::fpv::rcp64::Mutants;
};

}  // namespace fpv::op
