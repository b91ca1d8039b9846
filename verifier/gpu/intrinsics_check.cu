// CUDA's bit intrinsics on the device against fpverify's host versions (which follow the CUDA
// documentation): the f2d impls run the host versions on the CPU backend, so any difference
// would make CPU and GPU campaigns disagree.
#include <vector>

#include "corpus/counter_rng.h"
#include "core/bit_intrinsics.h"
#include "verifier/gpu/cuda_check.cuh"
#include "verifier/gpu/backend.h"

namespace fpv {
namespace {

struct IntrinsicCase {
    uint32_t x, y, s;
};

__global__ void evaluate_intrinsics(const IntrinsicCase* cases, uint64_t n, uint32_t* perm, uint64_t* hilo) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
        const IntrinsicCase c = cases[i];
        perm[i] = __byte_perm(c.x, c.y, c.s);
        hilo[i] = bits_of(__hiloint2double(static_cast<int>(c.x), static_cast<int>(c.y)));
    }
}

// Every selector of the low 16 bits (bit 3 of each nibble set or not), with random upper bits,
// then random triples.
std::vector<IntrinsicCase> cases(uint64_t random_cases) {
    std::vector<IntrinsicCase> out;
    out.reserve((uint64_t{1} << 16) + random_cases);
    for (uint32_t s = 0; s < (1u << 16); ++s) {
        CounterRng rng(0xb17e5, s);
        const uint32_t x = static_cast<uint32_t>(rng.next());
        const uint32_t y = static_cast<uint32_t>(rng.next());
        const uint32_t upper = static_cast<uint32_t>(rng.next()) & 0xffff0000u;
        out.push_back({x, y, s | upper});
    }
    for (uint64_t i = 0; i < random_cases; ++i) {
        CounterRng rng(0x5eed, i);
        const uint32_t x = static_cast<uint32_t>(rng.next());
        const uint32_t y = static_cast<uint32_t>(rng.next());
        const uint32_t s = static_cast<uint32_t>(rng.next());
        out.push_back({x, y, s});
    }
    return out;
}

}  // namespace

IntrinsicsCheck gpu_intrinsics_check(int device, uint64_t random_cases) {
    FPV_CUDA(cudaSetDevice(device));
    const std::vector<IntrinsicCase> all = cases(random_cases);
    const uint64_t n = all.size();
    IntrinsicCase* d_cases = nullptr;
    uint32_t* d_perm = nullptr;
    uint64_t* d_hilo = nullptr;
    FPV_CUDA(cudaMalloc(&d_cases, n * sizeof(IntrinsicCase)));
    FPV_CUDA(cudaMalloc(&d_perm, n * sizeof(uint32_t)));
    FPV_CUDA(cudaMalloc(&d_hilo, n * sizeof(uint64_t)));
    FPV_CUDA(cudaMemcpy(d_cases, all.data(), n * sizeof(IntrinsicCase), cudaMemcpyHostToDevice));
    evaluate_intrinsics<<<1024, 256>>>(d_cases, n, d_perm, d_hilo);
    FPV_CUDA(cudaGetLastError());
    std::vector<uint32_t> perm(n);
    std::vector<uint64_t> hilo(n);
    FPV_CUDA(cudaMemcpy(perm.data(), d_perm, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    FPV_CUDA(cudaMemcpy(hilo.data(), d_hilo, n * sizeof(uint64_t), cudaMemcpyDeviceToHost));
    cudaFree(d_cases);
    cudaFree(d_perm);
    cudaFree(d_hilo);

    IntrinsicsCheck check;
    check.cases = n;
    for (uint64_t i = 0; i < n; ++i) {
        const IntrinsicCase& c = all[i];
        const uint32_t host_perm = byte_perm(c.x, c.y, c.s);
        const uint64_t host_hilo = bits_of(hiloint2double(c.x, c.y));
        if (host_perm != perm[i]) {
            ++check.byte_perm_mismatches;
            if (check.examples.size() < 8) {
                char line[160];
                std::snprintf(line, sizeof line, "__byte_perm(0x%08x, 0x%08x, 0x%08x): GPU 0x%08x, host 0x%08x",
                              c.x, c.y, c.s, perm[i], host_perm);
                check.examples.emplace_back(line);
            }
        }
        if (host_hilo != hilo[i]) {
            ++check.hiloint2double_mismatches;
            if (check.examples.size() < 8) {
                char line[160];
                std::snprintf(line, sizeof line, "__hiloint2double(0x%08x, 0x%08x): GPU 0x%016llx, host 0x%016llx",
                              c.x, c.y, static_cast<unsigned long long>(hilo[i]),
                              static_cast<unsigned long long>(host_hilo));
                check.examples.emplace_back(line);
            }
        }
    }
    return check;
}

}  // namespace fpv
