// Evaluation and judging on the host's cores: OpenMP threads, one MPFR state each.
#pragma once

#include "reference/ff_verdict.h"
#include "verifier/engine/backend.h"

namespace fpv {

// Judges inputs [begin, end) of a unit with every OpenMP thread. The result of input
// begin + k comes from `result_of(k, input)`; the tally is the same for any thread count.
template <class ResultOf>
Tally judge_range(const UnitWork& work, uint64_t begin, uint64_t end, ResultOf result_of);

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
    // Judges inputs [begin, end) and adds them to `batch`; adapts the slice size to their time.
    void judge_slice(const UnitWork& work, uint64_t begin, uint64_t end, Tally& batch);

    static constexpr uint64_t kFirstBatch = 1 << 14;
    int threads_;
    uint64_t fixed_batch_;
    uint64_t adapted_batch_ = kFirstBatch;  // the batch size without --batch, and the slice size
};

}  // namespace fpv

#include "verifier/cpu/judge_range.inl"
