// GEMMul8's double GEMM for gemm64's GEMMul8 impls (ops/gemm64/gemmul8_impls.h). Built against the
// snapshot's headers where the Makefile found it (FPV_GEMMUL8, its library built from the
// snapshot's own sources); without it, running one of the impls says so.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "core/usage_error.h"
#include "ops/gemm64/cublas_handle.cuh"
#include "ops/gemm64/gemmul8_impls.h"

#if defined(FPV_GEMMUL8)
#include <gemm.hpp>
#endif

namespace fpv::gemm64 {

bool gemmul8_built() {
#if defined(FPV_GEMMUL8)
    return true;
#else
    return false;
#endif
}

void gemmul8_multiply(const MatrixProduct& p, const Gemmul8Settings& settings) {
#if defined(FPV_GEMMUL8)
    const auto stream = static_cast<cudaStream_t>(p.stream);
    CublasHandle& h = cublas_handle(p.device);
    cublas_check(cublasSetStream(h.handle, stream), "cublasSetStream");
    cublas_check(cublasSetMathMode(h.handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
    const double one = 1, zero = 0;
    const auto call = [&](void* work) {
        return gemmul8::gemm<double>(h.handle, CUBLAS_OP_N, CUBLAS_OP_N, p.m, p.n, p.k, &one, p.a, p.lda, p.b, p.ldb,
                                     &zero, p.c, p.ldc, settings.moduli, settings.fast, work);
    };
    // Without a workspace GEMMul8 computes nothing and returns the workspace's size.
    const std::vector<double> size = call(nullptr);
    void* work = nullptr;
    cuda_check(cudaMallocAsync(&work, static_cast<size_t>(size.at(0)), stream), "cudaMallocAsync");
    call(work);
    // GEMMul8 checks no status of its own.
    cuda_check(cudaGetLastError(), "GEMMul8's kernels");
    cuda_check(cudaFreeAsync(work, stream), "cudaFreeAsync");
    compare_with_native(p);
#else
    (void)p;
    throw UsageError("gemm64.gemmul8_* (" + std::to_string(settings.moduli) +
                     " moduli): this build has no GEMMul8; make builds it where it finds the snapshot (GEMMUL8_DIR, "
                     "by default ../shared/third_party/gemmul8)");
#endif
}

}  // namespace fpv::gemm64
