// Template definition of judge_range (see cpu_backend.h).
#pragma once

#include <omp.h>

#include <vector>

#include "reference/judge.h"

namespace fpv {
namespace judge_detail {

// One thread's tally on cache lines of its own: counters bumped for every input must not share
// a line with another thread's.
struct alignas(64) ThreadTally {
    Tally tally;
};

// Judges inputs [begin, end) of one class with every OpenMP thread; input_of(i) and
// result_of(i, input) give each input and result.
template <div64::InputClass C, class InputOf, class ResultOf>
Tally judge_class_range(const UnitWork& work, uint64_t begin, uint64_t end, InputOf& input_of,
                        ResultOf& result_of) {
    std::vector<ThreadTally> partial(static_cast<size_t>(omp_get_max_threads()));
    const InputSet& inputs = work.inputs;
#pragma omp parallel
    {
        Judge judge(work.impl.op);
        Tally& mine = partial[static_cast<size_t>(omp_get_thread_num())].tally;
#pragma omp for schedule(dynamic, 2048) nowait
        for (uint64_t i = begin; i < end; ++i) {
            const Operands in = input_of(i);
            const uint64_t result = result_of(i, in);
            const Verdict v = judge(in, result);
            mine.record(i, in, result, v, work.limits);
            if constexpr (C == div64::InputClass::vectors) {
                if (!Judge::same_answer(inputs.vector_results[i], v.expected)) {
                    mine.record_disagreement(i, in, inputs.vector_results[i], v.expected,
                                             work.limits);
                }
            }
        }
    }
    Tally total;
    for (const ThreadTally& t : partial) total.merge(t.tally, work.limits);
    return total;
}

}  // namespace judge_detail

template <class ResultOf>
Tally judge_range(const UnitWork& work, uint64_t begin, uint64_t end, ResultOf result_of) {
    return div64::with_class(work.inputs.id, [&](auto tag) {
        constexpr div64::InputClass C = decltype(tag)::value;
        const InputSet& inputs = work.inputs;
        auto generate = [&inputs](uint64_t i) {
            return div64::generate_in<C>(inputs.key, i, inputs.vectors.data());
        };
        return judge_detail::judge_class_range<C>(work, begin, end, generate, result_of);
    });
}

}  // namespace fpv
