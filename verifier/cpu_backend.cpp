#include "verifier/cpu_backend.h"

#include <omp.h>

#include <algorithm>
#include <parallel/algorithm>
#include <chrono>

namespace fpv {

Tally judge_buffers(const UnitWork& work, uint64_t begin, uint64_t end, const Operands* inputs,
                    const uint64_t* results, const CompactVerdict* verdicts) {
    return with_unit(work.inputs, work.inputs.params(), [&](auto op_tag, auto generator) {
        auto input_of = [inputs, begin, generator](uint64_t i) {
            return inputs != nullptr ? inputs[i - begin] : generator(i);
        };
        auto result_of = [results](uint64_t k, const Operands&) { return results[k]; };
        return judge_detail::judge_generated<typename decltype(op_tag)::type, decltype(generator)>(
            work, begin, end, input_of, result_of, verdicts);
    });
}

Tally judge_indexed_results(const UnitWork& work, IndexedResult* listed, uint64_t count, bool recheck_all) {
    // A tally does not depend on the order of its inputs, except the runs of wrong bit patterns
    // of an exhaustive sweep, which each thread records in increasing order.
    if (work.inputs.exhaustive) {
        // On every core: a sweep of an impl wrong on most inputs hands over billions.
        __gnu_parallel::sort(listed, listed + count,
                             [](const IndexedResult& x, const IndexedResult& y) { return x.index < y.index; });
    }
    return with_unit(work.inputs, work.inputs.params(), [&](auto op_tag, auto generator) {
        auto index_of = [listed](uint64_t k) { return listed[k].index; };
        auto input_of = [generator](uint64_t i) { return generator(i); };
        auto result_of = [listed](uint64_t k, const Operands&) { return listed[k].result; };
        return judge_detail::judge_listed<typename decltype(op_tag)::type, decltype(generator)>(
            work, count, index_of, input_of, result_of, nullptr, recheck_all);
    });
}

CpuBackend::CpuBackend(int threads, uint64_t batch) : threads_(threads), fixed_batch_(batch) {
    if (threads_ > 0) omp_set_num_threads(threads_);
}

std::string CpuBackend::describe() const {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
}

void CpuBackend::run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) {
    constexpr uint64_t kLargestBatch = uint64_t{1} << 26;
    // The adapted size carries over from the unit's previous round and from the previous unit.
    uint64_t& batch = adapted_batch_;
    if (fixed_batch_ != 0) batch = fixed_batch_;
    const HostImplFn fn = work.impl.host;
    for (uint64_t at = begin; at < end;) {
        const uint64_t stop = at + std::min(batch, end - at);
        const auto started = std::chrono::steady_clock::now();
        Tally t = judge_range(work, at, stop, [fn](uint64_t, const Operands& in) { return fn(in); });
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (!done(at, stop, std::move(t))) return;
        at = stop;
        // Batches of about half a second keep commits rare and progress lively; the size
        // changes nothing in the results.
        if (fixed_batch_ == 0) {
            if (seconds < 0.25 && batch < kLargestBatch) batch *= 2;
            if (seconds > 1.0 && batch > kFirstBatch) batch /= 2;
        }
    }
}

}  // namespace fpv
