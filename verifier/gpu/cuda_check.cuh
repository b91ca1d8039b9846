// CUDA errors as exceptions: a failing call during a run stops the campaign at its last
// checkpoint (exit status 3, resumable).
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace fpv {

class CudaError : public std::runtime_error {
public:
    explicit CudaError(const std::string& message) : std::runtime_error(message) {}
};

inline void cuda_check(cudaError_t status, const char* what) {
    if (status != cudaSuccess) {
        throw CudaError(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(status));
    }
}

#define FPV_CUDA(call) ::fpv::cuda_check((call), #call)

}  // namespace fpv
