// Turning what the user asked for into a campaign's units, and back again on resume.
#pragma once

#include <vector>

#include "model/campaign.h"
#include "model/input_set.h"

namespace fpv {

struct PreparedCampaign {
    CampaignSpec spec;
    std::vector<UnitState> units;
    std::vector<InputSet> inputs;  // inputs[i] belongs to units[i]
};

// Part `index` of `count` of the indices [0, size).
struct ShardRange {
    uint64_t begin = 0, end = 0;
};
ShardRange shard_range(uint64_t size, int index, int count);

// Validates impls (known, able to run on the backend), classes ("all" expands per op; vector
// files are read) and limits. Throws UsageError before anything is written.
PreparedCampaign prepare_campaign(CampaignSpec spec);

// Re-reads the classes of a stored campaign; throws UsageError, naming the unit, when its inputs
// would change: a vector file gone or changed, or a class whose key or generator version differs
// from the one the campaign started with.
std::vector<InputSet> reload_inputs(const CampaignSpec& spec, const std::vector<UnitState>& units);

// Checks that every impl is known.
void check_impl_names(const std::vector<std::string>& impls);

// Checks that every impl of the campaign runs on `backend` ("cpu" or "gpu").
void check_backend(const std::vector<std::string>& impls, const std::string& backend);

}  // namespace fpv
