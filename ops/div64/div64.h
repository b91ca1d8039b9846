// div64: IEEE-754 binary64 division x/y, correctly rounded (round to nearest even).
#pragma once

#include <mpfr.h>

#include <array>

#include "core/impl_traits.h"
#include "core/op_traits.h"
#include "ops/binary64/raw_chain.h"
#include "corpus/generic_classes.h"
#include "ops/div64/classes.h"
#include "ops/div64/impls.h"
#include "ops/div64/mutants.h"
#include "ops/div64/near_exact.h"
#include "ops/div64/prove_command.h"
#include "reference/exact_check.h"
#include "reference/mpfr_reference.h"

namespace fpv::op {

struct div64 {
    static constexpr std::string_view name = "div64";
    static constexpr std::string_view summary = "IEEE-754 binary64 division x/y, correctly rounded";
    static constexpr std::array<Operand, 2> operands{{{Format::binary64, "x"}, {Format::binary64, "y"}}};
    static constexpr Format result = Format::binary64;
    static constexpr Metric metric = Metric::correctly_rounded;
    static constexpr uint64_t key_salt = uint64_t{0} << 56;
    static constexpr std::string_view testfloat = "f64_div";

    using reference = MpfrOfTwo<mpfr_div>;
    // The fast reference keeps the host's NaN, payload and all (any NaN matches any NaN).
    struct host_ieee {
        static constexpr bool canonical_nan = false;
        static uint64_t eval(const Operands& in) { return bits_of(double_of(in.a) / double_of(in.b)); }
    };
    using exact_check = ::fpv::exact_check::Quotient<Format::binary64>;
    using host_error = None;
    // Every operand of the next call comes from the last result (ops/binary64/raw_chain.h).
    using raw_chain = Binary64Chain<2, true>;
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

    using classes = TypeList<generic::BoundaryValues<div64>, ::fpv::div64::Subnormal, ::fpv::div64::Underflow,
                             ::fpv::div64::Overflow, ::fpv::div64::Ties, ::fpv::div64::Midpoint, ::fpv::div64::NearExact,
                             generic::UniformBits<div64>, generic::RandomNormal<div64>, generic::Patterns<div64>,
                             generic::VectorFile<div64>>;
    using natives = concat_t<::fpv::natives::HostInEveryRounding<::fpv::div64::NativeDivide>,
                             ::fpv::natives::CudaInEveryRounding<::fpv::div64::NativeDivide>>;
    using impls = TypeList<::fpv::div64::EmuHalley, ::fpv::div64::EmuHalleyFixed, ::fpv::div64::EmuNr>;
    using mutants = ::fpv::div64::Mutants;
    using commands = TypeList<::fpv::div64::ProveCommand>;
};

}  // namespace fpv::op
