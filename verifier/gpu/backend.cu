// The CUDA backend: batches stream through the GPUs while the host's OpenMP workers judge the
// batches that came back. Each device has one stream and kSlots slots (device buffers, pinned
// host buffers, events); batch j goes to device j mod D, so up to kSlots * D batches are in
// flight while the host judges the oldest one. Batches come back to the engine in index order.
// Under the exact reference the GPU judges too: its kernel counts what the op's exact check
// certifies (or tallies float-float verdicts) and writes only the other results, with their
// indices, into pinned host memory, where the host's MPFR judges them (verifier/gpu/kernels.cuh).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include "core/usage_error.h"
#include "ops/catalogue.h"
#include "ops/judge.h"
#include "verifier/cpu/backend.h"
#include "verifier/gpu/cuda_check.cuh"
#include "verifier/gpu/backend.h"
#include "verifier/gpu/generated_inputs_check.h"
#include "verifier/gpu/kernels.cuh"
#include "verifier/gpu/product_room.h"
#include "verifier/gpu/tail_pieces.h"

namespace fpv {
namespace {

constexpr int kSlots = 3;
constexpr uint64_t kFirstBatch = uint64_t{1} << 16;
constexpr uint64_t kLargestBatch = uint64_t{1} << 26;  // shrunk to fit the GPUs' free memory
constexpr uint64_t kSmallestCapacity = uint64_t{1} << 20;
// Under the exact reference a batch needs no buffer per input, only room for the results the
// GPU hands over; batches grow until the GPU spends about a quarter of a second on each.
constexpr uint64_t kHandedCapacity = uint64_t{1} << 22;
constexpr uint64_t kLargestExactBatch = uint64_t{1} << 36;
// Until a unit's worst list is full a batch that measures errors hands over every error it
// meets; this caps what one batch can hand then (a range the impl gets right, which fills
// nothing, is crossed in batches this large, one at a time; __tanhf's first erring batch handed
// 10^8 results before, 9 s of MPFR on 16 cores).
constexpr uint64_t kFillingBatch = uint64_t{1} << 24;

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

__global__ void injected_fault() { __trap(); }

// Runs work(i) for each of n devices, each on a thread of its own, and rethrows the first
// error. Creating a device's context, checking it and pinning its buffers take seconds, as
// long as a short campaign's share of each GPU: a second GPU must not wait for the first.
template <class Work>
void on_each_device(size_t n, const Work& work) {
    if (n == 1) {
        work(size_t{0});
        return;
    }
    std::vector<std::exception_ptr> errors(n);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < n; ++i) {
        threads.emplace_back([&work, &errors, i] {
            try {
                work(i);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        });
    }
    for (std::thread& t : threads) t.join();
    for (const std::exception_ptr& e : errors) {
        if (e) std::rethrow_exception(e);
    }
}

struct Slot {
    Operands* device_inputs = nullptr;
    uint64_t* device_results = nullptr;
    CompactVerdict* device_verdicts = nullptr;  // float-float results judged on the GPU
    Operands* host_inputs = nullptr;
    uint64_t* host_results = nullptr;
    CompactVerdict* host_verdicts = nullptr;
    IndexedResult* handed = nullptr;  // mapped pinned memory the exact kernel writes into
    gpu::ExactCounts* device_counts = nullptr;
    gpu::ExactCounts* host_counts = nullptr;
    gpu::KeptCounts* device_kept = nullptr;
    gpu::KeptCounts* host_kept = nullptr;
    gpu::ProductFacts* device_facts = nullptr;  // whole-product impls: what ran
    gpu::ProductFacts* host_facts = nullptr;
    cudaEvent_t start = nullptr, done = nullptr;
};

struct Device {
    int id = 0;
    std::string name;
    int multiprocessors = 0;
    size_t total_bytes = 0;  // its memory
    cudaStream_t stream = nullptr;
    Slot slots[kSlots];
    Operands* vectors = nullptr;
    double busy_seconds = 0;
};

struct InFlight {
    size_t device;
    int slot;
    uint64_t begin, count;
};

// Hands judged batches to the engine (which commits them to SQLite) on a thread of its own, in
// order, so the OpenMP workers can judge the next batch meanwhile. One batch waits at most.
class OrderedCommitter {
public:
    explicit OrderedCommitter(const BatchDone& done) : done_(done), thread_([this] { loop(); }) {}
    ~OrderedCommitter() {
        {
            std::lock_guard lock(mutex_);
            closing_ = true;
        }
        changed_.notify_all();
        thread_.join();
    }
    OrderedCommitter(const OrderedCommitter&) = delete;
    OrderedCommitter& operator=(const OrderedCommitter&) = delete;

    // Queues a batch once the previous one is committed. Rethrows the engine's error, if any.
    void submit(uint64_t begin, uint64_t end, Tally&& tally) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !pending_ || error_; });
        if (error_) std::rethrow_exception(error_);
        pending_.emplace(Pending{begin, end, std::move(tally)});
        changed_.notify_all();
    }

    // Waits until everything submitted is committed; rethrows the engine's error, if any.
    void finish() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return (!pending_ && !busy_) || error_; });
        if (error_) std::rethrow_exception(error_);
    }

    bool stop_requested() {
        std::lock_guard lock(mutex_);
        return stop_;
    }

private:
    struct Pending {
        uint64_t begin, end;
        Tally tally;
    };

    void loop() {
        std::unique_lock lock(mutex_);
        for (;;) {
            changed_.wait(lock, [&] { return pending_ || closing_; });
            if (!pending_) return;
            Pending p = std::move(*pending_);
            pending_.reset();
            busy_ = true;
            changed_.notify_all();
            lock.unlock();
            bool go_on = true;
            std::exception_ptr error;
            try {
                go_on = done_(p.begin, p.end, std::move(p.tally));
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
            busy_ = false;
            stop_ = stop_ || !go_on;
            if (error) error_ = error;
            changed_.notify_all();
        }
    }

    const BatchDone& done_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::optional<Pending> pending_;
    bool busy_ = false, stop_ = false, closing_ = false;
    std::exception_ptr error_;
    std::thread thread_;
};

class GpuBackend final : public Backend {
public:
    GpuBackend(const std::vector<int>& ids, int threads, uint64_t batch)
        : cpu_(threads, 0) {
        if (const char* fault = std::getenv("FPV_INJECT_GPU_FAULT")) inject_at_ = std::atoll(fault);
        trace_ = std::getenv("FPV_TRACE_BATCHES") != nullptr;  // one line per batch on stderr
        // MPFR's sample of the GPU's inputs is compared with the host's; this compares them all.
        check_every_input_ = std::getenv("FPV_CHECK_GPU_INPUTS") != nullptr;
        const auto started = std::chrono::steady_clock::now();
        // Each slot holds a batch's inputs and results on the GPU and in pinned host memory;
        // the slots together may take half of the smallest free GPU memory.
        capacity_ = kLargestBatch;
        for (int id : ids) {
            size_t free_bytes = 0, total_bytes = 0;
            FPV_CUDA(cudaSetDevice(id));
            FPV_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
            constexpr size_t kPerInput = sizeof(Operands) + sizeof(uint64_t) + sizeof(CompactVerdict);
            while (capacity_ > kSmallestCapacity && kSlots * capacity_ * kPerInput > free_bytes / 2) {
                capacity_ /= 2;
            }
        }
        fixed_batch_ = std::min(batch, capacity_);
        // Buffers come when a unit first needs them: a campaign judged on the GPU never needs
        // the per-input ones (gigabytes of pinned memory, seconds to pin and to free).
        devices_.resize(ids.size());
        on_each_device(ids.size(), [&](size_t i) {
            Device& d = devices_[i];
            d.id = ids[i];
            cudaDeviceProp prop;
            FPV_CUDA(cudaGetDeviceProperties(&prop, d.id));
            d.name = prop.name;
            d.multiprocessors = prop.multiProcessorCount;
            FPV_CUDA(cudaSetDevice(d.id));
            size_t free_bytes = 0;
            FPV_CUDA(cudaMemGetInfo(&free_bytes, &d.total_bytes));
            FPV_CUDA(cudaStreamCreateWithFlags(&d.stream, cudaStreamNonBlocking));
            for (Slot& s : d.slots) {
                FPV_CUDA(cudaEventCreate(&s.start));
                FPV_CUDA(cudaEventCreate(&s.done));
            }
        });
        if (trace_) std::fprintf(stderr, "fpverify: GPUs ready after %.3f s\n", seconds_since(started));
    }

    ~GpuBackend() override {
        // Errors are ignored here: after a fault the context may already be gone.
        on_each_device(devices_.size(), [this](size_t i) {
            Device& d = devices_[i];
            cudaSetDevice(d.id);
            for (Slot& s : d.slots) {
                cudaFree(s.device_inputs);
                cudaFree(s.device_results);
                cudaFreeHost(s.host_inputs);
                cudaFreeHost(s.host_results);
                cudaFree(s.device_verdicts);
                cudaFreeHost(s.host_verdicts);
                cudaFreeHost(s.handed);
                cudaFree(s.device_counts);
                cudaFreeHost(s.host_counts);
                cudaFree(s.device_kept);
                cudaFreeHost(s.host_kept);
                cudaFree(s.device_facts);
                cudaFreeHost(s.host_facts);
                cudaEventDestroy(s.start);
                cudaEventDestroy(s.done);
            }
            cudaFree(d.vectors);
            cudaStreamDestroy(d.stream);
        });
    }

    void check_runnable(const ImplInfo& impl, const InputSet& inputs) const override {
        if (impl.check_runnable != nullptr) impl.check_runnable();
        if (!impl.whole_products) return;
        with_op(inputs.op, [&](auto op_tag) {
            using Op = typename decltype(op_tag)::type;
            if constexpr (!is_none<typename Op::products>) {
                // Every product of a class has the shape of its first.
                const BlockShape shape = Op::products::shape(inputs.input(0));
                for (const Device& d : devices_) gpu::refuse_product_too_large(impl.name, shape, d.id, d.total_bytes);
            }
        });
    }

    std::string describe() const override {
        std::string s = "gpu (";
        for (size_t i = 0; i < devices_.size(); ++i) {
            s += (i ? ", " : "") + std::to_string(devices_[i].id) + ": " + devices_[i].name;
        }
        return s + "), " + cpu_.describe() + " judging";
    }

    // Wall time in run() that the GPUs spent without a batch, averaged over the devices. Read by
    // the engine from the committing thread, hence the lock.
    double gpu_wait_seconds() const override {
        std::lock_guard lock(stats_mutex_);
        double busy = 0;
        for (const Device& d : devices_) busy += d.busy_seconds;
        const double wall = wall_seconds_ + (running_ ? seconds_since(run_started_) : 0.0);
        return std::max(0.0, wall - busy / static_cast<double>(devices_.size()));
    }
    double host_wait_seconds() const override {
        std::lock_guard lock(stats_mutex_);
        return host_wait_seconds_;
    }

    void run(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) override {
        {
            std::lock_guard lock(stats_mutex_);
            run_started_ = std::chrono::steady_clock::now();
            running_ = true;
        }
        const auto account = [&] {
            std::lock_guard lock(stats_mutex_);
            wall_seconds_ += seconds_since(run_started_);
            running_ = false;
        };
        try {
            run_unit(work, begin, end, done);
        } catch (...) {
            account();
            throw;
        }
        account();
    }

private:
    // Float-float results under the fast reference (and of builds with -ftz=true under the
    // exact one) are judged on the GPU, tallied on the host.
    static bool judges_on_gpu(const UnitWork& work) {
        return work.reference != ReferenceMode::mpfr && op_info(work.impl.op).metric == Metric::relative_u2 &&
               !tallies_on_gpu(work);
    }

    // Results judged on the GPU under the exact reference, of inputs the GPU regenerates (vector
    // files are checked against their stated results on the host, input by input): certified
    // by the op's exact check where it can; float-float verdicts and entries of matrix products
    // (whose domain, if any, the GPU can tell) tallied.
    static bool certifies_on_gpu(const UnitWork& work) {
        return work.reference == ReferenceMode::exact && gpu_certifiable(work.impl) && !work.inputs.is_vector_file();
    }
    // Binary32 results within their impl's bound are measured and tallied there too.
    static bool measures_on_gpu(const UnitWork& work) { return certifies_on_gpu(work) && gpu_measurable(work.impl); }
    static bool tallies_on_gpu(const UnitWork& work) {
        if (work.reference != ReferenceMode::exact || work.inputs.is_vector_file()) return false;
        switch (op_info(work.impl.op).metric) {
            case Metric::relative_u2:
                return !work.impl.spec.ftz;
            case Metric::componentwise:
                return work.impl.spec.in_domain == nullptr || work.impl.operand_domain;
            default:
                return false;
        }
    }
    // MPFR recomputes every float-float verdict handed over (the exact sums and MPFR agree bit
    // for bit). An entry of a matrix product is judged as the host judges it in any campaign, MPFR
    // on its sample and the failures: MPFR's measures differ from the accumulator's in their last
    // bits, and the tally must not depend on where an entry was judged.
    static bool rechecks_everything_handed(const UnitWork& work) {
        return tallies_on_gpu(work) && op_info(work.impl.op).metric == Metric::relative_u2;
    }
    static bool hands_over(const UnitWork& work) { return certifies_on_gpu(work) || tallies_on_gpu(work); }

    // allocate(slot) for every slot of every GPU, the GPUs at once, each with its device current.
    template <class Allocate>
    void on_each_slot(const Allocate& allocate) {
        on_each_device(devices_.size(), [&](size_t i) {
            FPV_CUDA(cudaSetDevice(devices_[i].id));
            for (Slot& s : devices_[i].slots) allocate(s);
        });
    }

    // A buffer per input, on the GPU and pinned on the host, for the units whose results the
    // host reads one by one.
    void allocate_per_input() {
        on_each_slot([this](Slot& s) {
            if (s.device_inputs != nullptr) return;
            FPV_CUDA(cudaMalloc(&s.device_inputs, capacity_ * sizeof(Operands)));
            FPV_CUDA(cudaMalloc(&s.device_results, capacity_ * sizeof(uint64_t)));
            FPV_CUDA(cudaHostAlloc(&s.host_inputs, capacity_ * sizeof(Operands), cudaHostAllocDefault));
            FPV_CUDA(cudaHostAlloc(&s.host_results, capacity_ * sizeof(uint64_t), cudaHostAllocDefault));
        });
    }

    void allocate_exact() {
        on_each_slot([](Slot& s) {
            if (s.handed != nullptr) return;
            FPV_CUDA(cudaHostAlloc(&s.handed, kHandedCapacity * sizeof(IndexedResult), cudaHostAllocMapped));
            FPV_CUDA(cudaMalloc(&s.device_counts, sizeof(gpu::ExactCounts)));
            FPV_CUDA(cudaHostAlloc(&s.host_counts, sizeof(gpu::ExactCounts), cudaHostAllocDefault));
            FPV_CUDA(cudaMalloc(&s.device_kept, sizeof(gpu::KeptCounts)));
            FPV_CUDA(cudaHostAlloc(&s.host_kept, sizeof(gpu::KeptCounts), cudaHostAllocDefault));
        });
    }

    void allocate_verdicts() {
        on_each_slot([this](Slot& s) {
            if (s.device_verdicts != nullptr) return;
            FPV_CUDA(cudaMalloc(&s.device_verdicts, capacity_ * sizeof(CompactVerdict)));
            FPV_CUDA(cudaHostAlloc(&s.host_verdicts, capacity_ * sizeof(CompactVerdict), cudaHostAllocDefault));
        });
    }

    void allocate_facts() {
        on_each_slot([](Slot& s) {
            if (s.device_facts != nullptr) return;
            FPV_CUDA(cudaMalloc(&s.device_facts, sizeof(gpu::ProductFacts)));
            FPV_CUDA(cudaHostAlloc(&s.host_facts, sizeof(gpu::ProductFacts), cudaHostAllocDefault));
        });
    }

    // What the products of a batch reported, into the tally.
    static void add_facts(const gpu::ProductFacts& f, Tally& t) {
        for (int slot = 0; slot < gpu::ProductFacts::kSlots; ++slot) {
            if (f.products[slot] == 0) continue;
            t.products_run.add(slot + kBitsNotReported,
                               {f.products[slot], f.compared[slot], f.identical[slot], f.differing[slot]});
        }
    }

    void upload_vectors(const InputSet& inputs) {
        for (Device& d : devices_) {
            FPV_CUDA(cudaSetDevice(d.id));
            FPV_CUDA(cudaFree(d.vectors));
            d.vectors = nullptr;
            if (!inputs.is_vector_file()) continue;
            const size_t bytes = inputs.vectors.size() * sizeof(Operands);
            FPV_CUDA(cudaMalloc(&d.vectors, bytes));
            FPV_CUDA(cudaMemcpy(d.vectors, inputs.vectors.data(), bytes, cudaMemcpyHostToDevice));
        }
    }

    void launch(const UnitWork& work, const InFlight& f) {
        Device& d = devices_[f.device];
        Slot& s = d.slots[f.slot];
        FPV_CUDA(cudaSetDevice(d.id));
        FPV_CUDA(cudaEventRecord(s.start, d.stream));
        ++launched_;
        if (inject_at_ > 0 && launched_ == inject_at_) {
            injected_fault<<<1, 1, 0, d.stream>>>();  // FPV_INJECT_GPU_FAULT: tests only
        } else {
            gpu::LaunchArgs a;
            a.grid = static_cast<unsigned>(std::min<uint64_t>(
                static_cast<uint64_t>(d.multiprocessors) * 16, (f.count + a.block - 1) / a.block));
            a.stream = d.stream;
            if (f.count > uint64_t{a.grid} * a.block * gpu::kMapIterationsPerThread) {
                throw std::logic_error("a GPU batch of " + std::to_string(f.count) +
                                       " inputs would overflow the kernels' failure-map counters");
            }
            gpu::KernelArgs& k = a.k;
            k.begin = f.begin;
            k.count = f.count;
            if (hands_over(work)) {
                FPV_CUDA(cudaHostGetDevicePointer(reinterpret_cast<void**>(&k.handed), s.handed, 0));
                k.capacity = kHandedCapacity;
            }
            if (certifies_on_gpu(work)) {
                FPV_CUDA(cudaMemsetAsync(s.device_counts, 0, sizeof(gpu::ExactCounts), d.stream));
                k.counts = s.device_counts;
                k.rounding = work.impl.spec.rounding;
                k.ftz = work.impl.spec.ftz;
                k.strict_nan = work.strict_nan;
                k.wrong_certificates = wrong_certificates_planted();
                if (measures_on_gpu(work)) {
                    FPV_CUDA(cudaMemsetAsync(s.device_kept, 0, sizeof(gpu::KeptCounts), d.stream));
                    k.kept = s.device_kept;
                    k.bound = work.impl.spec.bound;
                    set_threshold(worst_seen_.worst, work.limits, k.inside_threshold, k.inside_threshold_index);
                }
            } else if (tallies_on_gpu(work)) {
                FPV_CUDA(cudaMemsetAsync(s.device_kept, 0, sizeof(gpu::KeptCounts), d.stream));
                k.kept = s.device_kept;
                k.claim = claim_of(work.impl.spec);
                k.rounding = work.impl.spec.rounding;
                k.bound = work.impl.spec.bound;
                k.bound_per_term = work.impl.spec.bound_per_term;
                k.wrong_certificates = wrong_certificates_planted();
                set_threshold(worst_seen_.worst, work.limits, k.inside_threshold, k.inside_threshold_index);
                set_threshold(worst_seen_.outside_worst, work.limits, k.outside_threshold, k.outside_threshold_index);
            } else {
                k.inputs = work.inputs.exhaustive ? nullptr : s.device_inputs;
                k.results = s.device_results;
            }
            if (work.impl.whole_products) {
                FPV_CUDA(cudaMemsetAsync(s.device_facts, 0, sizeof(gpu::ProductFacts), d.stream));
                k.facts = s.device_facts;
            }
            gpu::launch_evaluate(work.impl, work.inputs, work.inputs.params(d.vectors), a);
            if (judges_on_gpu(work)) gpu::launch_judge_float_float(work.impl, a, s.device_verdicts);
        }
        FPV_CUDA(cudaGetLastError());
        if (certifies_on_gpu(work)) {
            FPV_CUDA(cudaMemcpyAsync(s.host_counts, s.device_counts, sizeof(gpu::ExactCounts), cudaMemcpyDeviceToHost,
                                     d.stream));
            if (measures_on_gpu(work)) {
                FPV_CUDA(cudaMemcpyAsync(s.host_kept, s.device_kept, sizeof(gpu::KeptCounts), cudaMemcpyDeviceToHost,
                                         d.stream));
            }
            FPV_CUDA(cudaEventRecord(s.done, d.stream));
            return;
        }
        if (work.impl.whole_products) {
            FPV_CUDA(cudaMemcpyAsync(s.host_facts, s.device_facts, sizeof(gpu::ProductFacts), cudaMemcpyDeviceToHost,
                                     d.stream));
        }
        if (tallies_on_gpu(work)) {
            FPV_CUDA(cudaMemcpyAsync(s.host_kept, s.device_kept, sizeof(gpu::KeptCounts), cudaMemcpyDeviceToHost,
                                     d.stream));
            FPV_CUDA(cudaEventRecord(s.done, d.stream));
            return;
        }
        if (judges_on_gpu(work)) {
            FPV_CUDA(cudaMemcpyAsync(s.host_verdicts, s.device_verdicts, f.count * sizeof(CompactVerdict),
                                     cudaMemcpyDeviceToHost, d.stream));
        }
        if (!work.inputs.exhaustive) {
            FPV_CUDA(cudaMemcpyAsync(s.host_inputs, s.device_inputs, f.count * sizeof(Operands),
                                     cudaMemcpyDeviceToHost, d.stream));
        }
        FPV_CUDA(cudaMemcpyAsync(s.host_results, s.device_results, f.count * sizeof(uint64_t),
                                 cudaMemcpyDeviceToHost, d.stream));
        FPV_CUDA(cudaEventRecord(s.done, d.stream));
    }

    // Waits for a batch; returns the seconds the GPU spent on it.
    double wait(const InFlight& f) {
        Device& d = devices_[f.device];
        Slot& s = d.slots[f.slot];
        const auto t = std::chrono::steady_clock::now();
        FPV_CUDA(cudaEventSynchronize(s.done));
        const double waited = seconds_since(t);
        float ms = 0;
        FPV_CUDA(cudaEventElapsedTime(&ms, s.start, s.done));
        std::lock_guard lock(stats_mutex_);
        host_wait_seconds_ += waited;
        d.busy_seconds += ms / 1000.0;
        return ms / 1000.0;
    }

    // A float-float kernel hands over every result that could still enter a worst list: all of
    // them until the list is full, then those worse than its last entry (a full list never lets
    // in a smaller error, nor an equal one of a higher index).
    static void set_threshold(const std::vector<FailureRecord>& worst, const TallyLimits& limits, double& error,
                              uint64_t& index) {
        if (limits.worst_kept == 0) {
            error = std::numeric_limits<double>::infinity();
            index = 0;
        } else if (worst.size() < limits.worst_kept) {
            error = -1;  // below every error
            index = 0;
        } else {
            error = worst.back().error;
            index = worst.back().index;
        }
    }

    // How many results a batch judged on the GPU handed over.
    static uint64_t handed_of(const UnitWork& work, const Slot& s) {
        return certifies_on_gpu(work) ? s.host_counts->handed : s.host_kept->handed;
    }

    // The tally of a batch judged on the GPU: what it certified or tallied itself, and MPFR's
    // verdicts on what it handed over. A batch that handed over more than its slot holds runs
    // again, in parts that cannot overflow, on the same device and slot.
    Tally exact_tally(const UnitWork& work, const InFlight& f) {
        const Slot& s = devices_[f.device].slots[f.slot];
        const uint64_t handed = handed_of(work, s);
        if (handed > kHandedCapacity) {
            Tally total;
            for (uint64_t at = f.begin; at < f.begin + f.count; at += kHandedCapacity) {
                const InFlight part{f.device, f.slot, at, std::min(kHandedCapacity, f.begin + f.count - at)};
                launch(work, part);
                wait(part);
                total.merge(exact_tally(work, part), work.limits);
            }
            return total;
        }
        Tally t = judge_indexed_results(work, s.handed, handed, rechecks_everything_handed(work));
        if (certifies_on_gpu(work)) {
            t.tested += s.host_counts->certified + s.host_counts->certified_outside;
            t.by_category[static_cast<size_t>(Category::exact)] += s.host_counts->certified;
            t.by_category[static_cast<size_t>(Category::outside_domain)] += s.host_counts->certified_outside;
            add_map(s.host_counts->map_tested, t);
            if (measures_on_gpu(work)) add_kept(*s.host_kept, t);
        } else {
            add_kept(*s.host_kept, t);
        }
        if (work.impl.whole_products) add_facts(*s.host_facts, t);
        if (t.tested != f.count) {
            throw std::logic_error("the GPU judged " + std::to_string(t.tested) + " of a batch of " +
                                   std::to_string(f.count) + " inputs");
        }
        worst_seen_.merge(worst_only(t), work.limits);
        return t;
    }

    // What a judging kernel counted without handing over, into the Tally's fields.
    static void add_map(const unsigned long long (&tested)[kMapCells], Tally& t) {
        for (int cell = 0; cell < kMapCells; ++cell) {
            if (tested[cell] != 0) t.map.add(cell, tested[cell], 0);
        }
    }

    static void add_kept(const gpu::KeptCounts& c, Tally& t) {
        add_map(c.map_tested, t);
        t.tested += c.counted;
        for (size_t i = 0; i < t.by_category.size(); ++i) t.by_category[i] += c.by_category[i];
        t.ftz_changed.count += c.ftz_changed;
        for (size_t slot = 0; slot < kErrorSlots; ++slot) {
            if (c.inside[slot] != 0) t.error_histogram.add(error_bin_of_slot(slot), c.inside[slot]);
            if (c.outside[slot] != 0) t.outside_histogram.add(error_bin_of_slot(slot), c.outside[slot]);
            if (c.ulps[slot] != 0) t.ulp_errors.bins.add(error_bin_of_slot(slot), c.ulps[slot]);
        }
        for (size_t steps = 1; steps < UlpSteps::kBuckets; ++steps) {
            if (c.steps[steps] != 0) t.step_counts.add(static_cast<int64_t>(steps), c.steps[steps]);
        }
    }

    static Tally worst_only(const Tally& t) {
        Tally w;
        w.worst = t.worst;
        w.outside_worst = t.outside_worst;
        return w;
    }

    void run_unit(const UnitWork& work, uint64_t begin, uint64_t end, const BatchDone& done) {
        const bool exact = hands_over(work);
        upload_vectors(work.inputs);
        if (judges_on_gpu(work)) allocate_verdicts();
        if (exact) {
            allocate_exact();
        } else {
            allocate_per_input();
        }
        if (work.impl.whole_products) allocate_facts();
        worst_seen_ = work.so_far != nullptr ? worst_only(*work.so_far) : Tally{};
        const size_t D = devices_.size();
        std::deque<InFlight> queue;
        uint64_t next = begin, batches = 0;
        // The adapted size carries over from the previous unit: ramping up from kFirstBatch
        // again for each of a campaign's hundreds of units would cost more than the judging.
        uint64_t& adapted = exact ? adapted_exact_batch_ : adapted_batch_;
        uint64_t batch = fixed_batch_ != 0 ? fixed_batch_ : adapted;
        uint64_t tail = 0;  // the size of the range's last pieces, once cut (tail_pieces.h)
        bool crowded = true;  // the last batch judged handed over more than 1 result in 16
        double launch_seconds = 0, wait_seconds = 0;  // the host's, traced (a library may block)
        const auto run_started = std::chrono::steady_clock::now();
        const auto fill = [&] {
            while (next < end && queue.size() < kSlots * D) {
                // Until its worst list is full a batch that tallies measured errors hands over
                // every one of them: small batches, then, while the last one handed many, and
                // batches of at most kFillingBatch while it handed few (a function correctly
                // rounded over its first 2^30 inputs would otherwise run them all in the
                // smallest batches, or meet its first errors in a batch of 2^28); and one at a
                // time, so that the next is launched with the list the last one filled (three in
                // flight handed __tanhf's first 4 10^7 errors wholesale, 8 s of MPFR).
                const bool filling = (tallies_on_gpu(work) || measures_on_gpu(work)) && fixed_batch_ == 0 &&
                                     worst_seen_.worst.size() < work.limits.worst_kept;
                if (filling && !queue.empty()) break;
                uint64_t count = !filling ? batch : std::min(batch, crowded ? kFirstBatch : kFillingBatch);
                if (tail == 0 && fixed_batch_ == 0) tail = tail_piece(batches, end - next, count, D);
                if (tail != 0) count = tail;
                const InFlight f{batches % D, static_cast<int>((batches / D) % kSlots), next,
                                 std::min(count, end - next)};
                const auto launching = std::chrono::steady_clock::now();
                launch(work, f);
                launch_seconds += seconds_since(launching);
                queue.push_back(f);
                next += f.count;
                ++batches;
            }
        };
        const auto drain = [&] {
            for (const InFlight& rest : queue) wait(rest);
        };
        OrderedCommitter committer(done);
        fill();
        while (!queue.empty() && !committer.stop_requested()) {
            const InFlight f = queue.front();
            const auto waiting = std::chrono::steady_clock::now();
            const double computed = wait(f);
            wait_seconds += seconds_since(waiting);
            const Slot& s = devices_[f.device].slots[f.slot];
            const auto judging = std::chrono::steady_clock::now();
            const uint64_t handed = exact ? handed_of(work, s) : 0;
            if (!exact && !work.inputs.exhaustive && !work.impl.whole_products) {
                try {
                    gpu::check_generated_inputs(work.inputs, f.begin, f.count, s.host_inputs, check_every_input_);
                } catch (...) {
                    drain();
                    throw;
                }
            }
            Tally t = exact ? exact_tally(work, f)
                            : judge_buffers(work, f.begin, f.begin + f.count,
                                            work.inputs.exhaustive ? nullptr : s.host_inputs, s.host_results,
                                            judges_on_gpu(work) ? s.host_verdicts : nullptr);
            if (!exact && work.impl.whole_products) add_facts(*s.host_facts, t);
            const double judged = seconds_since(judging);
            crowded = handed * 16 > f.count;
            if (trace_) {
                std::fprintf(stderr, "fpverify: batch [%llu, +%llu) on GPU %zu: GPU %.6f s, host %.6f s, handed %llu\n",
                             static_cast<unsigned long long>(f.begin), static_cast<unsigned long long>(f.count),
                             f.device, computed, judged, static_cast<unsigned long long>(handed));
            }
            queue.pop_front();
            if (fixed_batch_ == 0) {
                if (exact) {
                    // Grow while the GPU and the host each need under a quarter of a second
                    // per batch and the handed results leave room in a slot.
                    if (handed * 4 > kHandedCapacity || judged > 1.0) {
                        batch = std::max(kFirstBatch, batch / 2);
                    } else if (computed < 0.25 && judged < 0.25 && batch < kLargestExactBatch &&
                               f.count == batch) {
                        batch *= 2;
                    }
                } else {
                    // About half a second of judging per batch keeps commits rare; the GPU needs
                    // far less per batch, so it stays ahead with a few batches in flight.
                    if (judged < 0.25 && batch < capacity_) batch *= 2;
                    if (judged > 1.0 && batch > kFirstBatch) batch /= 2;
                }
                adapted = batch;
            }
            fill();
            try {
                committer.submit(f.begin, f.begin + f.count, std::move(t));
            } catch (...) {
                drain();
                throw;
            }
        }
        drain();
        committer.finish();
        if (trace_) {
            std::fprintf(stderr, "fpverify: range [%llu, %llu) in %.6f s: launching %.6f s, waiting %.6f s\n",
                         static_cast<unsigned long long>(begin), static_cast<unsigned long long>(end),
                         seconds_since(run_started), launch_seconds, wait_seconds);
        }
    }

    CpuBackend cpu_;  // sets the OpenMP thread count for judging
    uint64_t capacity_ = 0, fixed_batch_ = 0, adapted_batch_ = kFirstBatch, adapted_exact_batch_ = kFirstBatch;
    Tally worst_seen_;  // the unit's worst lists so far, whose entry thresholds the GPU applies
    mutable std::mutex stats_mutex_;
    std::vector<Device> devices_;
    double wall_seconds_ = 0, host_wait_seconds_ = 0;
    std::chrono::steady_clock::time_point run_started_;
    bool running_ = false;
    uint64_t launched_ = 0, inject_at_ = 0;
    bool trace_ = false;
    bool check_every_input_ = false;
};

}  // namespace

bool probe_gpus(std::string& why, std::vector<std::string>& names) {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        // CUDA reports a machine without any driver as one whose driver is too old: tell them apart.
        const bool driver_loaded = std::filesystem::exists("/proc/driver/nvidia/version");
        why = driver_loaded ? std::string("no usable GPU (the NVIDIA driver did not serve this build's CUDA runtime; "
                                          "CUDA says: ") + cudaGetErrorString(status) + ")"
                            : std::string("no usable GPU (no NVIDIA driver is loaded on this machine)");
        return false;
    }
    if (count == 0) {
        why = "no usable GPU: no CUDA device is visible";
        return false;
    }
    for (int i = 0; i < count; ++i) {
        cudaDeviceProp prop;
        if (cudaGetDeviceProperties(&prop, i) != cudaSuccess) continue;
        names.push_back(std::to_string(i) + ": " + prop.name + " (sm_" + std::to_string(prop.major) +
                        std::to_string(prop.minor) + ")");
    }
    return true;
}

std::unique_ptr<Backend> make_gpu_backend(const std::vector<int>& devices, int threads,
                                          uint64_t batch) {
    std::string why;
    std::vector<std::string> names;
    if (!probe_gpus(why, names)) throw UsageError("--backend gpu: " + why);
    int count = 0;
    cudaGetDeviceCount(&count);
    std::vector<int> ids = devices;
    if (ids.empty()) {
        for (int i = 0; i < count; ++i) ids.push_back(i);
    }
    for (int id : ids) {
        if (id < 0 || id >= count) {
            throw UsageError("--devices: there is no GPU " + std::to_string(id) + " (this machine has " +
                             std::to_string(count) + ")");
        }
    }
    // Each GPU's MUFU against the host model, the GPUs at once (the check creates each one's
    // context, the larger part of its cost).
    const auto checking = std::chrono::steady_clock::now();
    std::vector<MufuMismatches> mismatches(ids.size());
    on_each_device(ids.size(), [&](size_t i) { mismatches[i] = mufu_mantissa_mismatches(ids[i]); });
    if (std::getenv("FPV_TRACE_BATCHES") != nullptr) {
        std::fprintf(stderr, "fpverify: GPUs checked after %.3f s\n", seconds_since(checking));
    }
    for (size_t i = 0; i < ids.size(); ++i) {
        const std::pair<const char*, uint64_t> checks[] = {{"rcp.approx.ftz.f64", mismatches[i].rcp},
                                                           {"rsqrt.approx.ftz.f64", mismatches[i].rsqrt}};
        for (const auto& [instruction, differing] : checks) {
            if (differing == 0) continue;
            std::fprintf(stderr,
                         "fpverify: warning: on GPU %d %s differs from the host model on %llu mantissas; "
                         "CPU runs of the emulations it seeds will not reproduce this GPU's results (see "
                         "fpverify mufu-dump)\n",
                         ids[i], instruction, static_cast<unsigned long long>(differing));
        }
    }
    return std::make_unique<GpuBackend>(ids, threads, batch);
}

}  // namespace fpv
