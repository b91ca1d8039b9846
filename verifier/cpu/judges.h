// The CPU backend's judging of one op's units, as plain functions: verifier/cpu/judge_part.cpp
// instantiates them op by op, in parts that compile in parallel, and registers them here; the
// backend, the mutation score and the tests reach them through the unit's op id.
#pragma once

#include <cstdint>

#include "core/op_traits.h"
#include "reference/ff_verdict.h"
#include "verifier/engine/backend.h"

namespace fpv {

struct CpuJudges {
    // Runs the impl on the host on inputs [begin, end) and judges each result.
    Tally (*host_impl)(const UnitWork& work, uint64_t begin, uint64_t end) = nullptr;
    // Judges results computed elsewhere (verifier/cpu/backend.h, judge_buffers).
    Tally (*buffers)(const UnitWork& work, uint64_t begin, uint64_t end, const Operands* inputs,
                     const uint64_t* results, const CompactVerdict* verdicts) = nullptr;
    // Judges listed (index, result) pairs (verifier/cpu/backend.h, judge_indexed_results).
    Tally (*indexed)(const UnitWork& work, const IndexedResult* listed, uint64_t count, bool recheck_all) = nullptr;
};

// Registers an op's judges (at static initialisation); returns true.
bool register_cpu_judges(OpId op, const CpuJudges& judges);
// The op's judges; throws std::logic_error when no part of the build registered them.
const CpuJudges& cpu_judges(OpId op);

}  // namespace fpv
