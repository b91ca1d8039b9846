// What a judging kernel is given and what it counts per batch (verifier/gpu/kernels.cuh).
#pragma once

#include <cuda_runtime.h>

#include "core/formats.h"
#include "core/operands.h"
#include "model/error_bins.h"
#include "model/failure_map.h"
#include "model/statistics/ulp_steps.h"
#include "reference/ff_verdict.h"
#include "verifier/engine/backend.h"
#include "verifier/gpu/products.cuh"

namespace fpv::gpu {

// What the exact kernel accumulates per batch: results it handed the host (it stores the first
// `capacity` of them; more means the batch must be run again in smaller parts) and results it
// certified and kept to itself.
struct ExactCounts {
    unsigned long long handed = 0, certified = 0;
    unsigned long long certified_outside = 0;  // certified, outside the impl's domain of operands
    unsigned long long map_tested[kMapCells] = {};  // the certified inside the domain, by map cell
};

// What a judging kernel accumulates per batch for the verdicts it keeps to itself (float-float
// results, entries of matrix products): their number, categories and error histograms (the
// Tally's bins, model/error_bins.h), an entry's error in ulps and its steps (UlpSteps' buckets),
// and how many answers flushing changed. It hands the host, as (index, result), the failures,
// the candidates for the worst lists (errors at or above the thresholds) and MPFR's sample.
struct KeptCounts {
    unsigned long long handed = 0, counted = 0, ftz_changed = 0;
    unsigned long long by_category[kCategoryCount] = {};
    unsigned long long inside[kErrorSlots] = {}, outside[kErrorSlots] = {};
    unsigned long long ulps[kErrorSlots] = {};
    unsigned long long steps[UlpSteps::kBuckets] = {};
    unsigned long long map_tested[kMapCells] = {};  // the kept inside the domain, by map cell
};

// What a kernel is asked to do: write every input and result (`counts` and `kept` null), or
// judge on the GPU and hand over only what the host must see.
struct KernelArgs {
    uint64_t begin = 0, count = 0;
    Operands* inputs = nullptr;  // null for exhaustive sweeps, whose input is the index
    uint64_t* results = nullptr;
    IndexedResult* handed = nullptr;
    uint64_t capacity = 0;
    ExactCounts* counts = nullptr;  // the exact check's certified counts
    Rounding rounding = Rounding::rn;
    bool ftz = false, strict_nan = false;
    bool wrong_certificates = false;  // tests only (ops/judge.h, wrong_certificates_planted)
    KeptCounts* kept = nullptr;  // the tallies of the verdicts kept on the GPU
    FloatFloatClaim claim;
    // An entry of a matrix product: the claimed bound is bound + bound_per_term * k, in
    // eps * sum |a b| (reference/entry_judge.h); both 0, a claim of correct rounding.
    double bound = 0, bound_per_term = 0;
    // The worst lists' entry thresholds: an error above one, or equal to it at a lower input
    // index (the lists break ties by index), might enter its list.
    double inside_threshold = -1, outside_threshold = -1;
    uint64_t inside_threshold_index = 0, outside_threshold_index = 0;
    ProductFacts* facts = nullptr;  // whole-product impls: what ran in each product
};

// A block counts failure-map cells in 32 bits (half the shared memory and bank traffic of 64):
// the launch keeps every thread under kMapIterationsPerThread inputs, so that no block counts
// 2^31 inputs in one cell.
using MapCounter = unsigned int;
constexpr uint64_t kMapIterationsPerThread = uint64_t{1} << 22;

struct LaunchArgs {
    unsigned grid = 0, block = 256;
    cudaStream_t stream = nullptr;
    KernelArgs k;
};

}  // namespace fpv::gpu
