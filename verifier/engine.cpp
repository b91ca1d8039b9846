#include "verifier/engine.h"

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

int execute_campaign(Store& store, CampaignRecord& campaign, std::vector<UnitState>& units,
                     const std::vector<InputSet>& inputs, Backend& backend,
                     const ExecuteOptions& options) {
    uint64_t total = 0, done = 0;
    for (const UnitState& u : units) {
        total += u.planned;
        done += u.next_index;
    }
    ProgressLine progress(options.progress, total, done);
    const auto session_start = std::chrono::steady_clock::now();
    const double elapsed_before = campaign.elapsed_seconds;
    const auto elapsed_now = [&] {
        return elapsed_before +
               std::chrono::duration<double>(std::chrono::steady_clock::now() - session_start).count();
    };

    const double gpu_wait_before = campaign.gpu_wait_seconds;
    const double host_wait_before = campaign.host_wait_seconds;
    bool failed_at_runtime = false;
    for (size_t i = 0; i < units.size() && !g_stop_requested.load(); ++i) {
        UnitState& unit = units[i];
        if (unit.done()) continue;
        const UnitWork work{impl_named(unit.impl), inputs[i], campaign.spec.limits, campaign.spec.reference,
                              campaign.spec.strict_nan};
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
            campaign.elapsed_seconds = elapsed_now();
            campaign.gpu_wait_seconds = gpu_wait_before + backend.gpu_wait_seconds();
            campaign.host_wait_seconds = host_wait_before + backend.host_wait_seconds();
            store.commit_batch(campaign.id, unit, fresh, campaign.elapsed_seconds,
                               campaign.gpu_wait_seconds, campaign.host_wait_seconds);
            done += end - begin;
            progress.update(done, label);
            return !g_stop_requested.load();
        };
        try {
            backend.run(work, unit.next_index, unit.planned, commit);
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
    progress.finish();
    campaign.elapsed_seconds = elapsed_now();

    bool all_done = true, failures = false;
    for (const UnitState& u : units) {
        all_done = all_done && u.done();
        // A reference that MPFR contradicted (not a vector file's stated result) fails the
        // campaign too: MPFR's verdict stood, but the fast or exact reference needs a look.
        failures = failures || u.tally.has_failures() || (u.digest.empty() && u.tally.reference_disagreements != 0);
    }
    if (!all_done || failed_at_runtime) {
        std::fprintf(stderr,
                     "fpverify: campaign %lld stopped at its last checkpoint; continue it with\n"
                     "  fpverify resume --db %s --campaign %lld\n",
                     static_cast<long long>(campaign.id), store.path().c_str(),
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
                campaign.spec.name.c_str(), campaign.status.c_str(),
                static_cast<unsigned long long>(campaign.spec.seed),
                human_duration(campaign.elapsed_seconds).c_str());
    std::printf("%-22s %-40s %14s %14s %10s %12s\n", "impl", "class", "tested", "failed", "rate",
                "max error");
    for (const UnitState& u : units) {
        const Tally& t = u.tally;
        const double rate = t.tested ? static_cast<double>(t.failed()) / t.tested : 0;
        char max_error[32] = "-";
        if (t.has_failures()) std::snprintf(max_error, sizeof max_error, "%.3g", t.max_error());
        std::string cls = u.input_class.size() > 40 ? "..." + u.input_class.substr(u.input_class.size() - 37)
                                                    : u.input_class;
        std::printf("%-22s %-40s %14llu %14llu %9.4f%% %12s\n", u.impl.c_str(), cls.c_str(),
                    static_cast<unsigned long long>(t.tested),
                    static_cast<unsigned long long>(t.failed()), 100 * rate, max_error);
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
