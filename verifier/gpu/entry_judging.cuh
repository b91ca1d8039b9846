// Entries of matrix products (Metric::componentwise) judged on the GPU under the exact
// reference: each entry's exact sum in the long accumulator (reference/exact_dot.h), measured
// by the code the host judge runs (reference/entry_judge.h); correctly rounded and within-bound
// entries are counted on the GPU, the rest handed to the host, which judges them as it judges
// an entry itself (MPFR on the failures and one entry in 1024).
// Per-entry impls sum the terms their input makes again; whole-product impls sum the product's
// own A and B, read in tiles through shared memory.
#pragma once

#include "core/matrix_product.h"
#include "model/failure_map.h"
#include "reference/entry_judge.h"
#include "reference/reference_mode.h"
#include "verifier/gpu/kept_counts.cuh"

namespace fpv::gpu {

namespace kernel_detail {

// The claim an impl makes of an entry, as the host judge reads it (reference/componentwise_verdict.h).
struct EntryClaim {
    Rounding rounding;
    double bound, bound_per_term;
    bool planted;  // tests only: a wrong exact sum (ops/judge.h, wrong_certificates_planted)
};

__device__ FPV_INLINE EntryClaim claim_of(const KernelArgs& a) {
    return {a.rounding, a.bound, a.bound_per_term, a.wrong_certificates};
}

// Out of line, once per op in each translation unit: rounding and measuring a sum reads the
// whole accumulator, a long stretch of code that inlined into each impl's and class's kernel
// would multiply the time ptxas takes.
template <class Op>
__device__ __noinline__ EntryVerdict judge_sum(const exact_dot::Accumulator& acc, uint32_t k, uint64_t result,
                                               EntryClaim claim) {
    const bool correct_rounding = claim.bound == 0 && claim.bound_per_term == 0;
    return judge_entry(acc, result, claim.rounding, bound_for_terms(claim.bound, claim.bound_per_term, k),
                       correct_rounding, claim.planted);
}

// Out of line, once per op in each translation unit: the accumulator is a kilobyte of local
// memory, and every impl's kernel calls this.
template <class Op>
__device__ __noinline__ EntryVerdict judge_entry_terms(Operands in, uint64_t result, EntryClaim claim) {
    exact_dot::Accumulator acc;
    accumulate_terms<typename Op::reference>(in, acc);
    return judge_sum<Op>(acc, Op::reference::length(in), result, claim);
}

// Counts a verdict the host need not see; hands over failures, candidates for the worst lists
// and the entries the host's judge has MPFR recompute (cross_checked_pair: the host then judges
// what it hands over exactly as it judges every entry itself, and a tally does not depend on
// where its entries were judged). Outside an impl's domain an entry is counted apart, as on the
// host. Out of line, once per op in each translation unit, as judge_sum.
template <class Op>
__device__ __noinline__ void keep_or_hand(BlockCounts& block, const KernelArgs& a, uint64_t index, uint64_t result,
                                          const EntryVerdict& v, bool inside, bool sampled, int cell) {
    const double error = v.measure.error;
    const bool failed = inside && !v.correct && !v.within_bound;
    const bool listed = inside ? might_enter(error, index, a.inside_threshold, a.inside_threshold_index)
                               : might_enter(error, index, a.outside_threshold, a.outside_threshold_index) &&
                                     error != __builtin_huge_val();
    if (failed || listed || sampled) {
        hand(a, &a.kept->handed, index, result);
        return;
    }
    const Category category = !inside ? Category::outside_domain : v.correct ? Category::exact : Category::within_bound;
    count_kept(block, *a.kept, category, error, false, cell);
    if (inside) count_entry_measures(block, *a.kept, v.measure.ulps, v.steps);
}

template <class Op, class Impl>
__device__ FPV_INLINE void settle_entry(BlockCounts& block, const KernelArgs& a, uint64_t index, const Operands& in,
                                        uint64_t result, const EntryVerdict& v) {
    bool inside = true;
    if constexpr (HasOperandDomain<Impl>) inside = Impl::claims(in);
    keep_or_hand<Op>(block, a, index, result, v, inside, cross_checked_pair(in.a, in.b), map_cell_of<Op>(in));
}

// Tiles of kTile x kTile entries a block, the terms read kTile at a time.
constexpr unsigned kTile = 16;

}  // namespace kernel_detail

// The blocks of judge_product_entries for positions [lo, hi) of a product: one a tile, at most
// 2^20 (each then takes several tiles in turn).
inline unsigned product_judge_grid(BlockShape s, uint64_t lo, uint64_t hi) {
    using kernel_detail::kTile;
    const uint64_t rows = (hi - 1) / s.n - lo / s.n + 1;
    const uint64_t tiles = (rows + kTile - 1) / kTile * ((s.n + kTile - 1) / kTile);
    return static_cast<unsigned>(tiles < (uint64_t{1} << 20) ? tiles : uint64_t{1} << 20);
}

// Judges the inputs [from, to) of one product, whose block's inputs begin at index block_begin:
// a block of kTile^2 threads per tile of C, each thread one entry.
template <class Op, class Impl, class Generator>
__global__ void __launch_bounds__(kernel_detail::kTile * kernel_detail::kTile)
    judge_product_entries(Generator generator, uint64_t block_begin, uint64_t from, uint64_t to, ProductMatrices p,
                          KernelArgs a) {
    using namespace kernel_detail;
    __shared__ BlockCounts block;
    __shared__ double a_tile[kTile][kTile + 1], b_tile[kTile][kTile + 1];  // [row][l], [l][column]
    clear_block(block);
    const BlockShape s = p.shape;
    const uint64_t lo = from - block_begin, hi = to - block_begin;  // positions in the block
    const uint32_t first_row = static_cast<uint32_t>(lo / s.n), last_row = static_cast<uint32_t>((hi - 1) / s.n);
    const uint64_t row_tiles = (last_row - first_row) / kTile + 1, column_tiles = (s.n + kTile - 1) / kTile;
    const unsigned ty = threadIdx.x / kTile, tx = threadIdx.x % kTile;
    for (uint64_t tile = blockIdx.x; tile < row_tiles * column_tiles; tile += gridDim.x) {
        const uint32_t row0 = first_row + static_cast<uint32_t>(tile / column_tiles) * kTile;
        const uint32_t column0 = static_cast<uint32_t>(tile % column_tiles) * kTile;
        const uint32_t row = row0 + ty, column = column0 + tx;
        const uint64_t position = uint64_t{row} * s.n + column;  // row-major (core/matrix_product.h)
        const bool mine = row < s.m && column < s.n && position >= lo && position < hi;
        exact_dot::Accumulator acc;
        acc.clear();
        for (uint32_t l0 = 0; l0 < s.k; l0 += kTile) {
            // Thread (ty, tx) loads A[row0 + tx][l0 + ty] and B[l0 + tx][column0 + ty]: consecutive
            // threads, consecutive addresses of the column-major matrices.
            const uint32_t a_row = row0 + tx, b_l = l0 + tx, b_column = column0 + ty, a_l = l0 + ty;
            a_tile[tx][ty] = a_row < s.m && a_l < s.k ? p.a[a_row + uint64_t{a_l} * s.m] : 0.0;
            b_tile[tx][ty] = b_l < s.k && b_column < s.n ? p.b[b_l + uint64_t{b_column} * s.k] : 0.0;
            __syncthreads();
            if (mine) {
                const uint32_t terms = s.k - l0 < kTile ? s.k - l0 : kTile;
                for (uint32_t l = 0; l < terms; ++l) {
                    acc.add_product(bits_of(a_tile[ty][l]), bits_of(b_tile[l][tx]));
                }
            }
            __syncthreads();
        }
        if (mine) {
            const uint64_t index = block_begin + position;
            const Operands in = generator(index);
            const uint64_t result = bits_of(p.c[row + uint64_t{column} * s.m]);
            settle_entry<Op, Impl>(block, a, index, in, result,
                                   judge_sum<Op>(acc, Op::reference::length(in), result, claim_of(a)));
        }
    }
    flush_block(*a.kept, block);
}

}  // namespace fpv::gpu
