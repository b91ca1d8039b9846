// `fpverify resume`: a stopped, paused or killed campaign continued where its last commit left it.
#include <cstdio>

#include "cli/command.h"
#include "cli/common_options.h"
#include "cli/option_checks.h"
#include "verifier/engine/backend_factory.h"
#include "verifier/engine/campaign_launch.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/engine/thread_start.h"

namespace fpv {
namespace {

class ResumeCommand : public Command {
public:
    OptionTable options() override {
        OptionTable c{"resume", "continue a stopped or killed campaign"};
        database_.add_to(c, "campaign id (default: newest unfinished)");
        c.add("--threads", &threads_,
                      "host threads (0: every core; at most " + std::to_string(kMaxThreads) + "; default: as started)")
            .whole_number_in(kThreadCounts);
        c.add("--devices", &devices_, "GPUs for the GPU backend (default: all)");
        c.add("--for", &budget_, "time budget for this session (as run --for)");
        c.add("--mpi", &mpi_, "continue across the ranks of an MPI job (as run --mpi)");
        progress_.add_to(c);
        return c;
    }
    int run(const Invocation&) override;

private:
    Launched launch(const MpiJob* job) const;

    DatabaseOptions database_;
    std::string devices_, budget_;
    std::optional<int> threads_;  // absent: as the campaign started
    bool mpi_ = false;
    ProgressOptions progress_;
};

Launched ResumeCommand::launch(const MpiJob* job) const {
    Launched l;
    l.store = std::make_unique<Store>(database_.existing(), Store::Mode::write_existing);
    Store& store = *l.store;
    const int64_t id = store.chosen_campaign(database_.campaign, true);
    l.campaign = store.campaign(id);
    l.units = store.units(id);
    if (l.campaign.status == "partial") {
        throw UsageError("campaign " + std::to_string(id) + " is a partial merge of shards (" +
                         l.campaign.merged_from + "); resume the shards themselves and merge them again");
    }
    if (l.campaign.status == "finished") return l;
    l.inputs = reload_inputs(l.campaign.spec, l.units);
    check_backend(l.campaign.spec.impls, l.campaign.spec.backend);
    resolve_backend(l.campaign.spec.backend);
    l.threads = threads_.value_or(l.campaign.spec.threads);
    if (!threads_) require_stored_thread_count_allowed(l.threads);
    require_threads_startable(l.threads);
    l.backend = make_backend(l.campaign.spec.backend, threads_for(l.threads, job), l.campaign.spec.batch,
                             devices_for(l.campaign.spec.backend, devices_, job));
    check_units_runnable(*l.backend, l.units, l.inputs);
    stop_if_asked_before_start("campaign " + std::to_string(id) + " was resumed");
    store.acquire_lease(id, this_process_as_owner());
    l.campaign.status = "running";
    if (!progress_.quiet) {
        std::fprintf(stderr, "fpverify: resuming campaign %lld in %s\n", static_cast<long long>(id),
                     database_.db.c_str());
    }
    return l;
}

int ResumeCommand::run(const Invocation&) {
    const ExecuteOptions options{progress_.want_progress(), progress_.quiet, parse_budget(budget_)};
    install_stop_signal_handlers();  // as run's
    if (!mpi_) {
        std::optional<Launched> launched = launch_unless_stopped([&] { return launch(nullptr); });
        if (!launched) return kExitRuntime;
        Launched& l = *launched;
        if (l.campaign.status != "finished") return execute_launched(l, options, nullptr);
        std::fprintf(stderr, "fpverify: campaign %lld already finished\n", static_cast<long long>(l.campaign.id));
        if (!progress_.quiet) print_summary(l.campaign, l.units);
        bool failures = false;
        for (const UnitState& u : l.units) failures = failures || u.tally.has_failures();
        return failures ? kExitFailures : kExitClean;
    }
    const auto launch_unfinished = [&](const MpiJob* job) -> Launched {
        Launched l = launch(job);
        if (l.campaign.status == "finished") {
            throw UsageError("campaign " + std::to_string(l.campaign.id) + " already finished");
        }
        return l;
    };
    return launch_and_execute(true, launch_unfinished, devices_, options);
}

}  // namespace

std::unique_ptr<Command> make_resume_command() { return std::make_unique<ResumeCommand>(); }

}  // namespace fpv
