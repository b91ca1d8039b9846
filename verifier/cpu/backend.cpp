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

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

CpuBackend::CpuBackend(int threads, uint64_t batch) : threads_(threads), fixed_batch_(batch) {
    if (threads_ > 0) omp_set_num_threads(threads_);
}

std::string CpuBackend::describe() const {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
}

void CpuBackend::run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) {
    // A unit's slices start at a few inputs a thread and double while they take little time:
    // an input may take microseconds (a division) or seconds (an entry of a product of k = 2^20),
    // and a stop or a spent budget is honoured between slices, within about a second.
    uint64_t& slice = slices_.try_emplace(work.unit, static_cast<uint64_t>(std::max(1, omp_get_max_threads()))).first->second;
    for (uint64_t at = begin; at < end;) {
        // A fixed batch ends at its size; an adapted one after about half a second of slices.
        const uint64_t batch_end = fixed_batch_ != 0 ? at + std::min(fixed_batch_, end - at) : end;
        const auto started = std::chrono::steady_clock::now();
        Tally batch;
        uint64_t judged_to = at;
        while (judged_to < batch_end && (judged_to == at || !asked_to_stop_early())) {
            if (fixed_batch_ == 0 && judged_to != at && seconds_since(started) >= kBatchSeconds) break;
            const uint64_t slice_end = judged_to + std::min(slice, batch_end - judged_to);
            judge_slice(work, judged_to, slice_end, batch, slice);
            judged_to = slice_end;
        }
        if (!done(at, judged_to, std::move(batch))) return;
        at = judged_to;
    }
}

void CpuBackend::judge_slice(const UnitWork& work, uint64_t begin, uint64_t end, Tally& batch, uint64_t& slice) {
    constexpr uint64_t kLargestSlice = uint64_t{1} << 26;
    const auto started = std::chrono::steady_clock::now();
    Tally judged = judge_host_impl(work, begin, end);
    const double seconds = seconds_since(started);
    batch.merge(judged, work.limits);
    // The size changes nothing in the results. It carries over to the unit's next batch and round.
    const uint64_t least = static_cast<uint64_t>(std::max(1, omp_get_max_threads()));
    if (end - begin == slice) {
        if (seconds < kSliceSeconds / 2 && slice < kLargestSlice) slice *= 2;
        if (seconds > 2 * kSliceSeconds && slice > least) slice = std::max(least, slice / 2);
    }
}

}  // namespace fpv
