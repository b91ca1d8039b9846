#include "verifier/cpu/backend.h"

#include <omp.h>

#include <algorithm>
#include <parallel/algorithm>
#include <chrono>

#include "verifier/cpu/judges.h"

namespace fpv {

Tally judge_host_impl(const UnitWork& work, uint64_t begin, uint64_t end) {
    return cpu_judges(work.inputs.op).host_impl(work, begin, end);
}

Tally judge_buffers(const UnitWork& work, uint64_t begin, uint64_t end, const Operands* inputs,
                    const uint64_t* results, const CompactVerdict* verdicts) {
    return cpu_judges(work.inputs.op).buffers(work, begin, end, inputs, results, verdicts);
}

Tally judge_indexed_results(const UnitWork& work, IndexedResult* listed, uint64_t count, bool recheck_all) {
    // A tally does not depend on the order of its inputs, except the runs of wrong bit patterns
    // of an exhaustive sweep, which each thread records in increasing order.
    if (work.inputs.exhaustive) {
        // On every core: a sweep of an impl wrong on most inputs hands over billions.
        __gnu_parallel::sort(listed, listed + count,
                             [](const IndexedResult& x, const IndexedResult& y) { return x.index < y.index; });
    }
    return cpu_judges(work.inputs.op).indexed(work, listed, count, recheck_all);
}

CpuBackend::CpuBackend(int threads, uint64_t batch) : threads_(threads), fixed_batch_(batch) {
    if (threads_ > 0) omp_set_num_threads(threads_);
}

std::string CpuBackend::describe() const {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
}

void CpuBackend::run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) {
    for (uint64_t at = begin; at < end;) {
        const uint64_t batch_end = at + std::min(fixed_batch_ != 0 ? fixed_batch_ : adapted_batch_, end - at);
        // A batch is judged in slices of about half a second (all of it, when the size adapts):
        // between slices a stop cuts it short, so --batch 1e9 stops as soon as the default does.
        Tally batch;
        uint64_t judged_to = at;
        while (judged_to < batch_end && (judged_to == at || !asked_to_stop_early())) {
            const uint64_t slice_end = judged_to + std::min(adapted_batch_, batch_end - judged_to);
            judge_slice(work, judged_to, slice_end, batch);
            judged_to = slice_end;
        }
        if (!done(at, judged_to, std::move(batch))) return;
        at = judged_to;
    }
}

void CpuBackend::judge_slice(const UnitWork& work, uint64_t begin, uint64_t end, Tally& batch) {
    constexpr uint64_t kLargestSlice = uint64_t{1} << 26;
    const auto started = std::chrono::steady_clock::now();
    Tally slice = judge_host_impl(work, begin, end);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    batch.merge(slice, work.limits);
    // Slices of about half a second keep commits rare and progress lively; the size changes
    // nothing in the results. It carries over to the next batch, unit and round.
    if (end - begin == adapted_batch_) {
        if (seconds < 0.25 && adapted_batch_ < kLargestSlice) adapted_batch_ *= 2;
        if (seconds > 1.0 && adapted_batch_ > kFirstBatch) adapted_batch_ /= 2;
    }
}

}  // namespace fpv
