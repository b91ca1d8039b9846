// The ranges several commands hold their numbers to.
#pragma once

#include <cstdint>
#include <limits>

#include "cli/option_table.h"
#include "verifier/engine/thread_start.h"

namespace fpv {

inline constexpr WholeNumberRange kThreadCounts{0, kMaxThreads};
inline constexpr WholeNumberRange kDatabaseIds{1, std::numeric_limits<int64_t>::max()};

}  // namespace fpv
