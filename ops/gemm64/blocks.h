// gemm64's inputs as whole products, for impls that multiply whole matrices (a library's GEMM,
// core/matrix_product.h): a block is one batch, its m x n entries in row-major order, and its
// A and B are the batch's matrices (ops/gemm64/matrices.h).
#pragma once

#include "core/matrix_product.h"
#include "ops/gemm64/matrices.h"

namespace fpv::gemm64 {

struct Batches {
    FPV_HD static BlockShape shape(const Operands& in) {
        const Shape s = Shape::of(in.c);
        return {s.m, s.n, s.k};
    }
    FPV_HD static uint64_t position(const Operands& in) {
        return uint64_t{entry_row(in.a)} * Shape::of(in.c).n + entry_column(in.a);
    }
    FPV_HD static uint32_t row(const Operands& in) { return entry_row(in.a); }
    FPV_HD static uint32_t column(const Operands& in) { return entry_column(in.a); }
    FPV_HD static uint64_t a(const Operands& in, uint32_t row, uint32_t l) {
        return a_value(Shape::of(in.c), in.b, row, l);
    }
    FPV_HD static uint64_t b(const Operands& in, uint32_t l, uint32_t column) {
        return b_value(Shape::of(in.c), in.b, l, column);
    }
};

static_assert(ProductBlocks<Batches>);

}  // namespace fpv::gemm64
