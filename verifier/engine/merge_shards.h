// `fpverify merge`: the shards of a campaign (`run --shard K/N`, each in its own database)
// combined into one campaign whose tallies equal those of the unsharded run.
#pragma once

#include <string>
#include <vector>

namespace fpv {

struct MergeRequest {
    std::string into;                 // the database that receives the merged campaign
    std::vector<std::string> shards;  // PATH or PATH:ID (default: the newest campaign of PATH)
    bool partial = false;             // accept missing or unfinished shards
    std::string command_line;
};

// Checks that the shards come from one spec, are disjoint and (unless partial) complete and
// finished, then writes the merged campaign in one transaction and returns its id. Throws
// UsageError, with nothing written, when they do not fit together.
int64_t merge_shards(const MergeRequest& request, const std::string& host, const std::string& version);

}  // namespace fpv
