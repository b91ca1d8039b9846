// f2d: the conversion of a binary32 to binary64 (exact), and the seed's bit-manipulation tricks
// that claim to do it on documented domains.
#pragma once

#include <mpfr.h>

#include <array>

#include "core/op_traits.h"
#include "corpus/generic_classes.h"
#include "ops/f2d/impls.h"
#include "reference/exact_check.h"
#include "reference/host_errors.h"
#include "reference/mpfr_reference.h"

namespace fpv::op {

struct f2d {
    static constexpr std::string_view name = "f2d";
    static constexpr std::string_view summary = "binary32 to binary64 conversion (exact)";
    static constexpr std::array<Operand, 1> operands{{{Format::binary32, "a"}}};
    static constexpr Format result = Format::binary64;
    static constexpr Metric metric = Metric::correctly_rounded;
    static constexpr uint64_t key_salt = uint64_t{10} << 56;
    static constexpr std::string_view testfloat = "f32_to_f64";

    using reference = MpfrOfOne<mpfr_set>;
    struct host_ieee {
        static constexpr bool canonical_nan = true;
        static uint64_t eval(const Operands& in) {
            return bits_of(static_cast<double>(float_of(static_cast<uint32_t>(in.a))));
        }
    };
    using host_error = WidenedError;
    using exact_check = ::fpv::exact_check::Widening;
    using raw_chain = None;
    using products = None;

    using classes = concat_t<generic::Unary32Classes<f2d>, TypeList<generic::VectorFile<f2d>>>;
    using natives = TypeList<::fpv::f2d::Native>;
    using impls = TypeList<::fpv::f2d::ShiftXor, ::fpv::f2d::BytePerm>;
    using mutants = ::fpv::f2d::Mutants;
    using commands = TypeList<>;
};

}  // namespace fpv::op
