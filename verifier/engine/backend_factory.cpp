#include "verifier/engine/backend_factory.h"

#include <cstdio>

#include "core/usage_error.h"
#include "verifier/cpu/backend.h"
#include "verifier/gpu/backend.h"

namespace fpv {

std::string resolve_backend(const std::string& requested, std::string* fallback_note) {
    if (requested == "cpu") return "cpu";
    if (requested != "gpu" && requested != "auto") {
        throw UsageError("--backend: '" + requested + "' is not one of cpu, gpu, auto");
    }
    std::string why;
    std::vector<std::string> names;
    const bool gpu = probe_gpus(why, names);
    if (gpu) return "gpu";
    if (requested == "gpu") throw UsageError("--backend gpu: " + why);
    if (fallback_note != nullptr) *fallback_note = why;
    return "cpu";
}

std::unique_ptr<Backend> make_backend(const std::string& backend, int threads, uint64_t batch,
                                      const std::vector<int>& devices) {
    if (backend == "cpu") {
        if (!devices.empty()) throw UsageError("--devices applies to the GPU backend only");
        return std::make_unique<CpuBackend>(threads, batch);
    }
    if (backend == "gpu") return make_gpu_backend(devices, threads, batch);
    throw UsageError("backend '" + backend + "' is not one of cpu, gpu");
}

}  // namespace fpv
