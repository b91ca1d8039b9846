// Starting a campaign's work in the process that owns it: holding its lease, on its backend,
// alone or as rank 0 of an MPI job whose other ranks rebuild the campaign from what rank 0
// sends them and judge the parts it asks for (verifier/mpi/job.h).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/campaign.h"
#include "model/input_set.h"
#include "store/store.h"
#include "verifier/engine/backend.h"
#include "verifier/engine/engine.h"
#include "verifier/mpi/job.h"

namespace fpv {

// A campaign ready to run (created, or read back to resume) by the process that owns it.
struct Launched {
    std::unique_ptr<Store> store;
    CampaignRecord campaign;
    std::vector<UnitState> units;
    std::vector<InputSet> inputs;
    int threads = 0;
    std::unique_ptr<Backend> backend;  // made before the database is touched
};

// --devices: GPU numbers, comma-separated (empty: every GPU). Throws UsageError.
std::vector<int> parse_devices(const std::string& text);

// The GPUs a process uses: all those named (or all there are), or with MPI, rank r's share.
std::vector<int> devices_for(const std::string& backend, const std::string& devices, const MpiJob* job);

// The host threads a process judges with: `threads` where given; otherwise every core, or with
// MPI, an equal share of this host's cores among the ranks on it (each rank's OpenMP workers on
// every core would leave the ranks' GPU-feeding threads waiting for a core), unless
// OMP_NUM_THREADS is set or mpirun already bound each rank to its own cores.
int threads_for(int threads, const MpiJob* job);

// Throws UsageError for the first unit with inputs left that `backend` cannot run
// (Backend::check_runnable), naming it.
void check_units_runnable(const Backend& backend, const std::vector<UnitState>& units,
                          const std::vector<InputSet>& inputs);

// Runs a launched campaign, holding its lease, in this process or (with `job`, on rank 0)
// across the ranks. Returns the exit status.
int execute_launched(Launched& launched, const ExecuteOptions& options, MpiJob* job);

// Runs `launch`; nothing where a stop asked for before it wrote anything (StoppedBeforeStart),
// having said so: the command then ends with exit status 3.
std::optional<Launched> launch_unless_stopped(const std::function<Launched()>& launch);

// Without `mpi`: launch() in this process, then its campaign. With it: rank 0 launches (or
// fails to, telling the other ranks, which then end with its exit status) and runs the campaign
// across the ranks; the other ranks judge what it asks. Returns this process's exit status.
int launch_and_execute(bool mpi, const std::function<Launched(const MpiJob*)>& launch, const std::string& devices,
                       const ExecuteOptions& options);

}  // namespace fpv
