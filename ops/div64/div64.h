// div64: IEEE-754 binary64 division x/y, correctly rounded (round to nearest even).
#pragma once

#include <mpfr.h>

#include <array>

#include "core/impl_traits.h"
#include "ops/binary64/family.h"
#include "ops/div64/classes.h"
#include "ops/div64/impls.h"
#include "ops/div64/mutants.h"
#include "ops/div64/near_exact.h"
#include "ops/div64/prove_command.h"
#include "reference/exact_check.h"
#include "reference/mpfr_reference.h"

namespace fpv::op {

struct div64 : binary64::RoundedByHost<::fpv::div64::NativeDivide, 2> {
    static constexpr std::string_view name = "div64";
    static constexpr std::string_view summary = "IEEE-754 binary64 division x/y, correctly rounded";
    static constexpr uint64_t key_salt = uint64_t{0} << 56;
    static constexpr std::string_view testfloat = "f64_div";
    using reference = MpfrOfTwo<mpfr_div>;
    using exact_check = ::fpv::exact_check::Quotient<Format::binary64>;
    // As the seed post timed division, for comparison: a running dividend divided by each
    // thread's own divisor, held fixed, which lets the compiler hoist work on it out of the loop.
    struct seed_style_chain {
        FPV_HD static Operands start(uint64_t thread) {
            return {bits_of(3.14159265358979), bits_of(0.999999999999999) + thread, 0};
        }
        FPV_HD static Operands next(Operands in, uint64_t result) {
            in.a = result;
            return in;
        }
    };

    using classes = binary64::Classes<div64, TypeList<::fpv::div64::Subnormal, ::fpv::div64::Underflow,
                                                      ::fpv::div64::Overflow, ::fpv::div64::Ties, ::fpv::div64::Midpoint,
                                                      ::fpv::div64::NearExact>>;
    using impls = TypeList<::fpv::div64::EmuHalley, ::fpv::div64::EmuHalleyFixed, ::fpv::div64::EmuNr>;
    using mutants = ::fpv::div64::Mutants;
    using commands = TypeList<::fpv::div64::ProveCommand>;
};

}  // namespace fpv::op
