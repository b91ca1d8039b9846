// Re-running one stored failure: its inputs, the result now and then, the expected value.
#pragma once

#include <cstdint>
#include <ostream>

#include "store/store.h"

namespace fpv {

// Prints the failure and re-runs it on the CPU where the impl runs there. Returns 0 when the
// stored result is reproduced (or cannot be re-run here), 1 when the re-run differs.
int repro_failure(Store& store, int64_t failure_id, std::ostream& out);

}  // namespace fpv
