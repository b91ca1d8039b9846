// `fpverify bench`: verified throughput of a campaign next to the host's MPFR ceiling.
#pragma once

#include <string>

#include "reference/reference_mode.h"

namespace fpv {

struct BenchOptions {
    std::string impl;  // required: no op is named outside ops/
    std::string input_class = "normal";
    double seconds = 10;  // the verified campaign's target length
    int threads = 0;      // 0: every core
    std::string backend = "cpu";
    bool raw = false;     // also time the GPU impls in a tight loop
    bool sweep = false;   // time one exhaustive class instead: GPU alone, then end to end
    ReferenceMode reference = ReferenceMode::mpfr;  // of the verified campaign
};

int run_bench(const BenchOptions& options);

// `fpverify bench --sweep`: the time of one whole exhaustive class (all32 by default): the
// GPU's evaluation alone, then the campaign end to end with each reference.
int run_sweep_bench(const BenchOptions& options);

}  // namespace fpv
