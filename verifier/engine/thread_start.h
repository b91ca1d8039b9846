// Making sure the host threads a campaign asks for can be started before anything is written.
#pragma once

namespace fpv {

// The most host threads a campaign may ask for. OpenMP starts them all at once, and beyond a
// thousand they only contend for the cores (and memory) that judge the results.
constexpr int kMaxThreads = 1024;

// Starts the threads an OpenMP pool of `threads` (0: OpenMP's default, every core) adds to the
// calling one, all alive at once, then joins them. libgomp calls exit(1) when it cannot create a
// thread, which reads as "failures found" and would leave a campaign marked running; this fails
// first, with std::runtime_error (exit status 3) naming the limit that was hit.
// With 0, a pool that OMP_NUM_THREADS sets is held to --threads' rule: beyond kMaxThreads it is a
// UsageError naming OMP_NUM_THREADS; beyond the cores, a warning on stderr.
void require_threads_startable(int threads);

// Throws UsageError when a campaign stored by an fpverify without the bound asked for more than
// kMaxThreads: its resume needs a --threads of its own.
void require_stored_thread_count_allowed(int threads);

}  // namespace fpv
