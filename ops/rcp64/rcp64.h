// rcp64: the reciprocal 1/x of a binary64, correctly rounded in the impl's rounding mode.
#pragma once

#include "ops/binary64/family.h"
#include "ops/rcp64/classes.h"
#include "ops/rcp64/impls.h"
#include "ops/rcp64/mutants.h"
#include "ops/rcp64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct rcp64 : binary64::FamilyTraits {
    static constexpr std::string_view name = "rcp64";
    static constexpr std::string_view summary = "IEEE-754 binary64 reciprocal 1/x, correctly rounded";
    static constexpr auto operands = binary64::kUnary;
    static constexpr uint64_t key_salt = uint64_t{16} << 56;
    static constexpr std::string_view testfloat = "";
    using reference = MpfrReciprocal;
    using host_ieee = binary64::HostIeee<::fpv::rcp64::Reciprocal, 1>;
    using exact_check = ::fpv::exact_check::Reciprocal<Format::binary64>;
    using raw_chain = Binary64Chain<1, false>;
    using classes = concat_t<binary64::GenericFront<rcp64>,
                             TypeList<generic::SubnormalOperand<rcp64>, ::fpv::rcp64::Exact, ::fpv::rcp64::Midpoint,
                                      ::fpv::rcp64::NearExact, ::fpv::rcp64::Underflow, ::fpv::rcp64::Overflow>,
                             binary64::GenericBack<rcp64>>;
    using natives = concat_t<::fpv::natives::HostInEveryRounding<::fpv::rcp64::Reciprocal>,
                             ::fpv::natives::CudaInEveryRounding<::fpv::rcp64::Reciprocal>>;
    using impls = ::fpv::rcp64::Emulations;
    using mutants = ::fpv::rcp64::Mutants;
    using commands = TypeList<>;
};

}  // namespace fpv::op
