// The terms of an entry of gemm64: C[i][j] = sum over l < k of A[i][l] * B[l][j], each term
// made again from the input's words (ops/gemm64/matrices.h). What the exact reference sums, and
// MPFR, and what the project's own dot products run over.
#pragma once

#include "core/operands.h"
#include "ops/gemm64/matrices.h"

namespace fpv::gemm64 {

struct EntryTerms {
    FPV_HD static uint32_t length(const Operands& in) { return Shape::of(in.c).k; }
    FPV_HD static uint64_t a(const Operands& in, uint32_t l) {
        return a_value(Shape::of(in.c), in.b, entry_row(in.a), l);
    }
    FPV_HD static uint64_t b(const Operands& in, uint32_t l) {
        return b_value(Shape::of(in.c), in.b, l, entry_column(in.a));
    }
};

}  // namespace fpv::gemm64
