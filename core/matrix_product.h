// An impl that computes whole matrix products at once (a library's GEMM: cuBLAS, GEMMul8, a
// user's own) rather than one result per input. Its op's inputs come in blocks, one block the
// entries of one product; the op's trait `products` says how, and the GPU backend makes each
// block's operand matrices on the GPU, calls the impl's multiply() once per block and reads each
// input's result from the product (verifier/gpu/products.cuh).
//
// An op's `products` declares, callable on the host and the GPU, for any input of a block:
//   BlockShape shape(in)            the product's m, n, k
//   uint64_t position(in)           the input's place among its block's inputs, row * n + column
//                                   (row-major): the block's inputs are consecutive, the first
//                                   at position 0
//   uint32_t row(in), column(in)    the entry of C the input is
//   uint64_t a(in, row, l)          the bits of A[row][l] and of B[l][column] of the input's block
//   uint64_t b(in, l, column)
#pragma once

#include <concepts>
#include <cstdint>

#include "core/impl_traits.h"

namespace fpv {

struct BlockShape {
    uint32_t m = 0, n = 0, k = 0;
};

// What an impl reports of a product it computed, beside the product: what actually ran. The
// backend sets both before each call; an impl writes what it knows (device memory).
inline constexpr int kBitsNotReported = -3;  // the impl has no such count (a native GEMM)
inline constexpr int kBitsUntouched = -2;    // the library was asked for its count and left it unwritten
inline constexpr int kBitsFellBack = -1;     // the library says it did not emulate (cuBLAS's -1)
inline constexpr unsigned long long kNotCompared = ~0ull;

// One product, column-major as in BLAS: C (m x n, leading dimension ldc) = A (m x k) B (k x n),
// all in GPU memory; `stream` is the cudaStream_t the impl must run on.
struct MatrixProduct {
    int m = 0, n = 0, k = 0;
    const double* a = nullptr;
    int lda = 0;
    const double* b = nullptr;
    int ldb = 0;
    double* c = nullptr;
    int ldc = 0;
    void* stream = nullptr;
    int device = 0;
    // The library's own account of the precision it used: a count of mantissa bits, or one of
    // the kBits values above.
    int* reported_bits = nullptr;
    // Entries of C that differ, bit for bit, from the platform's native GEMM of the same
    // operands, for impls that compare (emulations that may silently run native); else
    // kNotCompared.
    unsigned long long* differing_from_native = nullptr;
};

template <class Blocks>
concept ProductBlocks = requires(const Operands& in, uint32_t i) {
    { Blocks::shape(in) } -> std::same_as<BlockShape>;
    { Blocks::position(in) } -> std::convertible_to<uint64_t>;
    { Blocks::row(in) } -> std::convertible_to<uint32_t>;
    { Blocks::column(in) } -> std::convertible_to<uint32_t>;
    { Blocks::a(in, i, i) } -> std::convertible_to<uint64_t>;
    { Blocks::b(in, i, i) } -> std::convertible_to<uint64_t>;
};

// A whole-product impl runs on the GPU only, with fpverify's default nvcc flags; its multiply()
// is defined in a CUDA translation unit, so that nothing but the GPU backend calls it.
struct WholeProductImpl {
    static constexpr Where where = Where::device;
    static constexpr NvccConfig nvcc = NvccConfig::standard;
};

template <class Impl>
concept MultipliesWholeProducts = requires(const MatrixProduct& p) { Impl::multiply(p); };

// An impl of a library a CUDA build may lack says so: static bool built() (defined in its CUDA
// translation unit) and what is missing where it is not, in a few words.
template <class Impl>
concept NeedsALibrary = requires {
    { Impl::built() } -> std::same_as<bool>;
    { Impl::missing } -> std::convertible_to<std::string_view>;
};

// An impl that this machine may be unable to run as its name says (a library found at run time
// older than the one built against, a setting of the environment that overrides the impl's own)
// says so before a campaign is written: static void check_runnable() throws UsageError saying
// what is wrong (defined in its CUDA translation unit).
template <class Impl>
concept ChecksItCanRun = requires { Impl::check_runnable(); };

}  // namespace fpv
