#include "verifier/engine/engine.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <string>

#include "core/usage_error.h"
#include "ops/catalogue.h"
#include "model/text_format.h"
#include "verifier/engine/progress.h"

namespace fpv {

std::atomic<bool> g_stop_requested{false};

namespace {

extern "C" void request_stop(int) { g_stop_requested.store(true); }

// A batch has costs of its own, whatever its size: its commit (a transaction that rewrites the
// unit's tally), the start of the threads that judge it and their judges, its tally. Fixed
// batches whose commits take this share of the time or more, or of so few inputs that those
// costs outweigh their work unless each input takes long, measured over the first batches, are
// warned about once: a larger --batch would spend that time judging. (Batches of a few dozen
// milliseconds whose commits are a small share of them are no such waste.)
constexpr double kCommitShareWorthAWarning = 0.25;
constexpr uint64_t kFewInputs = 64;
constexpr double kLongBatchSeconds = 0.05;
constexpr int kBatchesBeforeWarning = 32;

class SmallBatchWarning {
public:
    explicit SmallBatchWarning(uint64_t fixed_batch) : fixed_batch_(fixed_batch) {}
    // After each batch of `inputs` that took `seconds`, judged and committed.
    void after_batch(uint64_t inputs, double seconds, double commit_seconds, ProgressLine& progress) {
        if (fixed_batch_ == 0 || warned_ || inputs != fixed_batch_) return;  // a unit's last may be short
        seconds_ += seconds;
        commit_seconds_ += commit_seconds;
        if (++batches_ < kBatchesBeforeWarning) return;
        const bool few = fixed_batch_ < kFewInputs && seconds_ < kLongBatchSeconds * batches_;
        if (commit_seconds_ < kCommitShareWorthAWarning * seconds_ && !few) return;
        warned_ = true;
        progress.finish();  // redrawn at the next batch
        std::fprintf(stderr,
                     "fpverify: warning: --batch %llu: each batch takes %.1f ms, %.0f%% of it committing; a "
                     "larger --batch, or none (about half a second each), judges faster\n",
                     static_cast<unsigned long long>(fixed_batch_), 1000 * seconds_ / batches_,
                     100 * commit_seconds_ / seconds_);
    }

private:
    uint64_t fixed_batch_;
    double seconds_ = 0, commit_seconds_ = 0;
    int batches_ = 0;
    bool warned_ = false;
};

// Lets the backend ask the engine, in the middle of a batch, whether to stop; forgotten when
// the engine returns (the question refers to its state).
class StopQuestion {
public:
    StopQuestion(Backend& backend, std::function<bool()> stop) : backend_(backend) {
        backend_.stop_early_when(std::move(stop));
    }
    ~StopQuestion() { backend_.stop_early_when({}); }
    StopQuestion(const StopQuestion&) = delete;
    StopQuestion& operator=(const StopQuestion&) = delete;

private:
    Backend& backend_;
};

}  // namespace

void install_stop_signal_handlers() {
    // A hang-up (the terminal closed, an SSH session dropped) stops a run as SIGTERM does,
    // resumable; unless it was ignored when fpverify started (nohup), which it then stays.
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction current {};
        sigaction(signal, nullptr, &current);
        if (signal == SIGHUP && current.sa_handler == SIG_IGN) continue;
        struct sigaction stop {};
        stop.sa_handler = request_stop;
        stop.sa_flags = SA_RESTART;
        sigemptyset(&stop.sa_mask);
        sigaction(signal, &stop, nullptr);
    }
}

void stop_if_asked_before_start(const std::string& what) {
    if (g_stop_requested.load()) {
        throw StoppedBeforeStart("stopped by a signal before " + what + "; nothing was written");
    }
}

uint64_t round_target(const UnitState& unit, int round, uint64_t fixed_batch) {
    constexpr int kFirstRoundLog2 = 16;
    const int shift = std::min(kFirstRoundLog2 + round, 62);
    uint64_t share = uint64_t{1} << shift;
    // A fixed batch size stays the size of every batch but a unit's last.
    if (fixed_batch != 0) share = (share + fixed_batch - 1) / fixed_batch * fixed_batch;
    return unit.begin_index + std::min(unit.size(), share);
}

int execute_campaign(Store& store, CampaignRecord& campaign, std::vector<UnitState>& units,
                     const std::vector<InputSet>& inputs, Backend& backend,
                     const ExecuteOptions& options) {
    uint64_t total = 0, done = 0;
    for (const UnitState& u : units) {
        total += u.size();
        done += u.judged();
    }
    ProgressLine progress(options.progress, total, done);
    const auto session_start = std::chrono::steady_clock::now();
    const double elapsed_before = campaign.elapsed_seconds;
    const auto session_seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - session_start).count();
    };
    const auto out_of_time = [&] { return options.budget_seconds && session_seconds() >= *options.budget_seconds; };
    const auto keep_going = [&] { return !g_stop_requested.load() && !out_of_time(); };
    const StopQuestion stop_question(backend, [&] { return !keep_going(); });
    SmallBatchWarning small_batches(campaign.spec.batch);

    const double gpu_wait_before = campaign.gpu_wait_seconds;
    const double host_wait_before = campaign.host_wait_seconds;
    bool failed_at_runtime = false;
    std::string taken_over;  // why this process lost its lease: it must write nothing more
    std::string file_lost;   // why the database is no longer this process's: likewise
    const auto unfinished = [&] {
        return std::any_of(units.begin(), units.end(), [](const UnitState& u) { return !u.done(); });
    };
    for (int round = 0; unfinished() && keep_going() && !failed_at_runtime && taken_over.empty() && file_lost.empty();
         ++round) {
        for (size_t i = 0; i < units.size() && keep_going(); ++i) {
            UnitState& unit = units[i];
            const uint64_t target = round_target(unit, round, campaign.spec.batch);
            if (unit.next_index >= target) continue;
            const UnitWork work{impl_named(unit.impl), inputs[i], campaign.spec.limits, campaign.spec.reference,
                                campaign.spec.strict_nan, unit.ordinal, &unit.tally};
            const std::string label = "[" + std::to_string(i + 1) + "/" + std::to_string(units.size()) +
                                      "] " + unit.impl + " x " + unit.input_class;
            auto batch_started = std::chrono::steady_clock::now();
            auto previous_batch_end = batch_started;
            const BatchDone commit = [&](uint64_t begin, uint64_t end, Tally&& batch) {
                if (begin != unit.next_index) throw std::logic_error("batches delivered out of order");
                // The stored sample keeps the first failures by index, across batches.
                const size_t room = campaign.spec.limits.failures_kept - unit.failures_stored;
                std::vector<FailureRecord> fresh = std::move(batch.failures);
                if (fresh.size() > room) fresh.resize(room);
                batch.failures.clear();
                unit.tally.merge(batch, campaign.spec.limits);
                unit.failures_stored += fresh.size();
                unit.next_index = end;
                const auto now = std::chrono::steady_clock::now();
                unit.seconds += std::chrono::duration<double>(now - batch_started).count();
                batch_started = now;
                campaign.elapsed_seconds = elapsed_before + session_seconds();
                campaign.gpu_wait_seconds = gpu_wait_before + backend.gpu_wait_seconds();
                campaign.host_wait_seconds = host_wait_before + backend.host_wait_seconds();
                const auto commit_started = std::chrono::steady_clock::now();
                store.commit_batch(campaign.id, unit, fresh, campaign.elapsed_seconds,
                                   campaign.gpu_wait_seconds, campaign.host_wait_seconds);
                const auto committed = std::chrono::steady_clock::now();
                small_batches.after_batch(end - begin,
                                          std::chrono::duration<double>(committed - previous_batch_end).count(),
                                          std::chrono::duration<double>(committed - commit_started).count(), progress);
                previous_batch_end = committed;
                done += end - begin;
                progress.update(done, label);
                return keep_going();
            };
            try {
                backend.run(work, unit.next_index, target, commit);
            } catch (const UsageError&) {
                throw;
            } catch (const LeaseLost& e) {
                progress.finish();
                taken_over = e.what();
                break;
            } catch (const DatabaseLost& e) {
                progress.finish();
                file_lost = e.what();
                break;
            } catch (const std::exception& e) {
                // Whatever was committed stays; the campaign resumes from its last checkpoint.
                progress.finish();
                std::fprintf(stderr, "fpverify: %s x %s: %s\n", unit.impl.c_str(),
                             terminal_text(unit.input_class).c_str(), terminal_lines(e.what()).c_str());
                failed_at_runtime = true;
                break;
            }
        }
    }
    progress.finish();
    campaign.elapsed_seconds = elapsed_before + session_seconds();

    bool failures = false;
    for (const UnitState& u : units) {
        // A reference that MPFR contradicted (not a vector file's stated result) fails the
        // campaign too: MPFR's verdict stood, but the fast or exact reference needs a look.
        failures = failures || u.tally.has_failures() || (u.digest.empty() && u.tally.reference_disagreements != 0);
    }
    if (taken_over.empty() && file_lost.empty() && (unfinished() || failed_at_runtime)) {
        try {
            store.set_status(campaign.id, "paused");
            campaign.status = "paused";
        } catch (const LeaseLost& e) {
            taken_over = e.what();
        } catch (const DatabaseLost& e) {
            file_lost = e.what();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "fpverify: %s\n", e.what());  // a full disk, say: resume sets it
        }
    }
    if (!file_lost.empty()) {
        // What is left of the campaign, and whether a resume can work, is the Store's to say.
        std::fprintf(stderr, "fpverify: %s\n", terminal_lines(file_lost).c_str());
        return kExitRuntime;
    }
    if (!taken_over.empty()) {
        // The process that took the campaign over owns it (and its status) now: resuming it
        // from here would be refused, so no resume command is offered.
        std::fprintf(stderr,
                     "fpverify: %s\nfpverify: this process stopped; campaign %lld is that process's now "
                     "(fpverify status --db %s shows it)\n",
                     taken_over.c_str(), static_cast<long long>(campaign.id), store.path().c_str());
        return kExitRuntime;
    }
    if (unfinished() || failed_at_runtime) {
        const bool budget_spent = out_of_time() && !g_stop_requested.load() && !failed_at_runtime;
        if (budget_spent && !options.quiet) print_summary(campaign, units);
        if (budget_spent && !options.offer_resume) return kExitRuntime;
        std::fprintf(stderr,
                     "fpverify: campaign %lld %s at its last checkpoint; continue it with\n"
                     "  fpverify resume --db %s --campaign %lld\n",
                     static_cast<long long>(campaign.id),
                     budget_spent ? "paused, its time budget spent," : "stopped", store.path().c_str(),
                     static_cast<long long>(campaign.id));
        return kExitRuntime;
    }
    store.finish_campaign(campaign.id, campaign.elapsed_seconds);
    campaign.status = "finished";
    if (!options.quiet) print_summary(campaign, units);
    return failures ? kExitFailures : kExitClean;
}

void print_summary(const CampaignRecord& campaign, const std::vector<UnitState>& units) {
    std::printf("campaign %lld (%s): %s, seed %llu, %s\n", static_cast<long long>(campaign.id),
                terminal_text(campaign.spec.name).c_str(), campaign.status.c_str(),
                static_cast<unsigned long long>(campaign.spec.seed),
                human_duration(campaign.elapsed_seconds).c_str());
    std::printf("%-22s %-40s %14s %14s %10s %10s %12s\n", "impl", "class", "tested", "failed", "rate",
                "95% bound", "max error");
    for (const UnitState& u : units) {
        const Tally& t = u.tally;
        const double rate = t.tested ? static_cast<double>(t.failed()) / t.tested : 0;
        // The largest measured error inside the domain, as units.max_error and the report give
        // it: for float-float ops it is measured on every result, failing or not.
        char max_error[32] = "-";
        if (!t.worst.empty()) std::snprintf(max_error, sizeof max_error, "%.3g", t.max_error());
        const std::string bound = rate_bound_text(t.inside(), t.has_failures());
        const std::string shown = terminal_text(u.input_class);
        const std::string cls = shown.size() > 40 ? "..." + shown.substr(shown.size() - 37) : shown;
        std::printf("%-22s %-40s %14llu %14llu %9.4f%% %10s %12s\n", u.impl.c_str(), cls.c_str(),
                    static_cast<unsigned long long>(t.tested),
                    static_cast<unsigned long long>(t.failed()), 100 * rate, bound.c_str(), max_error);
        if (t.reference_disagreements != 0 && u.digest.empty()) {
            std::printf("  warning: the %s reference disagrees with MPFR on %llu inputs; MPFR's answers were used "
                        "(see the report)\n",
                        std::string(reference_mode_name(campaign.spec.reference)).c_str(),
                        static_cast<unsigned long long>(t.reference_disagreements));
        } else if (t.reference_disagreements != 0) {
            std::printf("  warning: %llu vector-file results disagree with the MPFR reference\n",
                        static_cast<unsigned long long>(t.reference_disagreements));
        }
    }
}

}  // namespace fpv
