// rsqrt64: 1/sqrt(x) of a binary64 (IEEE 754-2008 rSqrt: +-0 -> +-inf), correctly rounded in the
// impl's rounding mode.
#pragma once

#include "ops/binary64/family.h"
#include "ops/rsqrt64/classes.h"
#include "ops/rsqrt64/impls.h"
#include "ops/rsqrt64/mutants.h"
#include "ops/rsqrt64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct rsqrt64 : binary64::FamilyTraits {
    static constexpr std::string_view name = "rsqrt64";
    static constexpr std::string_view summary = "binary64 1/sqrt(x) (IEEE 754-2008 rSqrt: +-0 -> +-inf), correctly rounded";
    static constexpr auto operands = binary64::kOperands<1>;
    static constexpr uint64_t key_salt = uint64_t{17} << 56;
    static constexpr std::string_view testfloat = "";
    using reference = MpfrRecSqrt754;
    using host_ieee = None;  // the host has no correctly rounded 1/sqrt
    using exact_check = ::fpv::exact_check::ReciprocalSquareRoot<Format::binary64>;
    using raw_chain = Binary64Chain<1, false>;
    using products = None;
    using classes = binary64::Classes<rsqrt64, TypeList<generic::SubnormalOperand<rsqrt64>, ::fpv::rsqrt64::Exact,
                                                        ::fpv::rsqrt64::Midpoint, ::fpv::rsqrt64::NearExact,
                                                        generic::BinadeEdges<rsqrt64>,
                                                        ::fpv::rsqrt64::Negative>, false>;
    using natives = TypeList<::fpv::rsqrt64::CudaRsqrt>;
    using impls = ::fpv::rsqrt64::Emulations;
    using mutants = ::fpv::rsqrt64::Mutants;
};

}  // namespace fpv::op
