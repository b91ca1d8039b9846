#include "verifier/backend_factory.h"

#include <cstdio>

#include "corpus/usage_error.h"
#include "verifier/cpu_backend.h"

namespace fpv {

bool gpu_available(std::string& why) {
    why = "this build of fpverify has no CUDA backend";
    return false;
}

std::string resolve_backend(const std::string& requested, bool announce) {
    if (requested == "cpu") return "cpu";
    std::string why;
    const bool gpu = gpu_available(why);
    if (requested == "gpu") {
        if (!gpu) throw UsageError("--backend gpu: " + why);
        return "gpu";
    }
    if (requested == "auto") {
        if (gpu) return "gpu";
        if (announce) std::fprintf(stderr, "fpverify: running on the CPU: %s\n", why.c_str());
        return "cpu";
    }
    throw UsageError("--backend: '" + requested + "' is not one of cpu, gpu, auto");
}

std::unique_ptr<Backend> make_backend(const std::string& backend, int threads, uint64_t batch,
                                      bool) {
    if (backend == "cpu") return std::make_unique<CpuBackend>(threads, batch);
    throw UsageError("backend '" + backend + "' is not available in this build");
}

}  // namespace fpv
