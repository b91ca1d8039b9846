// Raw division throughput on the GPU, measured as the seed post did: every thread divides a
// running dividend by its own divisor, `reps` times in a dependent chain.
#include <algorithm>

#include "verifier/cuda_check.cuh"
#include "verifier/gpu_backend.h"
#include "verifier/gpu_kernels.cuh"

namespace fpv {
namespace {

template <class Impl>
__global__ void dependent_divisions(Impl impl, uint64_t threads, int reps, uint64_t* out) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < threads; i += stride) {
        uint64_t dividend = bits_of(3.14159265358979);
        const uint64_t divisor = bits_of(0.999999999999999) + i;
#pragma unroll 1
        for (int r = 0; r < reps; ++r) dividend = impl(dividend, divisor);
        out[i] = dividend;
    }
}

template <class Impl>
RawThroughput measure(uint64_t threads, int reps, uint64_t* out) {
    const unsigned grid = static_cast<unsigned>((threads + 127) / 128);
    cudaEvent_t start, stop;
    FPV_CUDA(cudaEventCreate(&start));
    FPV_CUDA(cudaEventCreate(&stop));
    float best = 1e30f;
    for (int run = 0; run < 6; ++run) {  // the first run warms up and is not counted
        FPV_CUDA(cudaEventRecord(start));
        dependent_divisions<<<grid, 128>>>(Impl{}, threads, reps, out);
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
    r.impl = Impl::name;
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
#define FPV_RAW(op, variant, ...) results.push_back(measure<gpu::Impl_##op##_##variant>(threads, reps, out));
    FPV_PORTABLE_IMPLS(FPV_RAW)
    FPV_DEVICE_ONLY_IMPLS(FPV_RAW)
#undef FPV_RAW
    cudaFree(out);
    return results;
}

}  // namespace fpv
