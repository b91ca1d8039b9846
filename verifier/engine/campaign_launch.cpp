#include "verifier/engine/campaign_launch.h"

#include <omp.h>
#include <sys/sysinfo.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/usage_error.h"
#include "ops/catalogue.h"
#include "model/text_format.h"
#include "store/lease_keeper.h"
#include "verifier/engine/backend_factory.h"
#include "verifier/engine/campaign_setup.h"
#include "verifier/gpu/backend.h"

namespace fpv {

std::vector<int> parse_devices(const std::string& text) {
    std::vector<int> devices;
    std::stringstream list(text);
    for (std::string item; std::getline(list, item, ',');) {
        if (item.empty()) continue;
        int id = -1;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), id);
        if (ec != std::errc() || end != item.data() + item.size() || id < 0) {
            throw UsageError("--devices: '" + item + "' is not a GPU number");
        }
        devices.push_back(id);
    }
    return devices;
}

std::vector<int> devices_for(const std::string& backend, const std::string& devices, const MpiJob* job) {
    std::vector<int> ids = parse_devices(devices);
    if (job == nullptr || backend != "gpu") return ids;
    if (ids.empty()) {
        std::string why;
        std::vector<std::string> names;
        probe_gpus(why, names);
        for (size_t i = 0; i < names.size(); ++i) ids.push_back(static_cast<int>(i));
    }
    if (ids.empty()) throw UsageError("--mpi: rank " + std::to_string(job->rank()) + " sees no GPU");
    return {ids[static_cast<size_t>(job->rank()) % ids.size()]};
}

int threads_for(int threads, const MpiJob* job) {
    if (threads != 0 || job == nullptr || job->ranks_on_this_host() <= 1 || std::getenv("OMP_NUM_THREADS") != nullptr) {
        return threads;
    }
    const int usable = omp_get_num_procs();  // the cores this process may run on
    if (usable < get_nprocs()) return 0;     // bound by mpirun: its cores are its share
    return std::max(1, usable / job->ranks_on_this_host());
}

void check_units_runnable(const Backend& backend, const std::vector<UnitState>& units,
                          const std::vector<InputSet>& inputs) {
    for (size_t i = 0; i < units.size() && i < inputs.size(); ++i) {
        if (units[i].done()) continue;
        try {
            backend.check_runnable(impl_named(units[i].impl), inputs[i]);
        } catch (const UsageError& e) {
            throw UsageError("unit " + std::to_string(units[i].ordinal) + " (" + units[i].impl + " x " +
                             units[i].input_class + "): " + e.what());
        }
    }
}

namespace {

// What every rank needs to judge any unit of the campaign: its spec and units as rank 0 has them.
std::string setup_text(const Launched& l) {
    const CampaignSpec& spec = l.campaign.spec;
    nlohmann::json units = nlohmann::json::array();
    for (const UnitState& u : l.units) {
        units.push_back({{"ordinal", u.ordinal}, {"impl", u.impl}, {"op", u.op}, {"class", u.input_class},
                         {"begin", u.begin_index}, {"planned", u.planned}, {"key", u.input_key},
                         {"version", u.generator_version}, {"digest", u.digest}, {"exhaustive", u.exhaustive}});
    }
    return nlohmann::json{{"status", -1}, {"impls", spec.impls}, {"classes", spec.classes}, {"seed", spec.seed},
                          {"backend", spec.backend}, {"threads", l.threads}, {"batch", spec.batch},
                          {"failures_kept", spec.limits.failures_kept}, {"worst_kept", spec.limits.worst_kept},
                          {"reference", std::string(reference_mode_name(spec.reference))},
                          {"strict_nan", spec.strict_nan}, {"units", units}}
        .dump();
}

// The other ranks: rebuild the campaign from rank 0's setup and judge what it asks.
int serve_as_other_rank(MpiJob& job, const std::string& devices) {
    std::string text;
    job.broadcast(text);
    const nlohmann::json setup = nlohmann::json::parse(text);
    if (setup.at("status").get<int>() >= 0) return setup.at("status").get<int>();  // rank 0 gave up
    CampaignSpec spec;
    spec.impls = setup.at("impls").get<std::vector<std::string>>();
    spec.classes = setup.at("classes").get<std::vector<std::string>>();
    spec.seed = setup.at("seed").get<uint64_t>();
    spec.backend = setup.at("backend").get<std::string>();
    spec.batch = setup.at("batch").get<uint64_t>();
    spec.limits.failures_kept = setup.at("failures_kept").get<size_t>();
    spec.limits.worst_kept = setup.at("worst_kept").get<size_t>();
    spec.reference = reference_mode_from_name(setup.at("reference").get<std::string>()).value_or(ReferenceMode::mpfr);
    spec.strict_nan = setup.at("strict_nan").get<bool>();
    std::vector<UnitState> units;
    for (const nlohmann::json& j : setup.at("units")) {
        UnitState u;
        u.ordinal = j.at("ordinal").get<int>();
        u.impl = j.at("impl").get<std::string>();
        u.op = j.at("op").get<std::string>();
        u.input_class = j.at("class").get<std::string>();
        u.begin_index = j.at("begin").get<uint64_t>();
        u.planned = j.at("planned").get<uint64_t>();
        u.input_key = j.at("key").get<uint64_t>();
        u.generator_version = j.at("version").get<int>();
        u.digest = j.at("digest").get<std::string>();
        u.exhaustive = j.at("exhaustive").get<bool>();
        units.push_back(std::move(u));
    }
    const std::vector<InputSet> inputs = reload_inputs(spec, units);
    std::unique_ptr<Backend> local =
        make_backend(spec.backend, threads_for(setup.at("threads").get<int>(), &job), spec.batch,
                     devices_for(spec.backend, devices, &job));
    std::vector<UnitWork> works;
    for (size_t i = 0; i < units.size(); ++i) {
        works.push_back(UnitWork{impl_named(units[i].impl), inputs[i], spec.limits, spec.reference, spec.strict_nan,
                                 units[i].ordinal, nullptr});
    }
    return serve_mpi_rank(job, *local, works);
}

}  // namespace

namespace {

int execute_holding_lease(Launched& l, const ExecuteOptions& options, MpiJob* job) {
    Backend& local = *l.backend;
    LeaseKeeper lease(*l.store, l.campaign.id);
    install_stop_signal_handlers();
    if (job == nullptr) return execute_campaign(*l.store, l.campaign, l.units, l.inputs, local, options);
    std::string setup = setup_text(l);
    job->broadcast(setup);
    MpiBackend across(*job, local);
    int status = kExitRuntime;
    try {
        status = execute_campaign(*l.store, l.campaign, l.units, l.inputs, across, options);
    } catch (...) {
        across.end_work(kExitRuntime);
        throw;
    }
    across.end_work(status);
    return status;
}

}  // namespace

int execute_launched(Launched& l, const ExecuteOptions& options, MpiJob* job) {
    const int status = execute_holding_lease(l, options, job);
    if (status == kExitRuntime) return status;  // a loss of the file was said where it was met
    // The file is checked once more before the -wal is folded into it as the store closes.
    try {
        l.store->close_checked();
    } catch (const DatabaseLost& e) {
        std::fprintf(stderr, "fpverify: %s\n", terminal_lines(e.what()).c_str());
        return kExitRuntime;
    }
    return status;
}

std::optional<Launched> launch_unless_stopped(const std::function<Launched()>& launch) {
    try {
        return launch();
    } catch (const StoppedBeforeStart& e) {
        std::fprintf(stderr, "fpverify: %s\n", e.what());
        return std::nullopt;
    }
}

int launch_and_execute(bool mpi, const std::function<Launched(const MpiJob*)>& launch, const std::string& devices,
                       const ExecuteOptions& options) {
    if (!mpi) {
        std::optional<Launched> l = launch_unless_stopped([&] { return launch(nullptr); });
        return l ? execute_launched(*l, options, nullptr) : kExitRuntime;
    }
    MpiJob job;
    if (job.rank() != 0) return serve_as_other_rank(job, devices);
    Launched l;
    try {
        l = launch(&job);
    } catch (const UsageError&) {
        std::string refusal = nlohmann::json{{"status", kExitUsage}}.dump();
        job.broadcast(refusal);
        throw;
    } catch (...) {
        std::string refusal = nlohmann::json{{"status", kExitRuntime}}.dump();
        job.broadcast(refusal);
        throw;
    }
    return execute_launched(l, options, &job);
}

}  // namespace fpv
