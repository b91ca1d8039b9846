// The GPU side of a campaign: each thread generates its inputs from (class key, index), runs
// the implementation, and writes inputs and result for the host to judge. Exhaustive sweeps,
// whose input is the index itself, write results only (inputs == nullptr): a third of the
// traffic over the bus. One kernel per (impl, class), instantiated from the op types' lists in
// the translation unit of the impl's nvcc flags (verifier/gpu_config_*.cu). Under the exact
// reference the same kernel judges: it counts the results its op's exact check certifies, or
// tallies float-float verdicts, and hands the host only what MPFR must see.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <type_traits>

#include "model/error_bins.h"
#include "model/failure_map.h"
#include "model/input_set.h"
#include "ops/dispatch.h"
#include "reference/exact_check.h"
#include "reference/ff_verdict.h"
#include "reference/reference_mode.h"
#include "verifier/engine/backend.h"
#include "verifier/gpu/products.cuh"

namespace fpv::gpu {

// What the exact kernel accumulates per batch: results it handed the host (it stores the first
// `capacity` of them; more means the batch must be run again in smaller parts) and results it
// certified and kept to itself.
struct ExactCounts {
    unsigned long long handed = 0, certified = 0;
    unsigned long long certified_outside = 0;  // certified, outside the impl's domain of operands
    unsigned long long map_tested[kMapCells] = {};  // the certified inside the domain, by map cell
};

// What the float-float kernel accumulates per batch for the results it keeps to itself: their
// number, categories and error histograms (the Tally's bins, model/error_bins.h), and how many
// answers flushing changed. It hands the host, as (index, result), the failures, the candidates
// for the worst lists (errors at or above the thresholds) and MPFR's sample.
struct FloatFloatCounts {
    unsigned long long handed = 0, counted = 0, ftz_changed = 0;
    unsigned long long by_category[kCategoryCount] = {};
    unsigned long long inside[kErrorSlots] = {}, outside[kErrorSlots] = {};
    unsigned long long map_tested[kMapCells] = {};  // the kept inside the domain, by map cell
};

// What a kernel is asked to do: write every input and result (`counts` and `ff` null), or judge
// on the GPU and hand over only what the host must see.
struct KernelArgs {
    uint64_t begin = 0, count = 0;
    Operands* inputs = nullptr;  // null for exhaustive sweeps, whose input is the index
    uint64_t* results = nullptr;
    IndexedResult* handed = nullptr;
    uint64_t capacity = 0;
    ExactCounts* counts = nullptr;  // the exact check's certified counts
    Rounding rounding = Rounding::rn;
    bool ftz = false, strict_nan = false;
    bool wrong_certificates = false;  // tests only (ops/judge.h, wrong_certificates_planted)
    FloatFloatCounts* ff = nullptr;  // float-float tallies
    FloatFloatClaim claim;
    // The worst lists' entry thresholds: an error above one, or equal to it at a lower input
    // index (the lists break ties by index), might enter its list.
    double inside_threshold = -1, outside_threshold = -1;
    uint64_t inside_threshold_index = 0, outside_threshold_index = 0;
    ProductFacts* facts = nullptr;  // whole-product impls: what ran in each product
};

// A block counts failure-map cells in 32 bits (half the shared memory and bank traffic of 64):
// the launch keeps every thread under kMapIterationsPerThread inputs, so that no block counts
// 2^31 inputs in one cell.
using MapCounter = unsigned int;
constexpr uint64_t kMapIterationsPerThread = uint64_t{1} << 22;

struct LaunchArgs {
    unsigned grid = 0, block = 256;
    cudaStream_t stream = nullptr;
    KernelArgs k;
};

namespace kernel_detail {

// The heavy verdicts, compiled once per op in each translation unit and called from every
// kernel of its impls and classes, rather than inlined into each: the multi-word sums would
// otherwise multiply nvcc's time by the number of kernels.
template <class Op>
__device__ __noinline__ bool certifies_out_of_line(Operands in, uint64_t result, Rounding rounding, bool ftz,
                                                   bool strict_nan) {
    return exact_check::certifies<Op>(in, result, rounding, ftz, strict_nan);
}
template <class Op>
__device__ FPV_INLINE bool certifies(const Operands& in, uint64_t result, const KernelArgs& a) {
    if (a.wrong_certificates) return true;
    if constexpr (Op::exact_check::kCompact) {
        return exact_check::certifies<Op>(in, result, a.rounding, a.ftz, a.strict_nan);
    } else {
        return certifies_out_of_line<Op>(in, result, a.rounding, a.ftz, a.strict_nan);
    }
}
template <class Op>
__device__ __noinline__ CompactVerdict judge_out_of_line(FloatFloatClaim claim, Operands in, uint64_t result) {
    return judge_float_float_exactly<Op>(claim, in, result);
}

__device__ FPV_INLINE bool might_enter(double error, uint64_t index, double threshold, uint64_t threshold_index) {
    return !(error <= threshold) || (error == threshold && index < threshold_index);
}

// A float-float impl built with -ftz=true is judged outside its translation unit (in
// verifier/gpu/judge.cu, with IEEE binary32), since the flag would change the judge's own
// float arithmetic.
template <class Impl, class = void>
struct BuiltFlushing : std::false_type {};
template <class Impl>
struct BuiltFlushing<Impl, std::void_t<decltype(Impl::nvcc)>>
    : std::bool_constant<Impl::nvcc == NvccConfig::ieee_ftz || Impl::nvcc == NvccConfig::approx_ftz> {};

__device__ FPV_INLINE void hand(const KernelArgs& a, unsigned long long* handed_count, uint64_t index,
                                uint64_t result) {
    const unsigned long long slot = atomicAdd(handed_count, 1ull);
    if (slot < a.capacity) a.handed[slot] = IndexedResult{index, result};
}

// A block's share of the float-float counts, in shared memory: the categories and a window of
// histogram bins that holds nearly every error in u^2; other bins go straight to the batch's.
constexpr int kWindowLowestBin = -96, kWindowBins = 128;
struct BlockCounts {
    unsigned long long by_category[kCategoryCount];
    unsigned long long inside[kWindowBins + 2], outside[kWindowBins + 2];  // + zero, infinity
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

// Counts one kept verdict, one shared atomic per group of lanes with the same category and bin.
__device__ FPV_INLINE void count_kept(BlockCounts& block, FloatFloatCounts& batch, const CompactVerdict& v, int cell) {
    namespace cg = cooperative_groups;
    const bool inside = v.category != Category::outside_domain;
    const int bin = error_bin(v.error);
    const int slot = window_slot(bin);
    const unsigned key = static_cast<unsigned>(v.category) << 16 | (inside ? 0x8000u : 0u) |
                         static_cast<unsigned>(error_slot(bin));
    const cg::coalesced_group active = cg::coalesced_threads();
    const cg::coalesced_group peers = cg::labeled_partition(active, key);
    if (peers.thread_rank() == 0) {
        const unsigned long long n = peers.size();
        atomicAdd(&block.by_category[static_cast<int>(v.category)], n);
        atomicAdd(&block.counted, n);
        if (slot >= 0) {
            atomicAdd(inside ? &block.inside[slot] : &block.outside[slot], n);
        } else {
            atomicAdd(inside ? &batch.inside[error_slot(bin)] : &batch.outside[error_slot(bin)], n);
        }
    }
    if (v.ftz_changed) atomicAdd(&block.ftz_changed, 1ull);
    if (inside) atomicAdd(&block.map[cell], 1u);
}

// A block's failure-map counts go to the batch's once, at its end.
__device__ FPV_INLINE void flush_map(unsigned long long* batch, const MapCounter* block) {
    for (unsigned i = threadIdx.x; i < kMapCells; i += blockDim.x) {
        if (block[i] != 0) atomicAdd(&batch[i], static_cast<unsigned long long>(block[i]));
    }
}

__device__ FPV_INLINE void add_window(unsigned long long* batch, const unsigned long long* block, int i) {
    const int bin = i == kWindowBins ? kBinZeroError : i == kWindowBins + 1 ? kBinInfiniteError : i + kWindowLowestBin;
    if (block[i] != 0) atomicAdd(&batch[error_slot(bin)], block[i]);
}

}  // namespace kernel_detail

// One kernel per (impl, class): each thread generates its inputs from (class key, index) and
// runs the impl; then, by what the launch asks, writes input and result for the host, or
// certifies the result with the op's exact check, or judges and tallies a float-float result.
template <class Op, class Impl, class Generator>
__global__ void evaluate(Generator generator, KernelArgs a) {
    using namespace kernel_detail;
    constexpr bool kCertifies = !is_none<typename Op::exact_check>;
    constexpr bool kFloatFloat = Op::metric == Metric::relative_u2 && !BuiltFlushing<Impl>::value;
    [[maybe_unused]] unsigned long long certified = 0, outside = 0;
    __shared__ std::conditional_t<kFloatFloat, BlockCounts, char> block;
    // The certified inputs' failure-map cells, counted in shared memory.
    __shared__ std::conditional_t<kCertifies, MapCounter[kMapCells], char> certified_map;
    if constexpr (kCertifies) {
        if (a.counts != nullptr) {
            for (unsigned i = threadIdx.x; i < kMapCells; i += blockDim.x) certified_map[i] = 0;
            __syncthreads();
        }
    }
    if constexpr (kFloatFloat) {
        if (a.ff != nullptr) {
            auto* words = reinterpret_cast<unsigned long long*>(&block);
            for (unsigned i = threadIdx.x; i < sizeof(BlockCounts) / sizeof(unsigned long long); i += blockDim.x) {
                words[i] = 0;
            }
            __syncthreads();
        }
    }
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < a.count; i += stride) {
        const uint64_t index = a.begin + i;
        const Operands in = generator(index);
        const uint64_t result = run_impl<Op, Impl>(in);
        if constexpr (kCertifies) {
            if (a.counts != nullptr) {
                if (certifies<Op>(in, result, a) && !exact_sampled(index)) {
                    // An impl that claims a domain of operands: what lies outside is counted apart.
                    if constexpr (HasOperandDomain<Impl>) {
                        if (!Impl::claims(in)) {
                            ++outside;
                            continue;
                        }
                    }
                    ++certified;
                    atomicAdd(&certified_map[map_cell_of<Op>(in)], 1u);
                } else {
                    hand(a, &a.counts->handed, index, result);
                }
                continue;
            }
        }
        if constexpr (kFloatFloat) {
            if (a.ff != nullptr) {
                const CompactVerdict v = judge_out_of_line<Op>(a.claim, in, result);
                const bool inside = v.category != Category::outside_domain;
                // Kept: not failed, not sampled, and short of the threshold of its worst list
                // (the infinite errors outside are only counted there, never listed).
                const bool listed =
                    inside ? might_enter(v.error, index, a.inside_threshold, a.inside_threshold_index)
                           : might_enter(v.error, index, a.outside_threshold, a.outside_threshold_index) &&
                                 v.error != INFINITY;
                if (is_failure(v.category) || listed || exact_sampled(index)) {
                    hand(a, &a.ff->handed, index, result);
                } else {
                    count_kept(block, *a.ff, v, map_cell_of<Op>(in));
                }
                continue;
            }
        }
        if (a.inputs != nullptr) a.inputs[i] = in;
        a.results[i] = result;
    }
    if constexpr (kCertifies) {
        if (a.counts != nullptr) {
            // One atomic per warp: every lane reaches here, its loop done.
            for (int offset = 16; offset > 0; offset /= 2) {
                certified += __shfl_down_sync(0xffffffffu, certified, offset);
                outside += __shfl_down_sync(0xffffffffu, outside, offset);
            }
            if ((threadIdx.x & 31u) == 0 && certified != 0) atomicAdd(&a.counts->certified, certified);
            if ((threadIdx.x & 31u) == 0 && outside != 0) atomicAdd(&a.counts->certified_outside, outside);
            __syncthreads();
            flush_map(a.counts->map_tested, certified_map);
        }
    }
    if constexpr (kFloatFloat) {
        if (a.ff != nullptr) {
            __syncthreads();
            for (unsigned i = threadIdx.x; i < kWindowBins + 2; i += blockDim.x) {
                add_window(a.ff->inside, block.inside, static_cast<int>(i));
                add_window(a.ff->outside, block.outside, static_cast<int>(i));
            }
            for (unsigned i = threadIdx.x; i < kCategoryCount; i += blockDim.x) {
                if (block.by_category[i] != 0) atomicAdd(&a.ff->by_category[i], block.by_category[i]);
            }
            if (threadIdx.x == 0) {
                if (block.ftz_changed != 0) atomicAdd(&a.ff->ftz_changed, block.ftz_changed);
                if (block.counted != 0) atomicAdd(&a.ff->counted, block.counted);
            }
            flush_map(a.ff->map_tested, block.map);
        }
    }
}

// Launches Impl's kernel for the unit's class; an impl of whole products multiplies the blocks
// the batch touches instead (verifier/gpu/products.cuh).
template <class Op, class Impl>
void launch_impl(const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
    with_class<Op>(inputs.class_index, [&](auto class_type) {
        using Class = typename decltype(class_type)::type;
        if constexpr (MultipliesWholeProducts<Impl>) {
            const ProductBatch batch{a.k.begin, a.k.count, a.k.inputs, a.k.results, a.k.facts, a.stream};
            launch_products<typename Op::products, Impl>(std::string(Op::name) + "." + std::string(Impl::spec.variant), Generator<Class>{params},
                                  batch);
        } else {
            evaluate<Op, Impl><<<a.grid, a.block, 0, a.stream>>>(Generator<Class>{params}, a.k);
        }
    });
}

// Launches `impl`'s kernel if it is one of the impls built with kConfig in part kPart of
// kParts (impls are dealt to the parts in turn): true when it was.
template <NvccConfig kConfig, int kPart, int kParts>
bool launch_in_config(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
    bool launched = false;
    with_op(impl.op, [&](auto op_tag) {
        using Op = typename decltype(op_tag)::type;
        using Impls = concat_t<typename Op::impls, typename Op::natives>;
        for_each_type(Impls{}, [&](auto impl_type) {
            using Impl = typename decltype(impl_type)::type;
            constexpr size_t kDealt = index_in<Op>(AllOps{}) + index_in<Impl>(Impls{});
            if constexpr (Impl::where != Where::host && Impl::nvcc == kConfig && kDealt % kParts == kPart) {
                if (!launched && !impl.plugin && impl.variant() == Impl::spec.variant) {
                    launch_impl<Op, Impl>(inputs, params, a);
                    launched = true;
                }
            }
        });
    });
    return launched;
}

// Each translation unit of kernels (verifier/gpu/config.cu, once per set of nvcc flags and
// part) registers its launcher at start-up; the plug-ins' is launch_plugin
// (verifier/gpu/plugins.cu). Each returns true when `impl` was one of its own and it launched.
using KernelLauncher = bool (*)(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params,
                                const LaunchArgs& a);
bool register_kernels(KernelLauncher launcher);
bool launch_plugin(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a);

// Launches the evaluation kernel of `impl` for the unit's generator (params: device copies).
// Throws for an impl without one.
void launch_evaluate(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a);

// Judges the float-float results a.k.results[0, a.k.count) of inputs a.k.inputs with the fast
// reference into verdicts[] (verifier/gpu/judge.cu).
void launch_judge_float_float(const ImplInfo& impl, const LaunchArgs& a, CompactVerdict* verdicts);

}  // namespace fpv::gpu
