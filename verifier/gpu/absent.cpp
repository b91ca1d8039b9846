// The GPU entry points of a build made without nvcc: every one says so.
#include "core/usage_error.h"
#include "verifier/gpu/backend.h"

namespace fpv {
namespace {

const char* const kNoCuda = "this build of fpverify has no CUDA backend (nvcc was not found when it was built)";

}  // namespace

bool probe_gpus(std::string& why, std::vector<std::string>&) {
    why = kNoCuda;
    return false;
}

std::unique_ptr<Backend> make_gpu_backend(const std::vector<int>&, int, uint64_t) {
    throw UsageError(kNoCuda);
}

int mufu_dump(const std::string&, int, uint64_t) { throw UsageError(kNoCuda); }

MufuMismatches mufu_mantissa_mismatches(int) { throw UsageError(kNoCuda); }

std::vector<RawThroughput> gpu_raw_throughput(int, uint64_t, int) { throw UsageError(kNoCuda); }
IntrinsicsCheck gpu_intrinsics_check(int, uint64_t) { throw UsageError(kNoCuda); }
SweepTiming gpu_sweep_timing(const ImplInfo&, const InputSet&, int) { throw UsageError(kNoCuda); }
InstructionCeiling gpu_instruction_ceiling(const ImplInfo&, const InputSet&, int, double) {
    throw UsageError(kNoCuda);
}

}  // namespace fpv
