#include "verifier/engine/thread_start.h"

#include <omp.h>
#include <pthread.h>

#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/printable.h"
#include "core/usage_error.h"

namespace fpv {
namespace {

// The probe threads wait here until every one of them exists, so that each holds its stack
// (the resource a limit runs out of) while the next is created.
struct Gate {
    std::mutex mutex;
    std::condition_variable opened;
    bool open = false;

    void wait() {
        std::unique_lock lock(mutex);
        opened.wait(lock, [this] { return open; });
    }
    void release() {
        {
            std::lock_guard lock(mutex);
            open = true;
        }
        opened.notify_all();
    }
};

void* wait_at_gate(void* gate) {
    static_cast<Gate*>(gate)->wait();
    return nullptr;
}

// The pool that --threads 0 gets from OpenMP (every core, or OMP_NUM_THREADS), held to the rule
// of --threads: at most kMaxThreads, and a word when it is more than the cores.
int default_pool(const char* environment) {
    const int pool = omp_get_max_threads();
    if (environment == nullptr) return pool;
    const std::string named = "OMP_NUM_THREADS=" + printable(environment);
    if (pool > kMaxThreads) {
        throw UsageError(named + " asks for " + std::to_string(pool) + " host threads, beyond what fpverify starts (0, " +
                         "every core, to " + std::to_string(kMaxThreads) + "); set it lower, or give --threads");
    }
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores > 0 && pool > cores) {
        std::fprintf(stderr,
                     "fpverify: warning: %s: %d host threads on %ld cores, which they share (the results are the "
                     "same; --threads chooses the number)\n",
                     named.c_str(), pool, cores);
    }
    return pool;
}

}  // namespace

void require_stored_thread_count_allowed(int threads) {
    if (threads < 0 || threads > kMaxThreads) {
        throw UsageError("the campaign was started with --threads " + std::to_string(threads) +
                         ", beyond what fpverify starts (0, every core, to " + std::to_string(kMaxThreads) +
                         "); resume it with a --threads of its own");
    }
}

void require_threads_startable(int threads) {
    const char* environment = std::getenv("OMP_NUM_THREADS");
    if (environment != nullptr && *environment == '\0') environment = nullptr;
    const bool from_environment = threads == 0 && environment != nullptr;
    const int pool = threads > 0 ? threads : default_pool(from_environment ? environment : nullptr);
    const int extra = pool - 1;  // the calling thread is the pool's first
    Gate gate;
    std::vector<pthread_t> started;
    started.reserve(static_cast<size_t>(std::max(extra, 0)));
    int failure = 0;
    for (int i = 0; i < extra && failure == 0; ++i) {
        pthread_t thread{};
        failure = pthread_create(&thread, nullptr, wait_at_gate, &gate);
        if (failure == 0) started.push_back(thread);
    }
    gate.release();
    for (pthread_t thread : started) pthread_join(thread, nullptr);
    if (failure != 0) {
        throw std::runtime_error("cannot start " + std::to_string(pool) + " host threads (thread " +
                                 std::to_string(started.size() + 2) + " failed: " + std::strerror(failure) +
                                 "); ask for fewer with --threads" +
                                 (from_environment ? " (the " + std::to_string(pool) + " came from OMP_NUM_THREADS)"
                                                   : std::string()) +
                                 ", or raise the limit that was hit (the stack size of `ulimit -s` reserved per "
                                 "thread, memory, `ulimit -u`)");
    }
}

}  // namespace fpv
