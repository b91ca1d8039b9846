// gemm64: an entry of a matrix product C = A * B in binary64, sum over l of A[i][l] * B[l][j],
// judged componentwise: its error against the exact sum, in units of eps * sum |A[i][l] B[l][j]|
// (the unit of Higham's gamma_k and of the grading tests), beside whether it is the correctly
// rounded entry. An input is one entry of one batch's matrices (ops/gemm64/matrices.h).
#pragma once

#include <array>

#include "core/op_traits.h"
#include "ops/gemm64/blocks.h"
#include "ops/gemm64/classes.h"
#include "ops/gemm64/cublas_impls.h"
#include "ops/gemm64/gemmul8_impls.h"
#include "ops/gemm64/impls.h"
#include "ops/gemm64/terms.h"

namespace fpv::op {

struct gemm64 {
    static constexpr std::string_view name = "gemm64";
    static constexpr std::string_view summary =
        "an entry of C = A*B in binary64, judged by its error in eps * sum |a b| and by correct rounding";
    static constexpr std::array<Operand, 3> operands{
        {{Format::entry, "entry"}, {Format::word, "batch"}, {Format::word, "shape"}}};
    static constexpr Format result = Format::binary64;
    static constexpr Metric metric = Metric::componentwise;
    static constexpr uint64_t key_salt = uint64_t{40} << 56;
    static constexpr std::string_view testfloat = "";

    // The entry's terms, which the exact accumulator and MPFR sum (reference/componentwise_verdict.h).
    using reference = ::fpv::gemm64::EntryTerms;
    using host_ieee = None;
    using host_error = None;
    using exact_check = None;
    using raw_chain = None;
    using products = ::fpv::gemm64::Batches;  // an entry of one batch's product (ops/gemm64/blocks.h)

    using classes = ::fpv::gemm64::Classes;
    using natives = TypeList<>;
    using impls = concat_t<::fpv::gemm64::Impls, ::fpv::gemm64::CublasImpls, ::fpv::gemm64::Gemmul8Impls>;
    using mutants = ::fpv::gemm64::Mutants;
    using commands = TypeList<>;
};

}  // namespace fpv::op
