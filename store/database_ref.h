// A campaign named on the command line as PATH or PATH:ID (`merge`'s shards, `report --compare`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace fpv {

struct DatabaseRef {
    std::string path;
    int64_t campaign = 0;  // 0: the newest campaign of the database
};

// PATH:ID when what follows the last colon is digits and PATH:ID itself is not a file; the
// database must exist. Throws UsageError naming `what`.
DatabaseRef parse_database_ref(const std::string& argument, std::string_view what);

}  // namespace fpv
