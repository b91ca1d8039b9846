#include "verifier/engine.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>

#include "core/usage_error.h"
#include "ops/catalogue.h"
#include "reports/text_format.h"
#include "verifier/progress.h"

namespace fpv {

std::atomic<bool> g_stop_requested{false};

namespace {

extern "C" void request_stop(int) { g_stop_requested.store(true); }

}  // namespace

void install_stop_signal_handlers() {
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
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

    const double gpu_wait_before = campaign.gpu_wait_seconds;
    const double host_wait_before = campaign.host_wait_seconds;
    bool failed_at_runtime = false;
    const auto unfinished = [&] {
        return std::any_of(units.begin(), units.end(), [](const UnitState& u) { return !u.done(); });
    };
    for (int round = 0; unfinished() && keep_going() && !failed_at_runtime; ++round) {
        for (size_t i = 0; i < units.size() && keep_going(); ++i) {
            UnitState& unit = units[i];
            const uint64_t target = round_target(unit, round, campaign.spec.batch);
            if (unit.next_index >= target) continue;
            const UnitWork work{impl_named(unit.impl), inputs[i], campaign.spec.limits, campaign.spec.reference,
                                campaign.spec.strict_nan, unit.ordinal, &unit.tally};
            const std::string label = "[" + std::to_string(i + 1) + "/" + std::to_string(units.size()) +
                                      "] " + unit.impl + " x " + unit.input_class;
            auto batch_started = std::chrono::steady_clock::now();
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
                store.commit_batch(campaign.id, unit, fresh, campaign.elapsed_seconds,
                                   campaign.gpu_wait_seconds, campaign.host_wait_seconds);
                done += end - begin;
                progress.update(done, label);
                return keep_going();
            };
            try {
                backend.run(work, unit.next_index, target, commit);
            } catch (const UsageError&) {
                throw;
            } catch (const std::exception& e) {
                // Whatever was committed stays; the campaign resumes from its last checkpoint.
                progress.finish();
                std::fprintf(stderr, "fpverify: %s x %s: %s\n", unit.impl.c_str(),
                             unit.input_class.c_str(), e.what());
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
    if (unfinished() || failed_at_runtime) {
        try {
            store.set_status(campaign.id, "paused");
            campaign.status = "paused";
        } catch (const std::exception& e) {
            // The lease was lost: the process that took it over owns the status now.
            std::fprintf(stderr, "fpverify: %s\n", e.what());
        }
        const bool budget_spent = out_of_time() && !g_stop_requested.load() && !failed_at_runtime;
        if (budget_spent && !options.quiet) print_summary(campaign, units);
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
        char max_error[32] = "-";
        if (t.has_failures()) std::snprintf(max_error, sizeof max_error, "%.3g", t.max_error());
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
