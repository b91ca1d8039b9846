// A campaign: impls x classes x count x seed on a backend, and the state of each unit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/reference_mode.h"
#include "model/tally.h"

namespace fpv {

struct CampaignSpec {
    std::string name;
    std::vector<std::string> impls;
    std::vector<std::string> classes;  // class specs, "all" expanded
    uint64_t count = 0;                // per unit, before capping at the class size
    uint64_t seed = 0;
    std::string backend = "cpu";
    int threads = 0;                   // 0: every core
    uint64_t batch = 0;                // 0: adaptive
    TallyLimits limits;
    ReferenceMode reference = ReferenceMode::mpfr;
    bool strict_nan = false;           // NaN results held to their impl's NaN rule (--strict-nan)
    // --shard K/N: this campaign judges part K (from 0) of N of every unit's index range.
    int shard_index = 0, shard_count = 1;
    std::string command_line;
};

// One (impl, class) pair of a campaign and how far it has got.
struct UnitState {
    int ordinal = 0;
    std::string impl;
    std::string op;           // the impl's op, by name
    std::string input_class;
    uint64_t begin_index = 0; // a shard's first index (0 unsharded)
    uint64_t planned = 0;     // the index after the last to judge: min(count, class size) unsharded
    uint64_t next_index = 0;  // checkpoint: inputs [begin_index, next_index) are judged and tallied
    Tally tally;              // cumulative; its `failures` list is not kept (see failures_stored)
    uint64_t failures_stored = 0;
    double seconds = 0;
    // What the unit's inputs depend on besides the index, so that a resume can refuse inputs
    // that would differ from those already judged.
    uint64_t input_key = 0;        // the key of its class's random streams
    int generator_version = 0;     // the class's version when the unit started
    std::string digest;            // vector-file content digest, empty for generators
    bool exhaustive = false;       // an exhaustive sweep of binary32 bit patterns
    bool map_partial = false;      // its failure map misses inputs judged before schema 7

    bool done() const { return next_index >= planned; }
    uint64_t size() const { return planned - begin_index; }      // inputs this campaign judges
    uint64_t judged() const { return next_index - begin_index; }
};

struct CampaignRecord {
    int64_t id = 0;
    CampaignSpec spec;
    // running: a process owns it (its lease says which) or died owning it; paused: stopped
    // cleanly, resumable; finished; partial: merged from shards some of which were unfinished.
    std::string status;
    std::string created_at, finished_at, host, version;
    double elapsed_seconds = 0;
    double gpu_wait_seconds = 0;   // time the GPU sat idle waiting for the host
    double host_wait_seconds = 0;  // time the host sat idle waiting for the GPU
    std::string notes;             // the backend that ran it, e.g. its GPUs
    std::string merged_from;       // a merged campaign's shards, as a JSON list; empty otherwise
};

}  // namespace fpv
