// `fpverify status`: the campaigns of a database that are not finished, as seen from another
// terminal while they run: who owns each, how far each unit has got, its rate, time left and
// failures so far. Read-only, so it is safe while a run writes (SQLite's WAL readers).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>

#include "store/store.h"

namespace fpv {

// Every running or paused campaign (or only `campaign`, whatever its status). Returns the
// number of campaigns shown.
int print_status(Store& store, std::optional<int64_t> campaign, std::ostream& out);

}  // namespace fpv
