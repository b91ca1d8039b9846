#include "verifier/cpu/raw_throughput.h"

#include <algorithm>
#include <chrono>

#include "ops/catalogue.h"
#include "ops/dispatch.h"

namespace fpv {
namespace {

// Eight chains interleaved, so that the core can overlap independent calls as it would in a
// campaign's loop; each chain depends on itself only.
constexpr int kChains = 8;

template <class Chain>
double seconds_for(HostImplFn fn, uint64_t calls_per_chain, uint64_t& sink) {
    Operands in[kChains];
    for (int c = 0; c < kChains; ++c) in[c] = Chain::start(static_cast<uint64_t>(c) + 1);
    const auto start = std::chrono::steady_clock::now();
    for (uint64_t r = 0; r < calls_per_chain; ++r) {
        for (int c = 0; c < kChains; ++c) in[c] = Chain::next(in[c], fn(in[c]));
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    for (const Operands& o : in) sink ^= o.a;
    return elapsed.count();
}

template <class Chain>
double ns_per_call(HostImplFn fn, uint64_t& sink) {
    // Calibrate to about 50 ms a run, then keep the fastest of three.
    uint64_t calls = 1024;
    while (seconds_for<Chain>(fn, calls, sink) < 0.005 && calls < (uint64_t{1} << 30)) calls *= 4;
    calls *= 10;
    double best = 1e30;
    for (int run = 0; run < 3; ++run) best = std::min(best, seconds_for<Chain>(fn, calls, sink));
    return best * 1e9 / static_cast<double>(calls * kChains);
}

}  // namespace

std::vector<CpuRawThroughput> cpu_raw_throughput() {
    std::vector<CpuRawThroughput> results;
    uint64_t sink = 0;
    for (const ImplInfo& impl : all_impls()) {
        if (!impl.runs_on_cpu() || impl.is_mutant() || impl.host == nullptr) continue;
        with_op(impl.op, [&](auto tag) {
            using Op = typename decltype(tag)::type;
            if constexpr (!is_none<typename Op::raw_chain>) {
                results.push_back({impl.name, ns_per_call<typename Op::raw_chain>(impl.host, sink)});
            }
        });
    }
    // The chains' last values, so that no call can be dropped as unused.
    if (sink == 0x5eed) results.push_back({"(sink)", 0});
    return results;
}

}  // namespace fpv
