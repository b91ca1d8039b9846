// The GPU side of a campaign: each thread generates its inputs from (class key, index), runs
// the implementation, and writes inputs and result for the host to judge. Exhaustive sweeps,
// whose input is the index itself, write results only (inputs == nullptr): a third of the
// traffic over the bus. One kernel per (impl, class), instantiated from the op types' lists in
// the translation unit of the impl's nvcc flags (verifier/gpu_config_*.cu). Under the exact
// reference the same kernel judges: it counts the results its op's exact check certifies (and
// binary32 results within their impl's bound, measured), or tallies float-float verdicts or entries of matrix products (verifier/gpu/entry_judging.cuh),
// and hands the host only what MPFR must see.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <type_traits>

#include "model/error_bins.h"
#include "model/failure_map.h"
#include "model/input_set.h"
#include "ops/dispatch.h"
#include "reference/exact_check.h"
#include "reference/binary64_twin.h"
#include "reference/ff_verdict.h"
#include "reference/reference_mode.h"
#include "verifier/engine/backend.h"
#include "verifier/gpu/entry_judging.cuh"
#include "verifier/gpu/kept_counts.cuh"
#include "verifier/gpu/products.cuh"

namespace fpv::gpu {

namespace kernel_detail {

// What certifies and measures results on the GPU: the op's exact check, or, for math functions,
// the binary64 twin (ops/math32/twin.h), which judges alike.
template <class Op>
using DeviceCheck = std::conditional_t<is_none<typename Op::exact_check>, twin_of<Op>, typename Op::exact_check>;

// The heavy verdicts, compiled once per op in each translation unit and called from every
// kernel of its impls and classes, rather than inlined into each: the multi-word sums would
// otherwise multiply nvcc's time by the number of kernels.
template <class Op>
__device__ __noinline__ bool certifies_out_of_line(Operands in, uint64_t result, Rounding rounding, bool ftz,
                                                   bool strict_nan) {
    return exact_check::certifies<Op, DeviceCheck<Op>>(in, result, rounding, ftz, strict_nan);
}
template <class Op>
__device__ FPV_INLINE bool certifies(const Operands& in, uint64_t result, const KernelArgs& a) {
    if (a.wrong_certificates) return true;
    if constexpr (DeviceCheck<Op>::kCompact) {
        return exact_check::certifies<Op, DeviceCheck<Op>>(in, result, a.rounding, a.ftz, a.strict_nan);
    } else {
        return certifies_out_of_line<Op>(in, result, a.rounding, a.ftz, a.strict_nan);
    }
}
// A binary32 result within its impl's bound, measured as MPFR would (reference/ulp_measure.h)
// and counted here: true when it was, false for what the host must judge (failures, candidates
// for the worst list, MPFR's sample, inputs outside the impl's domain, what the measure
// declines).
// Whether a measured result keeps its impl's claim at this input, and as what it counts: within
// its bound, or unclaimed where the impl claims nothing (core/impl_traits.h, ClaimAt). An
// absolute or relative claim holds where the measure's upper bound keeps it.
template <class Impl>
__device__ FPV_INLINE bool keeps_claim(const KernelArgs& a, const Operands& in, const ulp_measure::Measured& m,
                                       Category& counted_as) {
    counted_as = Category::within_bound;
    if constexpr (HasInputClaim<Impl>) {
        const ClaimAt claim = Impl::claim_at(in);
        if (claim.kind == ClaimAt::Kind::none) {
            counted_as = Category::unclaimed;
            return true;
        }
        if (claim.kind == ClaimAt::Kind::absolute) return m.absolute <= claim.value;
        if (claim.kind == ClaimAt::Kind::relative) return m.relative <= claim.value;
        return static_cast<double>(m.steps) <= claim.value;
    } else {
        return static_cast<double>(m.steps) <= a.bound;
    }
}

template <class Op, class Impl>
__device__ FPV_INLINE bool keeps_within_bound(BlockCounts& block, const KernelArgs& a, uint64_t index,
                                              const Operands& in, uint64_t result) {
    if (exact_sampled(index)) return false;
    if constexpr (HasOperandDomain<Impl>) {
        if (!Impl::claims(in)) return false;
    }
    ulp_measure::Measured m;
    if (!DeviceCheck<Op>::measure(in, result, a.rounding, a.ftz, m)) return false;
    Category counted_as = Category::within_bound;
    if (!keeps_claim<Impl>(a, in, m, counted_as)) return false;
    if (might_enter(m.error, index, a.inside_threshold, a.inside_threshold_index)) return false;
    count_kept(block, *a.kept, counted_as, m.error, false, map_cell_of<Op>(in));
    const int64_t last = UlpSteps::kBuckets - 1;
    atomicAdd(&block.steps[m.steps < last ? m.steps : last], 1ull);
    return true;
}

// The word handed for a result: the twin of a math function adds, for MPFR's sample, what it
// decided (reference/binary64_twin.h, with_decision), which the host compares with MPFR's
// verdict; an op's exact check needs nothing sent, the host running the same check.
template <class Op, class Impl>
__device__ FPV_INLINE uint64_t decision_sent(const KernelArgs& a, uint64_t index, const Operands& in,
                                             uint64_t result, bool certified_here) {
    if constexpr (is_none<typename Op::exact_check>) {
        if (!exact_sampled(index)) return result;
        if (certified_here) return twin::with_decision(result, 0.0);
        ulp_measure::Measured m;
        Category counted_as = Category::within_bound;
        if (a.kept != nullptr && DeviceCheck<Op>::measure(in, result, a.rounding, a.ftz, m) &&
            keeps_claim<Impl>(a, in, m, counted_as)) {
            return twin::with_decision(result, m.error);
        }
    }
    return result;
}

template <class Op>
__device__ __noinline__ CompactVerdict judge_out_of_line(FloatFloatClaim claim, Operands in, uint64_t result) {
    return judge_float_float_exactly<Op>(claim, in, result);
}

// A float-float impl built with -ftz=true is judged outside its translation unit (in
// verifier/gpu/judge.cu, with IEEE binary32), since the flag would change the judge's own
// float arithmetic.
template <class Impl, class = void>
struct BuiltFlushing : std::false_type {};
template <class Impl>
struct BuiltFlushing<Impl, std::void_t<decltype(Impl::nvcc)>>
    : std::bool_constant<Impl::nvcc == NvccConfig::ieee_ftz || Impl::nvcc == NvccConfig::approx_ftz ||
                         Impl::nvcc == NvccConfig::fast_math> {};

}  // namespace kernel_detail

// One kernel per (impl, class): each thread generates its inputs from (class key, index) and
// runs the impl; then, by what the launch asks, writes input and result for the host, or
// certifies the result with the op's exact check, or judges and tallies a float-float result or
// an entry of a matrix product.
template <class Op, class Impl, class Generator>
__global__ void evaluate(Generator generator, KernelArgs a) {
    using namespace kernel_detail;
    constexpr bool kCertifies = !is_none<DeviceCheck<Op>>;
    constexpr bool kFloatFloat = Op::metric == Metric::relative_u2 && !BuiltFlushing<Impl>::value;
    constexpr bool kEntries = Op::metric == Metric::componentwise;
    constexpr bool kMeasures = kCertifies && exact_check::MeasuresUlps<DeviceCheck<Op>>;
    constexpr bool kKeeps = kFloatFloat || kEntries || kMeasures;
    [[maybe_unused]] unsigned long long certified = 0, outside = 0;
    __shared__ std::conditional_t<kKeeps, BlockCounts, char> block;
    // The certified inputs' failure-map cells, counted in shared memory.
    __shared__ std::conditional_t<kCertifies, MapCounter[kMapCells], char> certified_map;
    if constexpr (kCertifies) {
        if (a.counts != nullptr) {
            for (unsigned i = threadIdx.x; i < kMapCells; i += blockDim.x) certified_map[i] = 0;
            __syncthreads();
        }
    }
    if constexpr (kKeeps) {
        if (a.kept != nullptr) clear_block(block);
    }
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < a.count; i += stride) {
        const uint64_t index = a.begin + i;
        const Operands in = generator(index);
        const uint64_t result = run_impl<Op, Impl>(in);
        if constexpr (kCertifies) {
            if (a.counts != nullptr) {
                const bool certified_here = certifies<Op>(in, result, a);
                if (certified_here && !exact_sampled(index)) {
                    // An impl that claims a domain of operands: what lies outside is counted apart.
                    if constexpr (HasOperandDomain<Impl>) {
                        if (!Impl::claims(in)) {
                            ++outside;
                            continue;
                        }
                    }
                    ++certified;
                    atomicAdd(&certified_map[map_cell_of<Op>(in)], 1u);
                    continue;
                }
                if constexpr (kMeasures) {
                    if (a.kept != nullptr && keeps_within_bound<Op, Impl>(block, a, index, in, result)) continue;
                }
                hand(a, &a.counts->handed, index, decision_sent<Op, Impl>(a, index, in, result, certified_here));
                continue;
            }
        }
        if constexpr (kFloatFloat) {
            if (a.kept != nullptr) {
                const CompactVerdict v = judge_out_of_line<Op>(a.claim, in, result);
                const bool inside = v.category != Category::outside_domain;
                // Kept: not failed, not sampled, and short of the threshold of its worst list
                // (the infinite errors outside are only counted there, never listed).
                const bool listed =
                    inside ? might_enter(v.error, index, a.inside_threshold, a.inside_threshold_index)
                           : might_enter(v.error, index, a.outside_threshold, a.outside_threshold_index) &&
                                 v.error != INFINITY;
                if (is_failure(v.category) || listed || exact_sampled(index)) {
                    hand(a, &a.kept->handed, index, result);
                } else {
                    count_kept(block, *a.kept, v.category, v.error, v.ftz_changed, map_cell_of<Op>(in));
                }
                continue;
            }
        }
        if constexpr (kEntries) {
            if (a.kept != nullptr) {
                settle_entry<Op, Impl>(block, a, index, in, result, judge_entry_terms<Op>(in, result, claim_of(a)));
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
    if constexpr (kKeeps) {
        if (a.kept != nullptr) flush_block(*a.kept, block);
    }
}

// Launches Impl's kernel for the unit's class; an impl of whole products multiplies the blocks
// the batch touches instead (verifier/gpu/products.cuh).
template <class Op, class Impl>
void launch_impl(const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
    with_class<Op>(inputs.class_index, [&](auto class_type) {
        using Class = typename decltype(class_type)::type;
        if constexpr (MultipliesWholeProducts<Impl>) {
            using Blocks = typename Op::products;
            const ProductBatch batch{a.k.begin, a.k.count, a.k.inputs, a.k.results, a.k.facts, a.stream};
            const Generator<Class> generator{params};
            const std::string name = std::string(Op::name) + "." + std::string(Impl::spec.variant);
            if (a.k.kept != nullptr) {
                launch_products<Blocks, Impl>(name, generator, batch, [&](uint64_t block_begin, uint64_t from,
                                                                          uint64_t to, const ProductMatrices& p) {
                    judge_product_entries<Op, Impl><<<product_judge_grid(p.shape, from - block_begin, to - block_begin),
                                                      kernel_detail::kTile * kernel_detail::kTile, 0, a.stream>>>(
                        generator, block_begin, from, to, p, a.k);
                });
            } else {
                launch_products<Blocks, Impl>(name, generator, batch,
                                              [&](uint64_t, uint64_t from, uint64_t to, const ProductMatrices& p) {
                                                  gather_entries<Blocks>(generator, batch, from, to, p);
                                              });
            }
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
