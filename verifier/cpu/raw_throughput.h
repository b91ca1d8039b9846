// `bench --raw` on the CPU: every impl that runs on the host, plug-ins included, timed on one
// core in dependent chains (the op's raw_chain trait: every operand of a call made from the
// call before, so nothing can be hoisted), called through the catalogue's function pointer as
// campaigns call it.
#pragma once

#include <string>
#include <vector>

namespace fpv {

struct CpuRawThroughput {
    std::string impl;
    double ns_per_call = 0;  // fastest of three timed runs
};

std::vector<CpuRawThroughput> cpu_raw_throughput();

}  // namespace fpv
