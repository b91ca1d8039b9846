// sqrt64: the square root of a binary64, correctly rounded in the impl's rounding mode
// (sqrt(-0) = -0; negative operands give NaN).
#pragma once

#include "ops/binary64/family.h"
#include "ops/sqrt64/classes.h"
#include "ops/sqrt64/impls.h"
#include "ops/sqrt64/mutants.h"
#include "ops/sqrt64/natives.h"
#include "reference/exact_check.h"

namespace fpv::op {

struct sqrt64 : binary64::RoundedByHost<::fpv::sqrt64::SquareRoot, 1> {
    static constexpr std::string_view name = "sqrt64";
    static constexpr std::string_view summary = "IEEE-754 binary64 square root, correctly rounded";
    static constexpr uint64_t key_salt = uint64_t{15} << 56;
    static constexpr std::string_view testfloat = "f64_sqrt";
    using reference = MpfrOfOne<mpfr_sqrt>;
    using exact_check = ::fpv::exact_check::SquareRoot<Format::binary64>;
    using classes = binary64::Classes<sqrt64, TypeList<generic::SubnormalOperand<sqrt64>, ::fpv::sqrt64::Squares,
                                                       ::fpv::sqrt64::Midpoint, ::fpv::sqrt64::NearExact,
                                                       generic::BinadeEdges<sqrt64>, ::fpv::sqrt64::Negative>>;
    using impls = ::fpv::sqrt64::Emulations;
    using mutants = ::fpv::sqrt64::Mutants;
};

}  // namespace fpv::op
