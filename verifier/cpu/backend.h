// Evaluation and judging on the host's cores: OpenMP threads, one MPFR state each.
#pragma once

#include <map>

#include "reference/ff_verdict.h"
#include "verifier/engine/backend.h"

namespace fpv {

// Runs the unit's impl on the host on inputs [begin, end) and judges every result, with every
// OpenMP thread; the tally is the same for any thread count. The one host judging entry point:
// the backend, the mutation score and the tests call it, and only verifier/cpu/backend.cpp
// compiles the judging loops (judge_range.inl) for every op.
Tally judge_host_impl(const UnitWork& work, uint64_t begin, uint64_t end);

// Judges inputs [begin, end) whose operands and results were computed elsewhere (the GPU):
// inputs[i - begin] (or, with inputs == nullptr, the generator's input i) and results[i - begin];
// verdicts[i - begin], when given, are float-float verdicts the GPU already reached with the fast
// reference (MPFR recomputes its sample).
Tally judge_buffers(const UnitWork& work, uint64_t begin, uint64_t end, const Operands* inputs,
                    const uint64_t* results, const CompactVerdict* verdicts = nullptr);

// Judges the inputs the GPU left to the host under the exact reference (declined by the exact
// check, or in MPFR's sample): each regenerated from its index, in any order (an exhaustive
// sweep's are sorted by index first). `recheck_all`: MPFR recomputes every float-float verdict.
Tally judge_indexed_results(const UnitWork& work, IndexedResult* listed, uint64_t count, bool recheck_all = false);

class CpuBackend : public Backend {
public:
    // batch = 0 adapts the batch size to about half a second of work.
    CpuBackend(int threads, uint64_t batch);
    std::string describe() const override;
    void run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) override;

private:
    // Judges inputs [begin, end) and adds them to `batch`; adapts `slice` to their time.
    void judge_slice(const UnitWork& work, uint64_t begin, uint64_t end, Tally& batch, uint64_t& slice);

    static constexpr double kSliceSeconds = 0.25;  // what a slice aims at: a stop waits at most about that
    static constexpr double kBatchSeconds = 0.5;   // a batch without --batch: its commit's share stays small
    int threads_;
    uint64_t fixed_batch_;
    std::map<int, uint64_t> slices_;  // by unit: inputs judged between two looks at a stop
};

}  // namespace fpv
