// Choosing the backend a campaign runs on.
#pragma once

#include <memory>
#include <string>

#include "verifier/backend.h"

namespace fpv {

// True when this build has the CUDA backend and a usable GPU is present; otherwise false, with
// the reason in `why`.
bool gpu_available(std::string& why);

// "cpu", "gpu" or "auto" (GPU when available, else CPU, saying so). Throws UsageError for a GPU
// request this build or machine cannot serve.
std::string resolve_backend(const std::string& requested, bool announce);

std::unique_ptr<Backend> make_backend(const std::string& backend, int threads, uint64_t batch,
                                      bool announce);

}  // namespace fpv
