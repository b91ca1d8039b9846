// `fpverify run`: a new campaign, stored as it goes (README, "Running a campaign").
#include <algorithm>
#include <cstdio>
#include <limits>

#include "cli/command.h"
#include "cli/common_options.h"
#include "cli/count_parse.h"
#include "cli/duration_parse.h"
#include "cli/option_checks.h"
#include "ops/catalogue.h"
#include "ops/math32/core_math.h"
#include "verifier/engine/backend_factory.h"
#include "verifier/engine/campaign_launch.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/engine/thread_start.h"

#ifndef FPV_VERSION
#define FPV_VERSION "unknown"
#endif

namespace fpv {
namespace {

// --reference fast on an op that has no exact answer without MPFR (rsqrt64) means MPFR judges
// every input of it: said once per op, so that nobody reads the campaign as a fast one there.
void note_ops_without_fast_reference(const std::vector<std::string>& impls) {
    std::vector<std::string_view> said;
    for (const std::string& name : impls) {
        const OpInfo& op = op_info(impl_named(name).op);
        if (op.has_fast_reference || std::find(said.begin(), said.end(), op.name) != said.end()) continue;
        said.push_back(op.name);
        std::fprintf(stderr, "fpverify: %s has no fast reference: MPFR judges its every input\n",
                     std::string(op.name).c_str());
    }
}

// The binary32 math functions asked for, where this build has no CORE-MATH, whose fast reference
// they would use: --require-core-math refuses them, and without it the run says so.
std::vector<std::string_view> math_functions_without_core_math(const std::vector<std::string>& impls) {
    std::vector<std::string_view> ops;
    if (math32::kWithCoreMath) return ops;
    for (const std::string& name : impls) {
        const OpInfo& op = op_info(impl_named(name).op);
        if (op.has_binary64_twin && std::find(ops.begin(), ops.end(), op.name) == ops.end()) ops.push_back(op.name);
    }
    return ops;
}

void check_core_math(const std::vector<std::string>& impls, bool required) {
    const std::vector<std::string_view> ops = math_functions_without_core_math(impls);
    if (ops.empty()) return;
    std::string list;
    for (const std::string_view op : ops) list += (list.empty() ? "" : ", ") + std::string(op);
    if (required) {
        throw UsageError("--require-core-math: this build has no CORE-MATH (make CORE_MATH_DIR=... builds it in), "
                         "and the campaign has binary32 math functions (" + list + "); nothing was written");
    }
    std::fprintf(stderr, "fpverify: this build has no CORE-MATH: MPFR alone judges what the host judges of %s "
                         "(--require-core-math refuses instead)\n", list.c_str());
}

class RunCommand : public Command {
public:
    OptionTable options() override;
    int run(const Invocation& invocation) override;

private:
    CampaignSpec spec(const Invocation& invocation) const;

    std::string impls_, classes_ = "all", count_ = "1e6", seed_ = "1", db_ = "fpverify.db";
    std::string backend_ = "auto", name_ = "campaign", batch_, failures_kept_ = "1000", devices_;
    std::string reference_;  // default: exact on the GPU backend, mpfr on the CPU
    std::string budget_, shard_;
    int threads_ = 0;
    size_t worst_ = 16;
    bool strict_nan_ = false, mpi_ = false, require_core_math_ = false;
    ProgressOptions progress_;
};

OptionTable RunCommand::options() {
    OptionTable c{"run", "run a campaign and store its results"};
    c.add("--impl", &impls_, "implementations, comma-separated").required();
    c.add("--classes", &classes_, "input classes, comma-separated, or all").show_default();
    c.add("--count", &count_, "inputs per (impl, class): 1000, 1e9, 2^32, 100M").show_default();
    c.add("--seed", &seed_, "seed of the generated inputs").show_default();
    c.add("--db", &db_, "SQLite database (created if absent)").show_default();
    c.add("--backend", &backend_, "cpu | gpu | auto").show_default();
    c.add("--threads", &threads_,
                  "host threads (0: every core, or OMP_NUM_THREADS where set; at most " +
                      std::to_string(kMaxThreads) + ")")
        .whole_number_in(kThreadCounts)
        .show_default();
    c.add("--devices", &devices_, "GPUs for the GPU backend, e.g. 0,1 (default: all)");
    c.add("--name", &name_, "a name for the campaign").show_default();
    c.add("--batch", &batch_,
                  "inputs per batch, each committed with its checkpoint in one transaction (default: "
                  "adaptive, about half a second of work each); a stop cuts the batch in flight short, and "
                  "batches so small that their commits take a quarter of the time or more, or of fewer than 64 inputs "
                  "that take under 50 ms, are warned about");
    c.add("--failures-kept", &failures_kept_, "failures stored per (impl, class), lowest indices first")
        .show_default();
    c.add("--worst", &worst_, "worst cases kept per (impl, class)")
        .whole_number_in({0, std::numeric_limits<int64_t>::max()})
        .show_default();
    c.add("--reference", &reference_,
                  "mpfr: MPFR judges every result | exact: results an op's exact check certifies by "
                  "integer arithmetic count as exact (on the GPU, without leaving it), MPFR judges the "
                  "rest and re-judges 1 certified input in 4096 | fast: the host's IEEE 754 answers "
                  "where an op has them (exact sums for float-float ops), MPFR recomputing 1 input in "
                  "1024. Binary32 math functions under exact: judged on the GPU beside CUDA's binary64 "
                  "function; what that leaves, and every input on the CPU, by CORE-MATH where the build "
                  "has it (MPFR measuring every error and re-judging the sample), else MPFR "
                  "(docs/math32.md). "
                  "`fpverify list ops` says which op has which. Default: exact on the GPU "
                  "backend, mpfr on the CPU");
    c.add("--require-core-math", &require_core_math_,
                "refuse to run (exit 2, nothing written) a campaign of binary32 math functions in a build without "
                "CORE-MATH, which would judge them by MPFR alone (25 or more times slower on the host)");
    c.add("--strict-nan", &strict_nan_,
                "hold NaN results to the NaN rule each impl declares (quiet; the first NaN operand "
                "quieted, or one canonical NaN), as TestFloat's -checkNaNs; by default any NaN "
                "matches any NaN");
    c.add("--for", &budget_,
                  "time budget (90s, 30m, 8h, 1h30m): pause within about a second after it, keeping what was "
                  "judged, resumable (exit 3); units advance in rounds, so each gets a comparable share");
    c.add("--shard", &shard_,
                  "K/N: judge part K (0 to N-1) of every unit's inputs; `fpverify merge` combines the N shards");
    c.add("--mpi", &mpi_,
                "run across the ranks of an MPI job (mpirun -n R fpverify run --mpi ...); rank 0 writes the "
                "database, rank r uses GPU r modulo the GPUs it sees and, without --threads, its share of "
                "the host's cores");
    progress_.add_to(c);
    return c;
}

CampaignSpec RunCommand::spec(const Invocation& invocation) const {
    CampaignSpec spec;
    spec.name = name_;
    spec.impls = split_list(impls_);
    spec.classes = split_list(classes_);
    spec.count = parse_count(count_, "--count");
    spec.seed = parse_seed(seed_);
    if (threads_ < 0) throw UsageError("--threads: must be 0 (every core) or more");
    spec.threads = threads_;
    spec.batch = batch_.empty() ? 0 : parse_count(batch_, "--batch");
    spec.limits.failures_kept = static_cast<size_t>(parse_count(failures_kept_, "--failures-kept"));
    spec.limits.worst_kept = worst_;
    spec.strict_nan = strict_nan_;
    spec.command_line = invocation.command_line;
    if (!shard_.empty()) {
        const ShardSpec shard = parse_shard(shard_);
        spec.shard_index = shard.index;
        spec.shard_count = shard.count;
    }
    return spec;
}

int RunCommand::run(const Invocation& invocation) {
    CampaignSpec spec = this->spec(invocation);
    const ExecuteOptions options{progress_.want_progress(), progress_.quiet, parse_budget(budget_)};
    // From now on a signal asks for a stop: one before the campaign exists writes nothing, one
    // after it leaves the campaign paused, never a half-made database.
    install_stop_signal_handlers();
    const auto launch = [&](const MpiJob* job) -> Launched {
        // Validate everything (including the GPU's presence) before the database is touched.
        check_impl_names(spec.impls);  // before the backend, for the clearer message
        check_core_math(spec.impls, require_core_math_);
        std::string no_gpu;
        spec.backend = resolve_backend(backend_, &no_gpu);
        spec.reference =
            parse_reference(!reference_.empty() ? reference_ : spec.backend == "gpu" ? "exact" : "mpfr");
        PreparedCampaign prepared = prepare_campaign(spec);
        // Said only once the command is known to be good: a usage error comes alone.
        if (!no_gpu.empty()) std::fprintf(stderr, "fpverify: running on the CPU: %s\n", no_gpu.c_str());
        if (spec.reference == ReferenceMode::fast) note_ops_without_fast_reference(spec.impls);
        Launched l;
        require_threads_startable(spec.threads);
        l.backend = make_backend(spec.backend, threads_for(spec.threads, job), spec.batch,
                                 devices_for(spec.backend, devices_, job));
        check_units_runnable(*l.backend, prepared.units, prepared.inputs);
        stop_if_asked_before_start("the campaign was created");
        l.store = std::make_unique<Store>(db_, Store::Mode::read_write);
        l.campaign.spec = prepared.spec;
        l.campaign.status = "running";
        l.campaign.notes = (job != nullptr ? "MPI, " + std::to_string(job->size()) + " ranks; rank 0: " : std::string()) +
                           l.backend->describe();
        const LeaseOwner me = this_process_as_owner();
        l.campaign.id = l.store->create_campaign(prepared.spec, prepared.units, host_description(), FPV_VERSION,
                                                 l.campaign.notes, &me);
        l.units = std::move(prepared.units);
        l.inputs = std::move(prepared.inputs);
        l.threads = spec.threads;
        if (!progress_.quiet) {
            std::fprintf(stderr, "fpverify: campaign %lld in %s: %zu units on %s\n",
                         static_cast<long long>(l.campaign.id), db_.c_str(), l.units.size(),
                         l.campaign.spec.backend.c_str());
        }
        return l;
    };
    return launch_and_execute(mpi_, launch, devices_, options);
}

}  // namespace

std::unique_ptr<Command> make_run_command() { return std::make_unique<RunCommand>(); }

}  // namespace fpv
