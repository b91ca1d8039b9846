// Runs a campaign's remaining work: each unit from its checkpoint to its end, committing every
// batch's tally with the new checkpoint in one transaction.
#pragma once

#include <atomic>
#include <vector>

#include "model/campaign.h"
#include "model/input_set.h"
#include "reports/store.h"
#include "verifier/backend.h"

namespace fpv {

// Set from a signal handler: stop after the batch in flight, leaving the campaign resumable.
extern std::atomic<bool> g_stop_requested;
void install_stop_signal_handlers();

struct ExecuteOptions {
    bool progress = false;  // draw a progress line on stderr
    bool quiet = false;     // no summary on stdout
};

enum ExitStatus : int { kExitClean = 0, kExitFailures = 1, kExitUsage = 2, kExitRuntime = 3 };

// Returns kExitClean or kExitFailures when the campaign finished, kExitRuntime when it was
// stopped (it stays resumable).
int execute_campaign(Store& store, CampaignRecord& campaign, std::vector<UnitState>& units,
                     const std::vector<InputSet>& inputs, Backend& backend,
                     const ExecuteOptions& options);

// The one-line-per-unit summary printed when a campaign ends.
void print_summary(const CampaignRecord& campaign, const std::vector<UnitState>& units);

}  // namespace fpv
