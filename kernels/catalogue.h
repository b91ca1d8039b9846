// The catalogue of ops and implementations that fpverify knows, for the command line, the
// engine and the reports.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fpv {

enum class OpId : uint8_t { div64 };

struct OpInfo {
    OpId id;
    std::string_view name;
    std::string_view summary;
    std::string_view operands;
    std::string_view error_unit;  // the unit of the error metric
};

enum Where : uint8_t { kRunsOnCpu = 1, kRunsOnGpu = 2 };

using HostImplFn = uint64_t (*)(uint64_t, uint64_t);

struct ImplInfo {
    std::string_view name;     // "<op>.<variant>"
    OpId op;
    uint8_t where;             // kRunsOnCpu | kRunsOnGpu
    std::string_view summary;
    std::string_view domain;   // the inputs on which the implementation claims to be right
    std::string_view claim;    // its accuracy claim
    HostImplFn host;           // nullptr when it does not run on the CPU

    bool runs_on_cpu() const { return (where & kRunsOnCpu) != 0; }
    bool runs_on_gpu() const { return (where & kRunsOnGpu) != 0; }
};

const std::vector<OpInfo>& all_ops();
const OpInfo& op_info(OpId id);
const OpInfo* find_op(std::string_view name);

const std::vector<ImplInfo>& all_impls();
const ImplInfo* find_impl(std::string_view name);

// "cpu", "gpu" or "cpu, gpu".
std::string where_text(uint8_t where);

}  // namespace fpv
