// The cuBLAS handle that gemm64's library impls (cuBLAS's own, GEMMul8's) share: one per host
// thread and device, created on first use (ops/gemm64/cublas.cu). An impl sets what it needs
// of the handle (math mode, emulation settings, stream) before every product, since another
// impl may have changed it.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "core/matrix_product.h"

namespace fpv::gemm64 {

struct CublasHandle {
    cublasHandle_t handle = nullptr;
    int default_max_bits = 0;  // cuBLAS's own maximum for dynamic control, restored after a fixed count (0: not read yet)
};

CublasHandle& cublas_handle(int device);

// Counts into *p.differing_from_native the entries of p.c that differ, bit for bit, from native
// DGEMM of the same operands, on p.stream.
void compare_with_native(const MatrixProduct& p);

// Throws std::runtime_error naming `what` where a call failed.
void cublas_check(cublasStatus_t status, const char* what);
void cuda_check(cudaError_t status, const char* what);

}  // namespace fpv::gemm64
