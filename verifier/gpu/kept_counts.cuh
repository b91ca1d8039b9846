// A judging kernel's counts of the verdicts it keeps to itself (float-float results, entries of
// matrix products), first per block in shared memory, then per batch (KeptCounts), and its
// hand-over of the rest to the host.
#pragma once

#include <cooperative_groups.h>

#include "verifier/gpu/kernel_args.cuh"

namespace fpv::gpu::kernel_detail {

// Whether a verdict of this error might enter a worst list whose entry threshold is given: an
// error above it, or equal to it at a lower input index (the lists break ties by index).
__device__ FPV_INLINE bool might_enter(double error, uint64_t index, double threshold, uint64_t threshold_index) {
    return !(error <= threshold) || (error == threshold && index < threshold_index);
}

__device__ FPV_INLINE void hand(const KernelArgs& a, unsigned long long* handed_count, uint64_t index,
                                uint64_t result) {
    const unsigned long long slot = atomicAdd(handed_count, 1ull);
    if (slot < a.capacity) a.handed[slot] = IndexedResult{index, result};
}

// A block's share of the kept counts, in shared memory: the categories and a window of
// histogram bins that holds nearly every error (in u^2, in eps * sum |a b|, in ulps); other
// bins go straight to the batch's.
constexpr int kWindowLowestBin = -96, kWindowBins = 128;
struct BlockCounts {
    unsigned long long by_category[kCategoryCount];
    unsigned long long inside[kWindowBins + 2], outside[kWindowBins + 2];  // + zero, infinity
    unsigned long long ulps[kWindowBins + 2];
    unsigned long long steps[UlpSteps::kBuckets];
    unsigned long long ftz_changed, counted;
    MapCounter map[kMapCells];
};

__device__ FPV_INLINE int window_slot(int bin) {
    if (bin == kBinZeroError) return kWindowBins;
    if (bin == kBinInfiniteError) return kWindowBins + 1;
    const int slot = bin - kWindowLowestBin;
    return slot >= 0 && slot < kWindowBins ? slot : -1;
}

static_assert(kErrorSlots < 0x8000, "a verdict's key holds its histogram slot in 15 bits");

__device__ FPV_INLINE void clear_block(BlockCounts& block) {
    auto* words = reinterpret_cast<unsigned long long*>(&block);
    for (unsigned i = threadIdx.x; i < sizeof(BlockCounts) / sizeof(unsigned long long); i += blockDim.x) words[i] = 0;
    __syncthreads();
}

// Adds n to `error`'s bin of a block's window, or of the batch's histogram outside it.
__device__ FPV_INLINE void add_to_bin(unsigned long long* window, unsigned long long* batch, int bin,
                                      unsigned long long n) {
    const int slot = window_slot(bin);
    if (slot >= 0) {
        atomicAdd(&window[slot], n);
    } else {
        atomicAdd(&batch[error_slot(bin)], n);
    }
}

// Counts one kept verdict (its category, its error's bin inside or outside the impl's domain,
// its failure-map cell): one shared atomic per group of lanes with the same category and bin.
__device__ FPV_INLINE void count_kept(BlockCounts& block, KeptCounts& batch, Category category, double error,
                                      bool ftz_changed, int cell) {
    namespace cg = cooperative_groups;
    const bool inside = category != Category::outside_domain;
    const int bin = error_bin(error);
    const unsigned key = static_cast<unsigned>(category) << 16 | (inside ? 0x8000u : 0u) |
                         static_cast<unsigned>(error_slot(bin));
    const cg::coalesced_group peers = cg::labeled_partition(cg::coalesced_threads(), key);
    if (peers.thread_rank() == 0) {
        const unsigned long long n = peers.size();
        atomicAdd(&block.by_category[static_cast<int>(category)], n);
        atomicAdd(&block.counted, n);
        add_to_bin(inside ? block.inside : block.outside, inside ? batch.inside : batch.outside, bin, n);
    }
    if (ftz_changed) atomicAdd(&block.ftz_changed, 1ull);
    if (inside) atomicAdd(&block.map[cell], 1u);
}

// What a kept entry of a matrix product adds inside the domain: its error in ulps, and its
// distance in steps from the correctly rounded entry where it is not that entry.
__device__ FPV_INLINE void count_entry_measures(BlockCounts& block, KeptCounts& batch, double ulps, int64_t steps) {
    namespace cg = cooperative_groups;
    const int bin = error_bin(ulps);
    const cg::coalesced_group peers = cg::labeled_partition(cg::coalesced_threads(), static_cast<unsigned>(error_slot(bin)));
    if (peers.thread_rank() == 0) add_to_bin(block.ulps, batch.ulps, bin, peers.size());
    if (steps > 0) {
        const int64_t last = UlpSteps::kBuckets - 1;
        atomicAdd(&block.steps[steps < last ? steps : last], 1ull);
    }
}

__device__ FPV_INLINE void add_window(unsigned long long* batch, const unsigned long long* block, int i) {
    const int bin = i == kWindowBins ? kBinZeroError : i == kWindowBins + 1 ? kBinInfiniteError : i + kWindowLowestBin;
    if (block[i] != 0) atomicAdd(&batch[error_slot(bin)], block[i]);
}

// A block's failure-map counts go to the batch's once, at its end.
__device__ FPV_INLINE void flush_map(unsigned long long* batch, const MapCounter* block) {
    for (unsigned i = threadIdx.x; i < kMapCells; i += blockDim.x) {
        if (block[i] != 0) atomicAdd(&batch[i], static_cast<unsigned long long>(block[i]));
    }
}

// A block's counts, into the batch's, once every thread of the block is done.
__device__ FPV_INLINE void flush_block(KeptCounts& batch, const BlockCounts& block) {
    __syncthreads();
    for (unsigned i = threadIdx.x; i < kWindowBins + 2; i += blockDim.x) {
        add_window(batch.inside, block.inside, static_cast<int>(i));
        add_window(batch.outside, block.outside, static_cast<int>(i));
        add_window(batch.ulps, block.ulps, static_cast<int>(i));
    }
    for (unsigned i = threadIdx.x; i < kCategoryCount; i += blockDim.x) {
        if (block.by_category[i] != 0) atomicAdd(&batch.by_category[i], block.by_category[i]);
    }
    for (unsigned i = threadIdx.x; i < UlpSteps::kBuckets; i += blockDim.x) {
        if (block.steps[i] != 0) atomicAdd(&batch.steps[i], block.steps[i]);
    }
    if (threadIdx.x == 0) {
        if (block.ftz_changed != 0) atomicAdd(&batch.ftz_changed, block.ftz_changed);
        if (block.counted != 0) atomicAdd(&batch.counted, block.counted);
    }
    flush_map(batch.map_tested, block.map);
}

}  // namespace fpv::gpu::kernel_detail
