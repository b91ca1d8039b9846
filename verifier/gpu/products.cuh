// The GPU side of a campaign for impls that compute whole matrix products (core/matrix_product.h):
// for each block (one product) that a batch touches, the block's A and B are made on the GPU from
// the block's first input, the impl multiplies them on the batch's stream, and each input of
// the batch gets its entry of the product as its result, as the per-input kernels would write
// it (verifier/gpu/kernels.cuh). What the impl reports of each product (its bit count, whether it
// equals native DGEMM) is counted into the batch's ProductFacts.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "core/matrix_product.h"
#include "core/operands.h"
#include "core/usage_error.h"
#include "verifier/gpu/cuda_check.cuh"
#include "verifier/gpu/product_room.h"

namespace fpv::gpu {

// Per batch: the products by the bit count their impl reported (slot = bits - kBitsNotReported).
struct ProductFacts {
    static constexpr int kSlots = 1100;  // counts up to 1,096 bits; cuBLAS's dynamic control asks for up to ~1,050
    unsigned long long products[kSlots], compared[kSlots], identical[kSlots], differing[kSlots];
};

namespace product_detail {

// What the impl writes about one product.
struct Report {
    int bits;
    unsigned long long differing;
};

template <class Blocks>
__global__ void make_operands(Operands block, BlockShape shape, double* a, double* b) {
    const uint64_t a_size = uint64_t{shape.m} * shape.k, b_size = uint64_t{shape.k} * shape.n;
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < a_size + b_size; i += stride) {
        if (i < a_size) {  // column-major: A[row][l] at row + l m
            a[i] = __longlong_as_double(static_cast<long long>(
                Blocks::a(block, static_cast<uint32_t>(i % shape.m), static_cast<uint32_t>(i / shape.m))));
        } else {
            const uint64_t j = i - a_size;  // B[l][column] at l + column k
            b[j] = __longlong_as_double(static_cast<long long>(
                Blocks::b(block, static_cast<uint32_t>(j % shape.k), static_cast<uint32_t>(j / shape.k))));
        }
    }
}

static __global__ void preset(Report* r) {
    r->bits = kBitsNotReported;
    r->differing = kNotCompared;
}

static __global__ void note(const Report* r, ProductFacts* facts) {
    const int slot = min(max(r->bits - kBitsNotReported, 0), ProductFacts::kSlots - 1);
    atomicAdd(&facts->products[slot], 1ull);
    if (r->differing != kNotCompared) {
        atomicAdd(&facts->compared[slot], 1ull);
        if (r->differing == 0) atomicAdd(&facts->identical[slot], 1ull);
        atomicAdd(&facts->differing[slot], r->differing);
    }
}

// A batch's buffers, given back on its stream however the batch ends.
struct StreamBuffers {
    cudaStream_t stream = nullptr;
    double* matrices = nullptr;
    uint64_t capacity = 0;  // doubles
    Report* report = nullptr;
    ~StreamBuffers() {
        if (matrices != nullptr) cudaFreeAsync(matrices, stream);
        if (report != nullptr) cudaFreeAsync(report, stream);
    }
};

inline unsigned grid_for(uint64_t work) {
    return static_cast<unsigned>(std::clamp<uint64_t>((work + 255) / 256, 1, 4096));
}

}  // namespace product_detail

// A product of a batch, as the impl left it: column-major A (m x k), B (k x n), C (m x n).
struct ProductMatrices {
    const double* a = nullptr;
    const double* b = nullptr;
    const double* c = nullptr;
    BlockShape shape;
};

// Inputs [from, to) of the batch that begins at `begin`: each one's entry of the product.
template <class Blocks, class Generator>
__global__ void gather(Generator generator, uint64_t begin, uint64_t from, uint64_t to, const double* c, uint32_t m,
                       Operands* inputs, uint64_t* results) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t index = from + static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; index < to;
         index += stride) {
        const Operands in = generator(index);
        const uint64_t at = uint64_t{Blocks::row(in)} + uint64_t{Blocks::column(in)} * m;
        if (inputs != nullptr) inputs[index - begin] = in;
        results[index - begin] = static_cast<uint64_t>(__double_as_longlong(c[at]));
    }
}

// A batch of a whole-product impl: its inputs [begin, begin + count), where their inputs (null
// for none) and results go, the facts to count into (null for none), and its stream.
struct ProductBatch {
    uint64_t begin = 0, count = 0;
    Operands* inputs = nullptr;
    uint64_t* results = nullptr;
    ProductFacts* facts = nullptr;
    cudaStream_t stream = nullptr;
};

// Runs Impl over a batch, block by block, on its stream, and after each product
// settle(block_begin, from, to, matrices) for the batch's inputs [from, to) of that product
// (whose block's inputs begin at block_begin): gather_entries writes each input's entry for the
// host, a judging kernel judges them where they are. The matrices of a block live in one
// buffer that the batch's blocks share, one after another on the stream (a batch of a midpoint
// class has a product an entry: no allocation or memory query per product).
template <class Blocks, class Impl, class Generator, class Settle>
void launch_products(const std::string& impl_name, Generator generator, const ProductBatch& a, const Settle& settle) {
    static_assert(ProductBlocks<Blocks>, "an op with whole-product impls declares its products");
    using namespace product_detail;
    const uint64_t begin = a.begin, end = a.begin + a.count;
    int device = 0;
    FPV_CUDA(cudaGetDevice(&device));
    size_t free_bytes = 0, total_bytes = 0;
    FPV_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
    StreamBuffers buffers{a.stream};
    FPV_CUDA(cudaMallocAsync(&buffers.report, sizeof(Report), a.stream));
    Report* const report = buffers.report;
    for (uint64_t index = begin; index < end;) {
        const Operands seen = generator(index);
        const BlockShape shape = Blocks::shape(seen);
        const uint64_t block_begin = index - Blocks::position(seen);
        const uint64_t block_end = block_begin + uint64_t{shape.m} * shape.n;
        const Operands first = generator(block_begin);
        const uint64_t doubles = product_doubles(shape);
        if (doubles > buffers.capacity) {
            refuse_product_too_large(impl_name, shape, device, total_bytes);
            if (buffers.matrices != nullptr) FPV_CUDA(cudaFreeAsync(buffers.matrices, a.stream));
            buffers.matrices = nullptr;
            FPV_CUDA(cudaMallocAsync(&buffers.matrices, doubles * sizeof(double), a.stream));
            buffers.capacity = doubles;
        }
        double* const am = buffers.matrices;
        double* const bm = am + uint64_t{shape.m} * shape.k;
        double* const cm = bm + uint64_t{shape.k} * shape.n;
        make_operands<Blocks><<<grid_for(doubles), 256, 0, a.stream>>>(first, shape, am, bm);
        // C starts as NaNs: an impl that fails silently leaves no earlier product's entries there.
        FPV_CUDA(cudaMemsetAsync(cm, 0xff, uint64_t{shape.m} * shape.n * sizeof(double), a.stream));
        preset<<<1, 1, 0, a.stream>>>(report);
        FPV_CUDA(cudaGetLastError());
        MatrixProduct p;
        p.m = static_cast<int>(shape.m);
        p.n = static_cast<int>(shape.n);
        p.k = static_cast<int>(shape.k);
        p.a = am;
        p.lda = p.m;
        p.b = bm;
        p.ldb = p.k;
        p.c = cm;
        p.ldc = p.m;
        p.stream = a.stream;
        p.device = device;
        p.reported_bits = &report->bits;
        p.differing_from_native = &report->differing;
        Impl::multiply(p);
        const uint64_t from = std::max(index, block_begin), to = std::min(end, block_end);
        settle(block_begin, from, to, ProductMatrices{am, bm, cm, shape});
        if (a.facts != nullptr) note<<<1, 1, 0, a.stream>>>(report, a.facts);
        FPV_CUDA(cudaGetLastError());
        index = to;
    }
}

// The settle step of a batch whose inputs and results the host reads.
template <class Blocks, class Generator>
void gather_entries(Generator generator, const ProductBatch& a, uint64_t from, uint64_t to, const ProductMatrices& p) {
    gather<Blocks><<<product_detail::grid_for(to - from), 256, 0, a.stream>>>(
        generator, a.begin, from, to, p.c, p.shape.m, a.inputs, a.results);
}

}  // namespace fpv::gpu
