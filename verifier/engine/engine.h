// Runs a campaign's remaining work in rounds: round k takes every unit to 2^(16+k) inputs past
// its first (or to its end), so that whenever a campaign stops, every unit has had a comparable
// share. Every batch's tally is committed with the unit's new checkpoint in one transaction.
#pragma once

#include <atomic>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/usage_error.h"
#include "model/campaign.h"
#include "model/input_set.h"
#include "store/store.h"
#include "verifier/engine/backend.h"

namespace fpv {

// Set from a signal handler: stop after the batch in flight, leaving the campaign resumable.
extern std::atomic<bool> g_stop_requested;
void install_stop_signal_handlers();

// A stop asked for before the campaign's database was touched: nothing written, exit status 3.
class StoppedBeforeStart : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};
// Throws StoppedBeforeStart if a stop was asked for; called by run and resume (which install the
// handlers first thing, so that a signal at any moment leaves no half-made database) just before
// they write.
void stop_if_asked_before_start(const std::string& what);

struct ExecuteOptions {
    bool progress = false;  // draw a progress line on stderr
    bool quiet = false;     // no summary on stdout
    std::optional<double> budget_seconds;  // --for: pause at the first batch boundary after it
    bool offer_resume = true;  // say how to resume a paused campaign (not for bench's throwaway ones)
};

// Where round k takes a unit: 2^(16+k) inputs past its first (rounded up to a multiple of a
// fixed batch size), or its end.
uint64_t round_target(const UnitState& unit, int round, uint64_t fixed_batch);

// Returns kExitClean or kExitFailures when the campaign finished, kExitRuntime when it stopped
// (paused: its budget spent, a signal, or an error; it stays resumable).
int execute_campaign(Store& store, CampaignRecord& campaign, std::vector<UnitState>& units,
                     const std::vector<InputSet>& inputs, Backend& backend,
                     const ExecuteOptions& options);

// The one-line-per-unit summary printed when a campaign ends or pauses.
void print_summary(const CampaignRecord& campaign, const std::vector<UnitState>& units);

}  // namespace fpv
