// Choosing the backend a campaign runs on.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "verifier/engine/backend.h"

namespace fpv {

// "cpu", "gpu" or "auto" (the GPU when one is usable, else the CPU, with why in *fallback_note
// for the caller to say once the rest of the command has been checked).
// Throws UsageError for a GPU request that this build or machine cannot serve.
std::string resolve_backend(const std::string& requested, std::string* fallback_note = nullptr);

// devices: GPU ordinals for the GPU backend (empty: all).
std::unique_ptr<Backend> make_backend(const std::string& backend, int threads, uint64_t batch,
                                      const std::vector<int>& devices);

}  // namespace fpv
