#include "verifier/cpu/judges.h"

#include <array>
#include <stdexcept>
#include <string>

namespace fpv {
namespace {

// An OpId is one byte.
std::array<CpuJudges, 256>& registry() {
    static std::array<CpuJudges, 256> judges{};
    return judges;
}

}  // namespace

bool register_cpu_judges(OpId op, const CpuJudges& judges) {
    registry()[op.value] = judges;
    return true;
}

const CpuJudges& cpu_judges(OpId op) {
    const CpuJudges& judges = registry()[op.value];
    if (judges.host_impl == nullptr) {
        throw std::logic_error("no CPU judge was built for op id " + std::to_string(op.value));
    }
    return judges;
}

}  // namespace fpv
