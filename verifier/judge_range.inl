// Template definition of judge_range (see cpu_backend.h).
#pragma once

#include <omp.h>

#include <vector>

#include "reference/judge.h"

namespace fpv {

namespace judge_detail {

template <div64::InputClass C, class ResultOf>
Tally judge_class_range(const UnitWork& work, uint64_t begin, uint64_t end, ResultOf& result_of) {
    std::vector<Tally> partial(static_cast<size_t>(omp_get_max_threads()));
    const InputSet& inputs = work.inputs;
#pragma omp parallel
    {
        Judge judge(work.impl.op);
        Tally& mine = partial[static_cast<size_t>(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 2048) nowait
        for (uint64_t i = begin; i < end; ++i) {
            const Operands in = div64::generate_in<C>(inputs.key, i, inputs.vectors.data());
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
    for (const Tally& t : partial) total.merge(t, work.limits);
    return total;
}

}  // namespace judge_detail

template <class ResultOf>
Tally judge_range(const UnitWork& work, uint64_t begin, uint64_t end, ResultOf result_of) {
    return div64::with_class(work.inputs.id, [&](auto tag) {
        return judge_detail::judge_class_range<decltype(tag)::value>(work, begin, end, result_of);
    });
}

}  // namespace fpv
