#include "model/statistics/flush_changes.h"

#include <stdexcept>

namespace fpv {

void FlushChanges::add_row(std::span<const int64_t>) { throw std::invalid_argument("ftz_changed has no rows"); }

}  // namespace fpv
