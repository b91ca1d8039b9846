// mul64: x * y in binary64, correctly rounded in the impl's rounding mode.
#pragma once

#include "ops/binary64/family.h"
#include "ops/mul64/classes.h"
#include "ops/mul64/impls.h"
#include "ops/mul64/mutants.h"
#include "ops/mul64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct mul64 : binary64::FamilyTraits {
    static constexpr std::string_view name = "mul64";
    static constexpr std::string_view summary = "IEEE-754 binary64 multiplication x*y, correctly rounded";
    static constexpr auto operands = binary64::kBinary;
    static constexpr uint64_t key_salt = uint64_t{21} << 56;
    static constexpr std::string_view testfloat = "f64_mul";
    using reference = MpfrOfTwo<mpfr_mul>;
    using host_ieee = binary64::HostIeee<::fpv::mul64::Product, 2>;
    using exact_check = ::fpv::exact_check::Product;
    using raw_chain = Binary64Chain<2, true>;
    using classes = concat_t<binary64::GenericFront<mul64>,
                             TypeList<::fpv::mul64::Midpoint, ::fpv::mul64::NearExact, ::fpv::mul64::Subnormal,
                                      ::fpv::mul64::Underflow, ::fpv::mul64::Overflow>,
                             binary64::GenericBack<mul64>, TypeList<generic::VectorFile<mul64>>>;
    using natives = concat_t<::fpv::natives::HostInEveryRounding<::fpv::mul64::Product>,
                             ::fpv::natives::CudaInEveryRounding<::fpv::mul64::Product>>;
    using impls = ::fpv::mul64::Emulations;
    using mutants = ::fpv::mul64::Mutants;
    using commands = TypeList<>;
};

}  // namespace fpv::op
