// Kernels for plug-in impls (make EXTRA_IMPLS=/path/header.h), compiled with fpverify's default
// nvcc flags, and plug-in GEMMs, called once per product. The user's header is read after fpverify's own, with FPV_HD meaning __device__:
// its functions run only in these kernels, where CUDA's intrinsics are the device's own.
// Without a plug-in there is nothing to launch.
#include "verifier/gpu/kernels.cuh"
#include "verifier/gpu/raw_chain.cuh"

#if defined(FPV_EXTRA_IMPLS_HEADER)
#include "core/cuda_host_intrinsics.h"
#undef FPV_HD
#define FPV_HD __device__
#include FPV_EXTRA_IMPLS_HEADER

namespace fpv::gpu {

// Only impls registered with `gpu` or `cpu_gpu` get a kernel.
#define FPV_PLUGIN_ON_GPU_cpu(...)
#define FPV_PLUGIN_ON_GPU_gpu(macro, ...) macro(__VA_ARGS__)
#define FPV_PLUGIN_ON_GPU_cpu_gpu(macro, ...) macro(__VA_ARGS__)
#define FPV_PLUGIN_TYPE(op_name, variant, fn)                     \
    struct Plugin_##op_name##_##variant {                         \
        template <class... Word>                                  \
        __device__ static uint64_t run(Word... words) {           \
            return static_cast<uint64_t>(fn(words...));           \
        }                                                         \
    };
#define FPV_PLUGIN_LAUNCH(op_name, variant, fn)                                                   \
    if (impl.name == #op_name "." #variant) {                                                     \
        launch_impl<::fpv::op::op_name, Plugin_##op_name##_##variant>(inputs, params, a);         \
        return true;                                                                              \
    }
#define FPV_PLUGIN_TIME(op_name, variant, fn) \
    time_impl<::fpv::op::op_name, Plugin_##op_name##_##variant>(#op_name "." #variant, threads, reps, out, results);
#define FPV_PLUGIN_FUNCTOR(op, variant, fn, where, ...) FPV_PLUGIN_ON_GPU_##where(FPV_PLUGIN_TYPE, op, variant, fn)
#define FPV_PLUGIN_DISPATCH(op, variant, fn, where, ...) FPV_PLUGIN_ON_GPU_##where(FPV_PLUGIN_LAUNCH, op, variant, fn)
#define FPV_PLUGIN_TIMING(op, variant, fn, where, ...) FPV_PLUGIN_ON_GPU_##where(FPV_PLUGIN_TIME, op, variant, fn)

// A plug-in GEMM (FPV_PLUGIN_GEMMS) is a whole-product impl (core/matrix_product.h) that calls the
// user's function once per product.
#define FPV_PLUGIN_GEMM_TYPE(op_name, gemm_name, fn, ...)                                                   \
    struct PluginGemm_##op_name##_##gemm_name : WholeProductImpl {                                        \
        static constexpr ImplSpec spec{.variant = #gemm_name};                                            \
        static void multiply(const MatrixProduct& p) {                                                    \
            fn(p.m, p.n, p.k, p.a, p.lda, p.b, p.ldb, p.c, p.ldc, static_cast<cudaStream_t>(p.stream));   \
        }                                                                                                 \
    };
#define FPV_PLUGIN_GEMM_LAUNCH(op_name, variant, fn, ...)                                         \
    if (impl.name == #op_name "." #variant) {                                                     \
        launch_impl<::fpv::op::op_name, PluginGemm_##op_name##_##variant>(inputs, params, a);     \
        return true;                                                                              \
    }

#if defined(FPV_PLUGIN_IMPLS)
FPV_PLUGIN_IMPLS(FPV_PLUGIN_FUNCTOR)
#endif
#if defined(FPV_PLUGIN_GEMMS)
FPV_PLUGIN_GEMMS(FPV_PLUGIN_GEMM_TYPE)
#endif

bool launch_plugin(const ImplInfo& impl, const InputSet& inputs, const ClassParams& params, const LaunchArgs& a) {
#if defined(FPV_PLUGIN_IMPLS)
    FPV_PLUGIN_IMPLS(FPV_PLUGIN_DISPATCH)
#endif
#if defined(FPV_PLUGIN_GEMMS)
    FPV_PLUGIN_GEMMS(FPV_PLUGIN_GEMM_LAUNCH)
#endif
    return false;
}

void plugin_raw_throughput([[maybe_unused]] uint64_t threads, [[maybe_unused]] int reps, [[maybe_unused]] uint64_t* out,
                           [[maybe_unused]] std::vector<RawThroughput>& results) {
#if defined(FPV_PLUGIN_IMPLS)
    FPV_PLUGIN_IMPLS(FPV_PLUGIN_TIMING)
#endif
}

}  // namespace fpv::gpu

#else

namespace fpv::gpu {

bool launch_plugin(const ImplInfo&, const InputSet&, const ClassParams&, const LaunchArgs&) { return false; }

void plugin_raw_throughput(uint64_t, int, uint64_t*, std::vector<RawThroughput>&) {}

}  // namespace fpv::gpu

#endif
