#include "verifier/engine/bench.h"

#include "verifier/cpu/raw_throughput.h"

#include <omp.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "core/usage_error.h"
#include "model/input_set.h"
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "store/store.h"
#include "verifier/engine/backend_factory.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/engine/engine.h"
#include "verifier/gpu/backend.h"

namespace fpv {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Nanoseconds per call of `f(i)` on one thread, i going round [0, inputs): over at least a
// second and every i at least once, or over two seconds where inputs are so dear (a matrix entry
// of thousands of terms judged exactly) that one round would take longer; `inputs` is then cut to
// the calls made, so that later phases read only what this one filled in.
template <class F>
double nanoseconds_per_input(uint64_t& inputs, F f) {
    constexpr uint64_t kBetweenClocks = 64;
    uint64_t done = 0;
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
        f(done % inputs);
        ++done;
        if (done % kBetweenClocks != 0 && done != inputs) continue;
        const double seconds = seconds_since(start);
        if ((seconds >= 1.0 && done >= inputs) || seconds >= 2.0) break;
    }
    if (done < inputs) inputs = done;
    return 1e9 * seconds_since(start) / static_cast<double>(done);
}

// A GPU-only impl has no results on the host: the reference's own answers stand in for them,
// so that the timed judge does what it does for a correct result (a wrong one would also be
// measured in ulps, which costs MPFR a second evaluation and would understate the ceiling).
void stand_in_results(Judge& judge, const std::vector<Operands>& in, std::vector<uint64_t>& out, uint64_t n) {
    for (size_t i = 0; i < n; ++i) out[i] = judge(in[i], 0).expected;
}

struct Costs {
    double generate, impl, reference;  // nanoseconds per input on one core
};

// The per-input costs of a CPU campaign, each alone on one thread. The reference is timed on
// stored inputs and results, as fpverify's judge computes it: for correctly rounded ops the
// operands into MPFR, the op, mpfr_subnormalize, the result back; for float-float ops the exact
// sums of the result's and the operation's terms, and the relative error.
Costs measure_costs(const ImplInfo& impl, const InputSet& inputs,
                    ReferenceMode reference = ReferenceMode::mpfr, uint64_t stride = 1) {
    uint64_t n = 1 << 20;
    std::vector<Operands> in(n);
    std::vector<uint64_t> out(n, 0);
    volatile uint64_t sink = 0;
    Costs c{};
    c.generate = nanoseconds_per_input(n, [&](uint64_t i) { in[i] = inputs.input(i * stride); });
    Judge judge(impl, reference);
    if (impl.host != nullptr) {
        c.impl = nanoseconds_per_input(n, [&](uint64_t i) { out[i] = impl.host(in[i]); });
    } else {
        stand_in_results(judge, in, out, n);
    }
    c.reference = nanoseconds_per_input(n, [&](uint64_t i) {
        sink = sink ^ static_cast<uint64_t>(judge(in[i], out[i]).category);
    });
    return c;
}

// The reference alone on every thread at once, over stored inputs: what the cores really give
// when all of them run MPFR (shared clocks and caches make it less than cores x one core).
double all_core_reference_rate(const ImplInfo& impl, const InputSet& inputs) {
    uint64_t n = 1 << 20;
    std::vector<Operands> in(n);
    std::vector<uint64_t> out(n, 0);
    // At most a second of filling in: dear inputs make do with fewer.
    const auto start = std::chrono::steady_clock::now();
    for (uint64_t i = 0; i < n; ++i) {
        in[i] = inputs.input(i);
        if (impl.host != nullptr) out[i] = impl.host(in[i]);
        if (i % 64 == 63 && seconds_since(start) >= 1.0) n = i + 1;
    }
    if (impl.host == nullptr) {
        Judge judge(impl);
        stand_in_results(judge, in, out, n);
    }
    double total = 0;
#pragma omp parallel reduction(+ : total)
    {
        Judge judge(impl);
        volatile uint64_t sink = 0;
        uint64_t mine = n;
        total += 1e9 / nanoseconds_per_input(mine, [&](uint64_t i) {
            sink = sink ^ static_cast<uint64_t>(judge(in[i], out[i]).category);
        });
    }
    return total;
}

struct CampaignTiming {
    double seconds = 0;
    int status = 0;
    uint64_t tested = 0;  // inputs judged, over every unit
    CampaignRecord record;
};

// Runs a prepared campaign on a fresh backend into a temporary database that goes afterwards;
// with a budget, it pauses at the first batch boundary after it, as `run --for` does.
CampaignTiming time_campaign(const PreparedCampaign& prepared, const std::string& host,
                             std::optional<double> budget = std::nullopt, const std::vector<int>& devices = {}) {
    const std::string db = std::filesystem::temp_directory_path() /
                           ("fpverify-bench-" + std::to_string(getpid()) + ".db");
    CampaignTiming t;
    {
        Store store(db, Store::Mode::read_write);
        t.record.spec = prepared.spec;
        std::unique_ptr<Backend> backend =
            make_backend(prepared.spec.backend, prepared.spec.threads, prepared.spec.batch, devices);
        std::printf("  backend: %s\n", backend->describe().c_str());
        t.record.id = store.create_campaign(prepared.spec, prepared.units, host, "bench");
        const auto start = std::chrono::steady_clock::now();
        std::vector<UnitState> units = prepared.units;
        t.status = execute_campaign(store, t.record, units, prepared.inputs, *backend,
                                    ExecuteOptions{false, true, budget, false});
        t.seconds = seconds_since(start);
        for (const UnitState& u : units) t.tested += u.tally.tested;
    }
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
    return t;
}

std::string host_name() {
    char host[256] = "unknown";
    gethostname(host, sizeof host - 1);
    return host;
}

}  // namespace

int run_sweep_bench(const BenchOptions& options) {
    if (options.threads > 0) omp_set_num_threads(options.threads);
    CampaignSpec spec;
    spec.name = "bench-sweep";
    spec.impls = {options.impl};
    spec.classes = {options.input_class};
    spec.seed = 1;
    spec.count = 1;  // exhaustive classes ignore it
    spec.backend = options.backend;
    spec.threads = options.threads;
    spec.command_line = "fpverify bench --sweep";
    PreparedCampaign prepared = prepare_campaign(spec);
    const InputSet& inputs = prepared.inputs.front();
    if (!inputs.exhaustive) {
        throw UsageError("bench --sweep: class '" + options.input_class +
                         "' is not exhaustive (all32, range32:LO-HI, binade32:E)");
    }
    const ImplInfo& impl = impl_named(options.impl);
    const std::string host = host_name();
    std::printf("fpverify bench --sweep: %s x %s (%llu inputs) on %s (backend %s): %d cores, %d threads\n",
                options.impl.c_str(), options.input_class.c_str(),
                static_cast<unsigned long long>(inputs.size), host.c_str(), options.backend.c_str(),
                omp_get_num_procs(), omp_get_max_threads());
    if (options.backend == "gpu") {
        const SweepTiming g = gpu_sweep_timing(impl, inputs, 0);
        std::printf("  GPU 0 evaluation alone               %8.3f s  (%.2f G inputs/s; best of 3)\n",
                    g.evaluate_seconds, g.inputs / g.evaluate_seconds / 1e9);
        std::printf("  GPU 0 evaluation + results to host   %8.3f s  (%.2f G inputs/s, %.1f GB/s over the bus)\n",
                    g.with_copy_seconds, g.inputs / g.with_copy_seconds / 1e9,
                    g.inputs * 8.0 / g.with_copy_seconds / 1e9);
    }
    for (const ReferenceMode mode : {ReferenceMode::mpfr, ReferenceMode::fast, ReferenceMode::exact}) {
        if (mode == ReferenceMode::fast && !op_info(impl.op).has_fast_reference) {
            std::printf("  reference fast: %s has no faster exact check than MPFR\n", options.impl.c_str());
            continue;
        }
        if (mode == ReferenceMode::exact && !gpu_certifiable(impl)) {
            std::printf("  reference exact: %s has no exact check (or claims a domain beyond its operands)\n",
                        options.impl.c_str());
            continue;
        }
        // Inputs spread evenly over the set: its first 2^20 may all be alike.
        const Costs c = measure_costs(impl, inputs, mode, std::max<uint64_t>(1, inputs.size >> 20));
        std::printf("  reference %s: %.1f ns per input on one core, averaged over the set%s\n",
                    std::string(reference_mode_name(mode)).c_str(), c.reference,
                    mode == ReferenceMode::fast    ? " (exact without MPFR; MPFR on 1 input in 1024)"
                    : mode == ReferenceMode::exact ? " (integer check; MPFR for what it declines)"
                                                   : " (MPFR)");
        prepared.spec.reference = mode;
        const CampaignTiming t = time_campaign(prepared, host);
        std::printf("  end to end, reference %-5s          %8.3f s  (%.1f M inputs/s, exit status %d",
                    std::string(reference_mode_name(mode)).c_str(), t.seconds, inputs.size / t.seconds / 1e6,
                    t.status);
        if (t.record.gpu_wait_seconds > 0 || t.record.host_wait_seconds > 0) {
            std::printf("; GPU idle %.0f%%, host idle %.0f%%", 100 * t.record.gpu_wait_seconds / t.seconds,
                        100 * t.record.host_wait_seconds / t.seconds);
        }
        std::printf(")\n");
    }
    return 0;
}

int run_bench(const BenchOptions& options) {
    if (options.sweep) return run_sweep_bench(options);
    if (options.raw) {
        std::printf("raw CPU throughput (one core, %s; 8 interleaved dependent chains, every operand made "
                    "from the last result; called through the catalogue's function pointer; fastest of 3):\n",
                    host_name().c_str());
        for (const CpuRawThroughput& r : cpu_raw_throughput()) {
            std::printf("  %-32s %9.2f ns/op  (%7.1f Mop/s)\n", r.impl.c_str(), r.ns_per_call, 1e3 / r.ns_per_call);
        }
        std::string why;
        std::vector<std::string> gpus;
        if (probe_gpus(why, gpus)) {
            // 10^8 threads of 100 dependent operations each, as the seed post measured division.
            std::printf("raw GPU throughput (GPU 0, 10^8 threads x 100 dependent operations, every operand made "
                        "from the last result; fastest of 3 runs):\n");
            for (const RawThroughput& r : gpu_raw_throughput(0, 100000000, 100)) {
                std::printf("  %-32s %9.1f Gop/s  (%.1f ms)%s\n", r.impl.c_str(), r.gops, 1e3 * r.seconds,
                            r.seed_style ? "  seed-style: the second operand held fixed, hoistable" : "");
            }
        } else {
            std::printf("raw GPU throughput: not measured (%s)\n", why.c_str());
        }
    }
    if (options.threads > 0) omp_set_num_threads(options.threads);
    const int threads = omp_get_max_threads();
    const int cores = options.threads > 0 ? options.threads : omp_get_num_procs();
    CampaignSpec spec;
    spec.name = "bench";
    spec.impls = {options.impl};
    spec.classes = {options.input_class};
    spec.seed = 1;
    spec.count = 1;
    spec.backend = options.backend;
    spec.threads = options.threads;
    spec.command_line = "fpverify bench";
    const PreparedCampaign probe = prepare_campaign(spec);
    const ImplInfo& impl = impl_named(options.impl);

    const std::string host = host_name();
    std::printf("fpverify bench: %s x %s on %s (backend %s): %d cores, %d threads\n",
                options.impl.c_str(), options.input_class.c_str(), host.c_str(), options.backend.c_str(),
                omp_get_num_procs(), threads);
    const Costs c = measure_costs(impl, probe.inputs.front());
    if (options.backend == "cpu") {
        std::printf("  one core, per input: generate %.1f ns, %s %.1f ns, MPFR reference %.1f ns\n",
                    c.generate, options.impl.c_str(), c.impl, c.reference);
    } else {
        std::printf("  one core, per input: MPFR reference %.1f ns (inputs and results come from "
                    "the GPU)\n", c.reference);
    }
    const double single = 1e9 / c.reference;
    const double ceiling = single * cores;
    const double all_cores = all_core_reference_rate(impl, probe.inputs.front());
    std::printf("  MPFR reference rate, one core       %8.3f M/s\n", single / 1e6);
    // A CPU campaign's ceiling is MPFR on every core; a GPU campaign's is the GPU's (below).
    const std::string scaled = (options.backend == "gpu" ? "MPFR's rate x " : "ceiling (x ") + std::to_string(cores) +
                               (options.backend == "gpu" ? " cores" : " cores)");
    std::printf("  %-35s %8.3f M/s\n", scaled.c_str(), ceiling / 1e6);
    std::printf("  MPFR reference, %d threads at once   %8.3f M/s  (%.3f of the line above)\n", threads,
                all_cores / 1e6, all_cores / ceiling);

    spec.reference = options.reference;
    spec.count = static_cast<uint64_t>(ceiling * options.seconds);
    // On the GPU backend the verified campaign runs on GPU 0 alone, the GPU its ceiling is
    // measured on, so that the ratio compares like with like on a host of several GPUs.
    const std::vector<int> one_gpu = options.backend == "gpu" ? std::vector<int>{0} : std::vector<int>{};
    if (options.reference != ReferenceMode::mpfr) {
        // The fast and exact references may go far beyond the MPFR ceiling: size the campaign by
        // a calibration run long enough for the batches to reach their adapted size.
        // An entry of a matrix product is thousands of terms: a product of 4096 x 4096 entries calibrates.
        const bool entries = op_info(impl.op).metric == Metric::componentwise;
        const uint64_t gpu_calibration =
            uint64_t{1} << (entries ? 24 : options.reference == ReferenceMode::exact ? 35 : 30);
        spec.count = std::max<uint64_t>(static_cast<uint64_t>(ceiling), options.backend == "gpu" ? gpu_calibration : 0);
        const CampaignTiming calibration = time_campaign(prepare_campaign(spec), host, std::nullopt, one_gpu);
        spec.count = static_cast<uint64_t>(static_cast<double>(spec.count) / calibration.seconds * options.seconds);
        if (options.reference == ReferenceMode::exact && certifiable(impl)) {
            std::printf("  reference: exact (results certified by the op's integer check%s; MPFR judges the rest "
                        "and 1 certified input in 4096)\n",
                        options.backend == "gpu" ? " on the GPU, which hands the host only the others" : "");
        } else if (options.reference == ReferenceMode::exact && gpu_certifiable(impl)) {
            std::printf("  reference: exact (%s; CORE-MATH judges the rest, MPFR measuring every error and "
                        "re-judging 1 decided input in 4096)\n",
                        options.backend == "gpu" ? "results judged on the GPU beside CUDA's binary64 function"
                                                 : "on the host nothing is decided by a binary64 twin");
        } else if (options.reference == ReferenceMode::exact && op_info(impl.op).metric == Metric::relative_u2) {
            std::printf("  reference: exact (float-float verdicts by exact sums%s; MPFR recomputes the failures, the "
                        "candidates for the worst cases and 1 input in 4096)\n",
                        options.backend == "gpu" ? ", tallied on the GPU" : "");
        } else if (entries && options.reference == ReferenceMode::exact && options.backend == "gpu") {
            std::printf("  reference: exact (entries summed exactly in a fixed-point accumulator on the GPU, which "
                        "hands the host only the failures, the candidates for the worst cases and 1 entry in 1024; "
                        "MPFR recomputes the failures and the 1 in 1024)\n");
        } else if (entries) {
            std::printf("  reference: %s (entries summed exactly in a fixed-point accumulator on the host; MPFR "
                        "recomputes the failures and 1 entry in 1024)\n",
                        std::string(reference_mode_name(options.reference)).c_str());
        } else {
            std::printf("  reference: %s (exact without MPFR%s; MPFR on 1 input in 1024)\n",
                        std::string(reference_mode_name(options.reference)).c_str(),
                        op_info(impl.op).metric == Metric::relative_u2 && options.backend == "gpu"
                            ? ", float-float verdicts reached on the GPU"
                            : "");
        }
    }
    // --seconds is the campaign's length: it is sized for four times that at the rate estimated
    // above and paused by a budget of --seconds, so a slower rate cannot stretch it.
    spec.count *= 4;
    const CampaignTiming timing = time_campaign(prepare_campaign(spec), host, options.seconds, one_gpu);
    const double elapsed = timing.seconds;
    const CampaignRecord& campaign = timing.record;
    const double verified = static_cast<double>(timing.tested) / elapsed;
    std::printf("  verified campaign rate              %8.3f M/s  (%llu inputs in %.1f s, "
                "SQLite commits included; %s)\n",
                verified / 1e6, static_cast<unsigned long long>(timing.tested), elapsed,
                timing.status == kExitRuntime ? "stopped at --seconds"
                                              : ("finished, exit status " + std::to_string(timing.status)).c_str());
    if (campaign.gpu_wait_seconds > 0 || campaign.host_wait_seconds > 0) {
        std::printf("  GPU idle %.1f%%, host idle %.1f%% of the campaign\n",
                    100 * campaign.gpu_wait_seconds / elapsed, 100 * campaign.host_wait_seconds / elapsed);
    }
    if (options.backend == "gpu") {
        // A GPU campaign is read against the GPU, not against MPFR: the same inputs generated,
        // the impl run and its results compared with CUDA's correctly rounded instruction.
        std::printf("  ratio to the MPFR rate of all cores %8.3f  (what the GPU spares the host)\n",
                    verified / all_cores);
        const InstructionCeiling g = gpu_instruction_ceiling(impl, probe.inputs.front(), 0, 3.0);
        if (!g.why_not.empty()) {
            std::printf("  instruction ceiling: not measured (%s)\n", g.why_not.c_str());
        } else {
            const double rate = static_cast<double>(g.inputs) / g.seconds;
            std::printf("  instruction ceiling, GPU 0          %8.3f G/s  (generate, run %s, compare with %s bit for "
                        "bit: %llu of %llu results differ; fastest of 3 launches of %.2f G inputs)\n",
                        rate / 1e9, options.impl.c_str(), g.instruction.c_str(),
                        static_cast<unsigned long long>(g.differing), static_cast<unsigned long long>(g.compared),
                        static_cast<double>(g.inputs) / 1e9);
            std::printf("  ratio to the instruction ceiling    %8.3f  (goal >= 0.80: %s)\n", verified / rate,
                        verified / rate >= 0.8 ? "met" : "not met");
        }
        return 0;
    }
    std::printf("  ratio to ceiling                    %8.3f  (goal >= 0.80: %s); to the reference on "
                "all threads at once: %.3f\n",
                verified / ceiling, verified / ceiling >= 0.8 ? "met" : "not met", verified / all_cores);
    if (options.backend == "cpu") {
        // On the CPU the impl under test and the generator share the cores with MPFR.
        const double bound = c.reference / (c.reference + c.impl + c.generate);
        std::printf("  on the CPU the impl and the generator share the cores with MPFR: "
                    "reference / (reference + impl + generate) = %.3f bounds the ratio\n", bound);
    }
    return 0;
}

}  // namespace fpv
