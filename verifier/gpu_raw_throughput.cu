// Raw throughput on the GPU, measured as the seed post measured division: every thread calls an
// impl `reps` times in a dependent chain, each result feeding the next call (the op's raw_chain
// trait says how), so that nothing can be hoisted out of the loop.
#include <algorithm>

#include "verifier/cuda_check.cuh"
#include "verifier/gpu_backend.h"
#include "verifier/gpu_kernels.cuh"

namespace fpv {
namespace {

template <class Op, class Impl>
__global__ void dependent_chain(uint64_t threads, int reps, uint64_t* out) {
    using Chain = typename Op::raw_chain;
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < threads; i += stride) {
        Operands in = Chain::start(i);
#pragma unroll 1
        for (int r = 0; r < reps; ++r) in = Chain::next(in, run_impl<Op, Impl>(in));
        out[i] = in.a;
    }
}

template <class Kernel>
RawThroughput time_kernel(std::string name, uint64_t threads, int reps, Kernel launch) {
    cudaEvent_t start, stop;
    FPV_CUDA(cudaEventCreate(&start));
    FPV_CUDA(cudaEventCreate(&stop));
    float best = 1e30f;
    for (int run = 0; run < 6; ++run) {  // the first run warms up and is not counted
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

}  // namespace

std::vector<RawThroughput> gpu_raw_throughput(int device, uint64_t threads, int reps) {
    FPV_CUDA(cudaSetDevice(device));
    uint64_t* out = nullptr;
    FPV_CUDA(cudaMalloc(&out, threads * sizeof(uint64_t)));
    std::vector<RawThroughput> results;
    const unsigned grid = static_cast<unsigned>((threads + 127) / 128);
    for_each_type(AllOps{}, [&](auto op_type) {
        using Op = typename decltype(op_type)::type;
        if constexpr (!is_none<typename Op::raw_chain>) {
            for_each_type(concat_t<typename Op::impls, typename Op::natives>{}, [&](auto impl_type) {
                using Impl = typename decltype(impl_type)::type;
                // The impls of fpverify's default nvcc flags, which this translation unit has.
                if constexpr (Impl::where != Where::host && Impl::nvcc == NvccConfig::standard) {
                    const std::string name = std::string(Op::name) + "." + std::string(Impl::spec.variant);
                    results.push_back(time_kernel(name, threads, reps, [&] {
                        dependent_chain<Op, Impl><<<grid, 128>>>(threads, reps, out);
                    }));
                }
            });
        }
    });
    cudaFree(out);
    return results;
}

}  // namespace fpv
