#include "verifier/engine/merge_shards.h"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "core/printable.h"
#include "core/usage_error.h"
#include "store/store.h"
#include "verifier/engine/campaign_setup.h"
#include "store/database_ref.h"
#include "reports/output_file.h"

namespace fpv {
namespace {

struct LoadedShard {
    std::string source;  // as named, with the campaign id
    CampaignRecord campaign;
    std::vector<UnitState> units;
    std::vector<std::vector<FailureRecord>> failures;  // per unit, by index
};

LoadedShard load_shard(const std::string& argument) {
    const DatabaseRef ref = parse_database_ref(argument, "merge");
    const std::string& path = ref.path;
    int64_t id = ref.campaign;
    Store store(path, Store::Mode::read_only);
    LoadedShard shard;
    if (id == 0) id = store.latest_campaign(false);
    shard.campaign = store.campaign(id);
    shard.units = store.units(id);
    shard.source = path + ":" + std::to_string(id);
    for (const UnitState& u : shard.units) {
        shard.failures.push_back(store.unit_failures(id, u.ordinal, shard.campaign.spec.limits.failures_kept));
    }
    return shard;
}

std::string describe(const LoadedShard& s) {
    return "'" + s.source + "' (shard " + std::to_string(s.campaign.spec.shard_index) + "/" +
           std::to_string(s.campaign.spec.shard_count) + ")";
}

// The fields that decide which inputs a campaign judges and how it judges them.
void check_same_spec(const LoadedShard& first, const LoadedShard& other) {
    const CampaignSpec& a = first.campaign.spec;
    const CampaignSpec& b = other.campaign.spec;
    const auto differ = [&](const std::string& what) {
        return UsageError("merge: " + describe(other) + " differs from " + describe(first) + " in its " + what +
                          "; shards of one campaign share everything but K");
    };
    // Another build may judge otherwise (a fixed impl, a changed reference): its counts do not add up
    // with these into one campaign's.
    if (first.campaign.version != other.campaign.version) {
        throw UsageError("merge: " + describe(other) + " was written by fpverify " + printable(other.campaign.version) +
                         " and " + describe(first) + " by fpverify " + printable(first.campaign.version) +
                         "; shards of one campaign come from one build");
    }
    if (a.impls != b.impls) throw differ("impls");
    if (a.classes != b.classes) throw differ("classes");
    if (a.count != b.count) throw differ("count");
    if (a.seed != b.seed) throw differ("seed");
    if (a.reference != b.reference) throw differ("reference");
    if (a.strict_nan != b.strict_nan) throw differ("NaN rule (--strict-nan)");
    if (a.limits.failures_kept != b.limits.failures_kept) throw differ("--failures-kept");
    if (a.limits.worst_kept != b.limits.worst_kept) throw differ("--worst");
    if (a.shard_count != b.shard_count) throw differ("number of shards");
    if (first.units.size() != other.units.size()) throw differ("units");
    for (size_t i = 0; i < first.units.size(); ++i) {
        const UnitState& x = first.units[i];
        const UnitState& y = other.units[i];
        if (x.impl != y.impl || x.op != y.op || x.input_class != y.input_class || x.input_key != y.input_key ||
            x.generator_version != y.generator_version || x.digest != y.digest || x.exhaustive != y.exhaustive) {
            throw differ("unit " + std::to_string(i) + " (" + y.impl + " x " + y.input_class + ")");
        }
    }
}

}  // namespace

int64_t merge_shards(const MergeRequest& request, const std::string& host, const std::string& version) {
    if (request.shards.empty()) throw UsageError("merge: name the shards' databases");
    // Merged into one of its shards, a shard would hold the merge beside itself, and the next
    // merge of the shards would find it among them.
    for (const std::string& s : request.shards) {
        const std::string path = parse_database_ref(s, "merge").path;
        if (same_file(request.into, path)) {
            throw UsageError("merge: --into '" + printable(request.into) + "' is the shard '" + printable(s) +
                             "'; merge into a database of its own");
        }
    }
    std::vector<LoadedShard> shards;
    for (const std::string& s : request.shards) shards.push_back(load_shard(s));
    for (const LoadedShard& s : shards) check_same_spec(shards.front(), s);
    std::sort(shards.begin(), shards.end(), [](const LoadedShard& x, const LoadedShard& y) {
        return x.campaign.spec.shard_index < y.campaign.spec.shard_index;
    });
    const int n = shards.front().campaign.spec.shard_count;
    for (size_t i = 1; i < shards.size(); ++i) {
        if (shards[i].campaign.spec.shard_index == shards[i - 1].campaign.spec.shard_index) {
            throw UsageError("merge: " + describe(shards[i - 1]) + " and " + describe(shards[i]) +
                             " are the same shard: their inputs overlap");
        }
    }
    // The full size of each unit, from the last shard (whose range ends there); each shard's
    // range must then be the one --shard gives it.
    std::string missing;
    for (int k = 0, at = 0; k < n; ++k) {
        if (at < static_cast<int>(shards.size()) && shards[at].campaign.spec.shard_index == k) {
            ++at;
        } else {
            missing += (missing.empty() ? "" : ", ") + std::to_string(k);
        }
    }
    if (!missing.empty() && !request.partial) {
        throw UsageError("merge: shard" + std::string(missing.find(',') != std::string::npos ? "s " : " ") + missing +
                         " of " + std::to_string(n) + " missing (--partial merges what is there)");
    }
    for (const LoadedShard& s : shards) {
        if (s.campaign.status != "finished" && !request.partial) {
            throw UsageError("merge: " + describe(s) + " is " + s.campaign.status +
                             "; finish it (fpverify resume) or merge with --partial");
        }
        if (!s.campaign.merged_from.empty()) throw UsageError("merge: " + describe(s) + " is itself a merge");
    }
    const bool have_last = shards.back().campaign.spec.shard_index == n - 1;
    for (const LoadedShard& s : shards) {
        for (size_t i = 0; i < s.units.size(); ++i) {
            const UnitState& u = s.units[i];
            const uint64_t full = have_last ? shards.back().units[i].planned : 0;
            const ShardRange expected = shard_range(full, s.campaign.spec.shard_index, n);
            if (have_last && (u.begin_index != expected.begin || u.planned != expected.end)) {
                throw UsageError("merge: " + describe(s) + " unit " + std::to_string(i) +
                                 " covers other inputs than its shard of the others' units");
            }
        }
    }

    CampaignRecord merged;
    merged.spec = shards.front().campaign.spec;
    merged.spec.shard_index = 0;
    merged.spec.shard_count = 1;
    merged.spec.command_line = request.command_line;
    merged.host = host;
    // The build that judged the inputs, which check_same_spec made one; the merging build is noted.
    merged.version = shards.front().campaign.version;
    bool complete = missing.empty();
    std::vector<std::string> sources;
    std::vector<std::string> backends;
    for (const LoadedShard& s : shards) {
        complete = complete && s.campaign.status == "finished";
        sources.push_back(describe(s) + " " + s.campaign.status);
        merged.elapsed_seconds += s.campaign.elapsed_seconds;
        if (std::find(backends.begin(), backends.end(), s.campaign.notes) == backends.end()) {
            backends.push_back(s.campaign.notes);
        }
    }
    merged.status = complete ? "finished" : "partial";
    merged.merged_from = nlohmann::json(sources).dump();
    for (const std::string& b : backends) merged.notes += (merged.notes.empty() ? "" : "; ") + b;
    if (version != merged.version) merged.notes += (merged.notes.empty() ? "" : "; ") + ("merged by fpverify " + version);

    std::vector<UnitState> units;
    std::vector<std::vector<FailureRecord>> failures;
    for (size_t i = 0; i < shards.front().units.size(); ++i) {
        UnitState unit = shards.front().units[i];
        unit.tally = Tally{};
        unit.begin_index = 0;
        unit.seconds = 0;
        uint64_t judged = 0;
        for (const LoadedShard& s : shards) {
            Tally part = s.units[i].tally;
            part.failures = s.failures[i];
            unit.tally.merge(part, merged.spec.limits);
            unit.seconds += s.units[i].seconds;
            judged += s.units[i].judged();
        }
        unit.planned = have_last ? shards.back().units[i].planned : judged;
        // A partial merge is no checkpoint: its units record what was judged, not where.
        unit.next_index = complete ? unit.planned : judged;
        failures.push_back(std::move(unit.tally.failures));
        unit.tally.failures.clear();
        unit.failures_stored = failures.back().size();
        units.push_back(std::move(unit));
    }
    Store into(request.into, Store::Mode::read_write);
    return into.insert_merged_campaign(merged, units, failures);
}

}  // namespace fpv
