// Raw throughput on the GPU of every GPU impl of every op with a raw_chain trait (fpverify's
// default nvcc flags), plug-ins included (verifier/gpu/raw_chain.cuh says how it is timed).
#include "ops/ops.h"
#include "verifier/gpu/kernels.cuh"
#include "verifier/gpu/raw_chain.cuh"

namespace fpv {

std::vector<RawThroughput> gpu_raw_throughput(int device, uint64_t threads, int reps) {
    FPV_CUDA(cudaSetDevice(device));
    uint64_t* out = nullptr;
    FPV_CUDA(cudaMalloc(&out, threads * sizeof(uint64_t)));
    std::vector<RawThroughput> results;
    for_each_type(AllOps{}, [&](auto op_type) {
        using Op = typename decltype(op_type)::type;
        if constexpr (!is_none<typename Op::raw_chain>) {
            for_each_type(concat_t<typename Op::impls, typename Op::natives>{}, [&](auto impl_type) {
                using Impl = typename decltype(impl_type)::type;
                // The impls of fpverify's default nvcc flags, which this translation unit has.
                if constexpr (Impl::where != Where::host && Impl::nvcc == NvccConfig::standard) {
                    gpu::time_impl<Op, Impl>(std::string(Op::name) + "." + std::string(Impl::spec.variant), threads,
                                             reps, out, results);
                }
            });
        }
    });
    gpu::plugin_raw_throughput(threads, reps, out, results);
    cudaFree(out);
    return results;
}

}  // namespace fpv
