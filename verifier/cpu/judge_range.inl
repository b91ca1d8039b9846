// The judging loops of the CPU backend, templates on the op and the class's generator: included
// by verifier/cpu/judge_part.cpp alone, which instantiates them op by op.
#pragma once

#include <omp.h>

#include <optional>
#include <vector>

#include "model/input_set.h"
#include "verifier/engine/backend.h"
#include "ops/judge.h"

namespace fpv {
namespace judge_detail {

// One thread's tally on cache lines of its own: counters bumped for every input must not share
// a line with another thread's.
struct alignas(64) ThreadTally {
    Tally tally;
};

// Judges `count` inputs of one generator's class of Op with every OpenMP thread: the k-th has
// index index_of(k) (increasing in k for exhaustive sweeps), input input_of(index) and result
// result_of(k, input);
// verdict_of(k) points to the verdict the GPU already reached, if it sent one (nullptr: none);
// `recheck_all`: MPFR recomputes every float-float verdict (the GPU's hand-over under the exact
// reference).
template <class Op, class Generator, class IndexOf, class InputOf, class ResultOf, class VerdictOf>
Tally judge_listed(const UnitWork& work, uint64_t count, IndexOf& index_of, InputOf& input_of, ResultOf& result_of,
                   VerdictOf& verdict_of, bool recheck_all = false) {
    std::vector<ThreadTally> partial(static_cast<size_t>(omp_get_max_threads()));
    const InputSet& inputs = work.inputs;
    const bool exhaustive = inputs.exhaustive;
    // An entry of a matrix product is thousands of terms (and MPFR's sum of them): a few a chunk,
    // so that the few hundred a GPU batch hands over still spread over every thread.
    const int chunk = Op::metric == Metric::componentwise ? 4 : 2048;
#pragma omp parallel
    {
        OpJudge<Op> judge(work.impl, work.reference, work.strict_nan);
        if (recheck_all) judge.recheck_every_result();
        Tally& mine = partial[static_cast<size_t>(omp_get_thread_num())].tally;
#pragma omp for schedule(dynamic, chunk) nowait
        for (uint64_t k = 0; k < count; ++k) {
            const uint64_t i = index_of(k);
            const Operands in = input_of(i);
            const uint64_t result = result_of(k, in);
            const auto sent = verdict_of(k);
            const Verdict v = judge(in, result, sent ? &*sent : nullptr, i);
            mine.record(i, in, result, v, work.limits, map_cell_of<Op>(in));
            if (v.ftz_changed) mine.ftz_changed.record();
            if (exhaustive && v.wrong) mine.record_wrong(static_cast<uint32_t>(in.a), work.limits);
            if (v.reference_conflict) mine.record_disagreement(i, in, v.conflicting, v.checked, work.limits);
            // A vector file states IEEE answers in its own rounding mode: FTZ builds are judged
            // against others, and an impl of another mode needs the reference in the file's.
            if constexpr (Generator::kVectorFile) {
                if (!work.impl.spec.ftz) {
                    const uint64_t stated = inputs.vector_results[i];
                    const uint64_t reference = work.impl.spec.rounding == inputs.vector_rounding
                                                   ? v.expected
                                                   : judge.reference(in, inputs.vector_rounding);
                    if (!same_answer(Op::result, stated, reference)) {
                        mine.record_disagreement(i, in, stated, reference, work.limits);
                    }
                }
            }
        }
    }
    Tally total;
    for (const ThreadTally& t : partial) total.merge(t.tally, work.limits);
    return total;
}

// Judges inputs [begin, end), in index order.
template <class Op, class Generator, class InputOf, class ResultOf>
Tally judge_generated(const UnitWork& work, uint64_t begin, uint64_t end, InputOf& input_of,
                      ResultOf& result_of, const CompactVerdict* verdicts = nullptr) {
    auto index_of = [begin](uint64_t k) { return begin + k; };
    auto verdict_of = [verdicts](uint64_t k) {
        return verdicts != nullptr ? std::optional<CompactVerdict>(verdicts[k]) : std::nullopt;
    };
    return judge_listed<Op, Generator>(work, end - begin, index_of, input_of, result_of, verdict_of);
}

}  // namespace judge_detail

}  // namespace fpv
