// cuBLAS's DGEMM, native and emulated, for gemm64's cuBLAS impls (ops/gemm64/cublas_impls.h), and
// the handle they share with GEMMul8's (ops/gemm64/cublas_handle.cuh): every emulation setting
// is set before every product, since a setting left over from another impl would change what runs.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>

#include "core/usage_error.h"

#include "ops/gemm64/cublas_handle.cuh"
#include "ops/gemm64/cublas_impls.h"

namespace fpv::gemm64 {
void cublas_check(cublasStatus_t status, const char* what) {
    if (status != CUBLAS_STATUS_SUCCESS) {
        throw std::runtime_error(std::string("cuBLAS: ") + what + ": " + cublasGetStatusString(status));
    }
}

void cuda_check(cudaError_t status, const char* what) {
    if (status != cudaSuccess) throw std::runtime_error(std::string("CUDA: ") + what + ": " + cudaGetErrorString(status));
}

// Handles live as long as the thread; none is destroyed, since at exit the CUDA context may be
// gone before a thread_local's destructor runs.
CublasHandle& cublas_handle(int device) {
    thread_local std::map<int, CublasHandle> handles;
    CublasHandle& h = handles[device];
    if (h.handle == nullptr) cublas_check(cublasCreate(&h.handle), "cublasCreate");
    return h;
}

namespace {

#if CUBLAS_VERSION >= 130100
__global__ void store(int* at, int value) { *at = value; }
#endif

__global__ void count_differing(const double* c, int ldc, const double* native, int m, int n,
                                unsigned long long* differing) {
    unsigned long long mine = 0;
    const long long entries = static_cast<long long>(m) * n;
    for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < entries;
         i += static_cast<long long>(gridDim.x) * blockDim.x) {
        const long long row = i % m, column = i / m;
        mine += __double_as_longlong(c[row + column * ldc]) != __double_as_longlong(native[i]) ? 1 : 0;
    }
    if (mine != 0) atomicAdd(differing, mine);
}

#if CUBLAS_VERSION >= 130100
cudaEmulationStrategy strategy_of(CublasStrategy s) {
    switch (s) {
        case CublasStrategy::performant: return CUDA_EMULATION_STRATEGY_PERFORMANT;
        case CublasStrategy::eager: return CUDA_EMULATION_STRATEGY_EAGER;
        default: return CUDA_EMULATION_STRATEGY_DEFAULT;
    }
}
#endif

void dgemm(cublasHandle_t h, const MatrixProduct& p, double* c, int ldc) {
    const double one = 1, zero = 0;
    cublas_check(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, p.m, p.n, p.k, &one, p.a, p.lda, p.b, p.ldb, &zero, c, ldc),
          "cublasDgemm");
}

}  // namespace

// Native DGEMM of the same operands: an emulation whose product equals it bit for bit in every
// entry most likely never ran.
void compare_with_native(const MatrixProduct& p) {
    const auto stream = static_cast<cudaStream_t>(p.stream);
    CublasHandle& h = cublas_handle(p.device);
    cublas_check(cublasSetStream(h.handle, stream), "cublasSetStream");
    cublas_check(cublasSetMathMode(h.handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
    double* native = nullptr;
    cuda_check(cudaMallocAsync(&native, sizeof(double) * p.m * p.n, stream), "cudaMallocAsync");
    dgemm(h.handle, p, native, p.m);
    cuda_check(cudaMemsetAsync(p.differing_from_native, 0, sizeof(unsigned long long), stream), "cudaMemsetAsync");
    count_differing<<<128, 256, 0, stream>>>(p.c, p.ldc, native, p.m, p.n, p.differing_from_native);
    cuda_check(cudaGetLastError(), "launch");
    cuda_check(cudaFreeAsync(native, stream), "cudaFreeAsync");
}

void cublas_check_runnable(const CublasSettings& settings) {
    if (settings.strategy == CublasStrategy::native) return;
#if CUBLAS_VERSION >= 130100
    // The library found at run time may be older than the headers built against.
    static const int loaded = [] {
        int major = 0, minor = 0;
        cublas_check(cublasGetProperty(MAJOR_VERSION, &major), "cublasGetProperty");
        cublas_check(cublasGetProperty(MINOR_VERSION, &minor), "cublasGetProperty");
        return major * 100 + minor;
    }();
    if (loaded < 1301) {
        throw UsageError("the cuBLAS loaded is " + std::to_string(loaded / 100) + "." + std::to_string(loaded % 100) +
                         ": it has no FP64 emulation (13.1 or later)");
    }
    // cuBLAS lets this variable override the strategy each impl sets: a campaign under it would
    // not be what its impls' names say.
    if (std::getenv("CUBLAS_EMULATION_STRATEGY") != nullptr) {
        throw UsageError("CUBLAS_EMULATION_STRATEGY is set, which overrides the strategy of every cuBLAS emulation "
                         "impl: unset it");
    }
#else
    throw UsageError("this fpverify was built against cuBLAS " + std::to_string(CUBLAS_VERSION) +
                     ", which has no FP64 emulation (13.1 or later): only gemm64.cublas_native runs");
#endif
}

void cublas_multiply(const MatrixProduct& p, const CublasSettings& settings) {
    const auto stream = static_cast<cudaStream_t>(p.stream);
    CublasHandle& h = cublas_handle(p.device);
    cublas_check(cublasSetStream(h.handle, stream), "cublasSetStream");
    if (settings.strategy == CublasStrategy::native) {
        cublas_check(cublasSetMathMode(h.handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
        dgemm(h.handle, p, p.c, p.ldc);
        return;
    }
#if CUBLAS_VERSION >= 130100
    cublas_check_runnable(settings);
    if (h.default_max_bits == 0) {
        cublas_check(cublasGetFixedPointEmulationMaxMantissaBitCount(h.handle, &h.default_max_bits),
                     "cublasGetFixedPointEmulationMaxMantissaBitCount");
    }
    cublas_check(cublasSetMathMode(h.handle, CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH), "cublasSetMathMode");
    cublas_check(cublasSetEmulationStrategy(h.handle, strategy_of(settings.strategy)), "cublasSetEmulationStrategy");
    cublas_check(cublasSetEmulationSpecialValuesSupport(h.handle, settings.specials ? CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT
                                                                             : CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NONE),
          "cublasSetEmulationSpecialValuesSupport");
    cublas_check(cublasSetFixedPointEmulationMantissaControl(h.handle, settings.fixed_bits > 0
                                                                    ? CUDA_EMULATION_MANTISSA_CONTROL_FIXED
                                                                    : CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC),
          "cublasSetFixedPointEmulationMantissaControl");
    cublas_check(cublasSetFixedPointEmulationMaxMantissaBitCount(h.handle, settings.fixed_bits > 0 ? settings.fixed_bits
                                                                                           : h.default_max_bits),
          "cublasSetFixedPointEmulationMaxMantissaBitCount");
    // The count cuBLAS writes, if it writes one; what it leaves is told apart from its -1.
    store<<<1, 1, 0, stream>>>(p.reported_bits, kBitsUntouched);
    cuda_check(cudaGetLastError(), "launch");
    cublas_check(cublasSetFixedPointEmulationMantissaBitCountPointer(h.handle, p.reported_bits),
          "cublasSetFixedPointEmulationMantissaBitCountPointer");
    dgemm(h.handle, p, p.c, p.ldc);
    cublas_check(cublasSetFixedPointEmulationMantissaBitCountPointer(h.handle, nullptr),
          "cublasSetFixedPointEmulationMantissaBitCountPointer");
    compare_with_native(p);
#else
    cublas_check_runnable(settings);
#endif
}

}  // namespace fpv::gemm64
