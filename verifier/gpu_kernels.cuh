// The GPU side of a campaign: each thread generates its inputs from (class key, index), runs
// the implementation, and writes inputs and result for the host to judge. Exhaustive sweeps,
// whose input is the index itself, write results only (inputs == nullptr): a third of the
// traffic over the bus. One kernel per (impl, class), instantiated from the op types' lists in
// the translation unit of the impl's nvcc flags (verifier/gpu_config_*.cu). Under the exact
// reference a second kernel judges on the GPU: it counts the results its op's exact check
// certifies and hands the host only the rest, with MPFR's sample.
#pragma once

#include <cuda_runtime.h>

#include "model/input_set.h"
#include "ops/dispatch.h"
#include "reference/ff_verdict.h"
#include "reference/reference_mode.h"
#include "verifier/backend.h"

namespace fpv::gpu {

template <class Op, class Impl, class Generator>
__global__ void evaluate(Generator generator, uint64_t begin, uint64_t count, Operands* inputs, uint64_t* results) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        const Operands in = generator(begin + i);
        if (inputs != nullptr) inputs[i] = in;
        results[i] = run_impl<Op, Impl>(in);
    }
}

// What the exact kernel accumulates per batch: results it handed the host (it stores the first
// `capacity` of them; more means the batch must be run again in smaller parts) and results it
// certified and kept to itself.
struct ExactCounts {
    unsigned long long handed = 0, certified = 0;
};

template <class Op, class Impl, class Generator>
__global__ void evaluate_certified(Generator generator, uint64_t begin, uint64_t count, Rounding rounding, bool ftz,
                                   IndexedResult* handed, uint64_t capacity, ExactCounts* counts) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    unsigned long long certified = 0;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        const uint64_t index = begin + i;
        const Operands in = generator(index);
        const uint64_t result = run_impl<Op, Impl>(in);
        if (Op::exact_check::certifies(in, result, rounding, ftz) && !exact_sampled(index)) {
            ++certified;
            continue;
        }
        const unsigned long long slot = atomicAdd(&counts->handed, 1ull);
        if (slot < capacity) handed[slot] = IndexedResult{index, result};
    }
    // One atomic per warp: every lane reaches here, its loop done.
    for (int offset = 16; offset > 0; offset /= 2) certified += __shfl_down_sync(0xffffffffu, certified, offset);
    if ((threadIdx.x & 31u) == 0 && certified != 0) atomicAdd(&counts->certified, certified);
}

struct LaunchArgs {
    unsigned grid = 0, block = 256;
    cudaStream_t stream = nullptr;
    uint64_t begin = 0, count = 0;
    Operands* inputs = nullptr;
    uint64_t* results = nullptr;
    // The exact kernel's, when `counts` is set.
    ExactCounts* counts = nullptr;
    IndexedResult* handed = nullptr;
    uint64_t capacity = 0;
    Rounding rounding = Rounding::rn;
    bool ftz = false;
};

// Launches Impl's kernel for the unit's class.
template <class Op, class Impl>
void launch_impl(const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
    with_class<Op>(inputs.class_index, [&](auto class_type) {
        using Class = typename decltype(class_type)::type;
        if constexpr (!is_none<typename Op::exact_check>) {
            if (a.counts != nullptr) {
                evaluate_certified<Op, Impl><<<a.grid, a.block, 0, a.stream>>>(
                    Generator<Class>{params}, a.begin, a.count, a.rounding, a.ftz, a.handed, a.capacity, a.counts);
                return;
            }
        }
        evaluate<Op, Impl><<<a.grid, a.block, 0, a.stream>>>(Generator<Class>{params}, a.begin, a.count, a.inputs,
                                                              a.results);
    });
}

// Launches `impl`'s kernel if it is one of the impls built with kConfig: true when it was.
template <NvccConfig kConfig>
bool launch_in_config(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
    bool launched = false;
    with_op(impl.op, [&](auto op_tag) {
        using Op = typename decltype(op_tag)::type;
        for_each_type(concat_t<typename Op::impls, typename Op::natives>{}, [&](auto impl_type) {
            using Impl = typename decltype(impl_type)::type;
            if constexpr (Impl::where != Where::host && Impl::nvcc == kConfig) {
                if (!launched && !impl.plugin && impl.variant() == Impl::spec.variant) {
                    launch_impl<Op, Impl>(inputs, params, a);
                    launched = true;
                }
            }
        });
    });
    return launched;
}

// The translation units of each set of nvcc flags (verifier/gpu_config_*.cu), and the plug-ins'
// (verifier/gpu_plugins.cu): true when `impl` was one of theirs and its kernel was launched.
bool launch_config_standard(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a);
bool launch_config_ieee(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a);
bool launch_config_approx(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a);
bool launch_config_ieee_ftz(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a);
bool launch_config_approx_ftz(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params,
                              const LaunchArgs& a);
bool launch_plugin(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a);

// Launches the evaluation kernel of `impl` for the unit's generator (params: device copies).
// Throws for an impl without one.
void launch_evaluate(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a);

// Judges the float-float results a.results[0, a.count) of inputs a.inputs with the fast
// reference into verdicts[] (verifier/gpu_judge.cu).
void launch_judge_float_float(const ImplInfo& impl, const LaunchArgs& a, CompactVerdict* verdicts);

}  // namespace fpv::gpu
