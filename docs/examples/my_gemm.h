// A GEMM plug-in for fpverify: someone's own double-precision matrix product, verified entry by
// entry against the exact value without forking fpverify:
//
//     make EXTRA_IMPLS=docs/examples/my_gemm.h
//     build/release/fpverify run --db mine.db --impl gemm64.my_tiled --classes all --count 1e6 --backend gpu
//
// fpverify makes each batch's A and B on the GPU, calls the function once per product on its
// stream, and judges every entry of C. The function is read by nvcc only (fpverify's catalogue,
// compiled by the host compiler, needs nothing but the registration at the end), hence the guard.
#pragma once

#if defined(__CUDACC__)
#include <cuda_runtime.h>

// C = A B, column-major, in 16 x 16 tiles through shared memory; each thread's entry is an FMA
// chain over l in order, so the rounding errors are those of a plain dot product.
constexpr int kMyTile = 16;

__global__ void my_tiled_kernel(int m, int n, int k, const double* a, int lda, const double* b, int ldb, double* c,
                                int ldc) {
    __shared__ double a_tile[kMyTile][kMyTile], b_tile[kMyTile][kMyTile];
    const int row = blockIdx.y * kMyTile + threadIdx.y, column = blockIdx.x * kMyTile + threadIdx.x;
    double sum = 0;
    for (int base = 0; base < k; base += kMyTile) {
        const int la = base + threadIdx.x, lb = base + threadIdx.y;
        a_tile[threadIdx.y][threadIdx.x] = row < m && la < k ? a[row + static_cast<size_t>(la) * lda] : 0.0;
        b_tile[threadIdx.y][threadIdx.x] = lb < k && column < n ? b[lb + static_cast<size_t>(column) * ldb] : 0.0;
        __syncthreads();
        const int terms = k - base < kMyTile ? k - base : kMyTile;
        for (int l = 0; l < terms; ++l) sum = __fma_rn(a_tile[threadIdx.y][l], b_tile[l][threadIdx.x], sum);
        __syncthreads();
    }
    if (row < m && column < n) c[row + static_cast<size_t>(column) * ldc] = sum;
}

inline void my_tiled_gemm(int m, int n, int k, const double* a, int lda, const double* b, int ldb, double* c, int ldc,
                          cudaStream_t stream) {
    const dim3 block(kMyTile, kMyTile), grid((n + kMyTile - 1) / kMyTile, (m + kMyTile - 1) / kMyTile);
    my_tiled_kernel<<<grid, block, 0, stream>>>(m, n, k, a, lda, b, ldb, c, ldc);
}
#endif

// The registration: X(op, variant, function, "its domain", bound per term). The function is
// void f(int m, int n, int k, const double* A, int lda, const double* B, int ldb, double* C,
// int ldc, cudaStream_t stream), column-major as in BLAS, all matrices in GPU memory; the bound
// per term is the claim in eps * sum |a b| per term of an entry (Higham's gamma_k: about 1/2;
// 0: correctly rounded).
#define FPV_PLUGIN_GEMMS(X) X(gemm64, my_tiled, my_tiled_gemm, "every entry", 0.50000001)
