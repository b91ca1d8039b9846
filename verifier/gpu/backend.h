// The CUDA backend, seen from host code that is not compiled by nvcc. Builds without CUDA
// (no nvcc on the build machine) link verifier/gpu/absent.cpp instead, which reports that.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/impl_traits.h"
#include "model/input_set.h"
#include "verifier/engine/backend.h"

namespace fpv {

// Whether this build has the CUDA backend and this machine a usable GPU; `why` says what is
// missing. `names` receives "0: NVIDIA H200 (sm_90)" lines for the usable devices.
bool probe_gpus(std::string& why, std::vector<std::string>& names);

// The GPU backend on `devices` (empty: every device). Throws UsageError for an unusable device.
std::unique_ptr<Backend> make_gpu_backend(const std::vector<int>& devices, int threads,
                                          uint64_t batch);

// `fpverify mufu-dump`: enumerates rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 on `device`,
// writes each one's mantissa table and a summary into `out_dir`, and compares each instruction
// with its shipped host model over every operand high word and `random_operands` random full
// operands. Returns 0 when they agree everywhere, 1 when they do not (the mismatches are printed).
int mufu_dump(const std::string& out_dir, int device, uint64_t random_operands);

// Quick check at backend start: each instruction against its host model on the mantissas its
// table covers. The numbers of mismatches.
struct MufuMismatches {
    uint64_t rcp = 0, rsqrt = 0;
};
MufuMismatches mufu_mantissa_mismatches(int device);

struct RawThroughput {
    std::string impl;
    double gops = 0;          // operations per second / 1e9
    double seconds = 0;       // fastest of the timed runs
    bool seed_style = false;  // timed as the seed post did, one operand held fixed
};

// Operations per second of each GPU impl of every op with a raw_chain trait, plug-ins
// included, in a tight dependent loop: `threads` threads each doing `reps` operations, every
// operand of a call made from the call before (and, for ops with a seed_style_chain, again as
// the seed post measured division, the divisor held fixed).
std::vector<RawThroughput> gpu_raw_throughput(int device, uint64_t threads, int reps);

struct SweepTiming {
    uint64_t inputs = 0;
    double evaluate_seconds = 0;   // the evaluation kernels over every input, results on the GPU
    double with_copy_seconds = 0;  // the same with each batch's results copied to the host
};

// The GPU half of a campaign over the whole input set, alone (best of 3 after a warm-up).
SweepTiming gpu_sweep_timing(const ImplInfo& impl, const InputSet& inputs, int device);

// The ceiling of a verified campaign of `impl` x `inputs` on `device`: a kernel that generates
// the inputs, runs the impl and compares each result bit for bit with CUDA's correctly rounded
// instruction for the op in the impl's rounding mode (verifier/gpu/instruction_ceiling.cu),
// after a warm-up and a sizing launch, the fastest of three launches of about `seconds` / 3 each.
// Without such an instruction (or for a vector file, a plug-in, an impl built with other nvcc
// flags), `why_not` says so and nothing is timed.
struct InstructionCeiling {
    std::string instruction;  // the native impl compared with: "div64.cuda_rz"
    std::string why_not;
    uint64_t inputs = 0;      // of the fastest launch
    double seconds = 0;       // the fastest launch
    uint64_t compared = 0, differing = 0;  // over the three timed launches
};
InstructionCeiling gpu_instruction_ceiling(const ImplInfo& impl, const InputSet& inputs, int device,
                                           double seconds);

// CUDA's __byte_perm and __hiloint2double on `device` against fpverify's host versions: every
// selector of the low 16 bits, then `random_cases` random operands and selectors.
struct IntrinsicsCheck {
    uint64_t cases = 0;
    uint64_t byte_perm_mismatches = 0, hiloint2double_mismatches = 0;
    std::vector<std::string> examples;  // the first few mismatches
};
IntrinsicsCheck gpu_intrinsics_check(int device, uint64_t random_cases);

}  // namespace fpv
