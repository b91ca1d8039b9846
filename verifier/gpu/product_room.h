// Whether one product's operands fit a GPU, asked before a campaign is written (the backend's
// check_runnable) and again before each product is made (products.cuh), so that a shape no GPU
// of the campaign can hold is refused up front, not once its units have started.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/matrix_product.h"
#include "core/usage_error.h"

namespace fpv::gpu {

// The doubles of A (m x k), B (k x n) and C (m x n).
inline uint64_t product_doubles(BlockShape s) {
    return uint64_t{s.m} * s.k + uint64_t{s.k} * s.n + uint64_t{s.m} * s.n;
}

// Room for the impl's own workspace too (an emulation's slices, a native product to compare):
// the operands may take a third of the GPU's memory. Measured against the total, not what is
// free now, which a stream's pool of freed blocks makes vary.
inline void refuse_product_too_large(const std::string& impl_name, BlockShape s, int device, size_t total_bytes) {
    const uint64_t bytes = product_doubles(s) * sizeof(double);
    if (bytes <= total_bytes / 3) return;
    throw UsageError(impl_name + ": a product of " + std::to_string(s.m) + " x " + std::to_string(s.k) + " by " +
                     std::to_string(s.k) + " x " + std::to_string(s.n) + " needs " + std::to_string(bytes >> 20) +
                     " MiB of operands, more than a third of the " + std::to_string(total_bytes >> 20) + " MiB of GPU " +
                     std::to_string(device) + ": choose a smaller m, n or k");
}

}  // namespace fpv::gpu
