// Timing the GPU half of an exhaustive sweep alone: the campaign's own evaluation kernel over
// every input of the set, with and without the copy of the results to pinned host memory, and
// no judging. Compared with the end-to-end campaign it shows what the host costs.
#include <algorithm>
#include <stdexcept>

#include "verifier/gpu/cuda_check.cuh"
#include "verifier/gpu/backend.h"
#include "verifier/gpu/kernels.cuh"

namespace fpv {

SweepTiming gpu_sweep_timing(const ImplInfo& impl, const InputSet& inputs, int device) {
    constexpr uint64_t kBatch = uint64_t{1} << 26;  // the GPU backend's largest batch
    FPV_CUDA(cudaSetDevice(device));
    cudaDeviceProp prop;
    FPV_CUDA(cudaGetDeviceProperties(&prop, device));
    // Sweeps only (bench --sweep checks): the input is the index, only results travel.
    if (!inputs.exhaustive) throw std::logic_error("gpu_sweep_timing: not an exhaustive class");
    uint64_t *device_results = nullptr, *host_results = nullptr;
    FPV_CUDA(cudaMalloc(&device_results, kBatch * sizeof(uint64_t)));
    FPV_CUDA(cudaHostAlloc(&host_results, kBatch * sizeof(uint64_t), cudaHostAllocDefault));
    cudaStream_t stream;
    FPV_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    cudaEvent_t start, stop;
    FPV_CUDA(cudaEventCreate(&start));
    FPV_CUDA(cudaEventCreate(&stop));

    const auto sweep = [&](bool copy) {
        FPV_CUDA(cudaEventRecord(start, stream));
        for (uint64_t at = 0; at < inputs.size; at += kBatch) {
            gpu::LaunchArgs a;
            a.k.count = std::min(kBatch, inputs.size - at);
            a.grid = static_cast<unsigned>(std::min<uint64_t>(
                static_cast<uint64_t>(prop.multiProcessorCount) * 16, (a.k.count + a.block - 1) / a.block));
            a.stream = stream;
            a.k.begin = at;
            a.k.inputs = nullptr;
            a.k.results = device_results;
            gpu::launch_evaluate(impl, inputs, inputs.params(), a);
            FPV_CUDA(cudaGetLastError());
            if (copy) {
                FPV_CUDA(cudaMemcpyAsync(host_results, device_results, a.k.count * sizeof(uint64_t),
                                         cudaMemcpyDeviceToHost, stream));
            }
        }
        FPV_CUDA(cudaEventRecord(stop, stream));
        FPV_CUDA(cudaEventSynchronize(stop));
        float ms = 0;
        FPV_CUDA(cudaEventElapsedTime(&ms, start, stop));
        return ms / 1e3;
    };
    sweep(false);  // warm-up: module load, clocks
    SweepTiming t;
    t.evaluate_seconds = 1e30;
    t.with_copy_seconds = 1e30;
    for (int run = 0; run < 3; ++run) {
        t.evaluate_seconds = std::min(t.evaluate_seconds, static_cast<double>(sweep(false)));
        t.with_copy_seconds = std::min(t.with_copy_seconds, static_cast<double>(sweep(true)));
    }
    t.inputs = inputs.size;
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(stream);
    cudaFreeHost(host_results);
    cudaFree(device_results);
    return t;
}

}  // namespace fpv
