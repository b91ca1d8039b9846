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

// Float-float and error-free ops: the result feeds the next call's first operand; the second
// operand stays fixed, near 1 for products and quotients and small for sums, so the values stay
// ordinary. Ops on lone floats get the high part with the low part's last bit mixed into its
// own, so that the compiler cannot drop the computation of the low part.
template <OpId kOp>
__device__ __forceinline__ uint64_t feed(uint64_t result) {
    constexpr Signature s = signature_of(kOp);
    if constexpr (s == Signature::f32 || s == Signature::f32_f32) return (result >> 32) ^ (result & 1);
    return result;
}

template <class Impl, OpId kOp>
__global__ void dependent_ff_ops(Impl impl, uint64_t threads, int reps, uint64_t* out) {
    constexpr Signature s = signature_of(kOp);
    constexpr bool sum = kOp == OpId::eft_add || kOp == OpId::ff_add || kOp == OpId::ff_add_f;
    const uint64_t lo = s == Signature::f32 || s == Signature::f32_f32 ? 0 : 0x30800000ull;  // 2^-30
    const uint64_t b_hi = sum ? 0x3a800000ull : 0x3f800001ull;  // 2^-10, or 1 + 2^-23
    const uint64_t b = s == Signature::ff_ff ? (b_hi << 32) | 0x2c000000ull : b_hi;
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < threads; i += stride) {
        const uint64_t hi = 0x3f800000ull + (i & 0xffff);
        uint64_t a = s == Signature::f32 || s == Signature::f32_f32 ? hi : (hi << 32) | lo;
#pragma unroll 1
        for (int r = 0; r < reps; ++r) a = feed<kOp>(impl(a, b));
        out[i] = a;
    }
}

template <class Kernel>
RawThroughput time_kernel(const char* name, uint64_t threads, int reps, Kernel launch) {
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
    r.impl = name;
    r.seconds = best / 1000.0;
    r.gops = static_cast<double>(threads) * reps / r.seconds / 1e9;
    return r;
}

template <class Impl, OpId kOp>
RawThroughput measure_ff(uint64_t threads, int reps, uint64_t* out) {
    const unsigned grid = static_cast<unsigned>((threads + 127) / 128);
    return time_kernel(Impl::name, threads, reps,
                       [&] { dependent_ff_ops<Impl, kOp><<<grid, 128>>>(Impl{}, threads, reps, out); });
}

template <class Impl>
RawThroughput measure(uint64_t threads, int reps, uint64_t* out) {
    const unsigned grid = static_cast<unsigned>((threads + 127) / 128);
    return time_kernel(Impl::name, threads, reps,
                       [&] { dependent_divisions<<<grid, 128>>>(Impl{}, threads, reps, out); });
}

}  // namespace

std::vector<RawThroughput> gpu_raw_throughput(int device, uint64_t threads, int reps) {
    FPV_CUDA(cudaSetDevice(device));
    uint64_t* out = nullptr;
    FPV_CUDA(cudaMalloc(&out, threads * sizeof(uint64_t)));
    std::vector<RawThroughput> results;
#define FPV_RAW(op, variant, ...) results.push_back(measure<gpu::Impl_##op##_##variant>(threads, reps, out));
    FPV_DIV64_PORTABLE_IMPLS(FPV_RAW)
    FPV_DEVICE_ONLY_IMPLS(FPV_RAW)
#undef FPV_RAW
#define FPV_RAW_FF(op, variant, ...) \
    results.push_back(measure_ff<gpu::Impl_##op##_##variant, OpId::op>(threads, reps, out));
    FPV_FF_IMPLS(FPV_RAW_FF)
#undef FPV_RAW_FF
    cudaFree(out);
    return results;
}

}  // namespace fpv
