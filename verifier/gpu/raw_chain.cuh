// The kernel and timer of `bench --raw` on the GPU, shared by fpverify's own impls
// (verifier/gpu/raw_throughput.cu) and plug-ins (verifier/gpu/plugins.cu): every thread calls an
// impl `reps` times in a dependent chain, each result feeding the next call as the chain type
// says (an op's raw_chain trait, ops/binary64/raw_chain.h), so that nothing can be hoisted.
#pragma once

#include <algorithm>
#include <string>

#include "core/impl_traits.h"
#include "verifier/gpu/cuda_check.cuh"
#include "verifier/gpu/backend.h"

namespace fpv::gpu {

template <class Op, class Impl, class Chain>
__global__ void dependent_chain(uint64_t threads, int reps, uint64_t* out) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < threads; i += stride) {
        Operands in = Chain::start(i);
#pragma unroll 1
        for (int r = 0; r < reps; ++r) in = Chain::next(in, run_impl<Op, Impl>(in));
        out[i] = in.a;
    }
}

// The fastest of three timed launches, after one that warms up.
template <class Launch>
RawThroughput time_chain(std::string name, uint64_t threads, int reps, Launch launch) {
    cudaEvent_t start, stop;
    FPV_CUDA(cudaEventCreate(&start));
    FPV_CUDA(cudaEventCreate(&stop));
    float best = 1e30f;
    for (int run = 0; run < 4; ++run) {
        FPV_CUDA(cudaEventRecord(start));
        launch();
        FPV_CUDA(cudaGetLastError());
        FPV_CUDA(cudaEventRecord(stop));
        FPV_CUDA(cudaEventSynchronize(stop));
        float ms = 0;
        FPV_CUDA(cudaEventElapsedTime(&ms, start, stop));
        if (run > 0) best = std::min(best, ms);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    RawThroughput r;
    r.impl = std::move(name);
    r.seconds = best / 1000.0;
    r.gops = static_cast<double>(threads) * reps / r.seconds / 1e9;
    return r;
}

// Times Impl with its op's chain, and with the seed post's chain where the op has one (and a
// second operand to hold fixed).
template <class Op, class Impl>
void time_impl(const std::string& name, uint64_t threads, int reps, uint64_t* out, std::vector<RawThroughput>& results) {
    const unsigned grid = static_cast<unsigned>((threads + 127) / 128);
    results.push_back(time_chain(name, threads, reps, [&] {
        dependent_chain<Op, Impl, typename Op::raw_chain><<<grid, 128>>>(threads, reps, out);
    }));
    if constexpr (arity<Op> >= 2 && requires { typename Op::seed_style_chain; }) {
        RawThroughput fixed = time_chain(name, threads, reps, [&] {
            dependent_chain<Op, Impl, typename Op::seed_style_chain><<<grid, 128>>>(threads, reps, out);
        });
        fixed.seed_style = true;
        results.push_back(fixed);
    }
}

// Appends the plug-ins' figures (verifier/gpu/plugins.cu; none without a plug-in).
void plugin_raw_throughput(uint64_t threads, int reps, uint64_t* out, std::vector<RawThroughput>& results);

}  // namespace fpv::gpu
