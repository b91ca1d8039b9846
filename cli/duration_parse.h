// Durations as people write them for --for: 90s, 30m, 8h, 2d, 1h30m, or plain seconds.
#pragma once

#include <string_view>

namespace fpv {

// Parses a positive duration into seconds; throws UsageError naming `what`.
double parse_duration(std::string_view text, std::string_view what);

// The shard K/N of --shard: 0 <= K < N.
struct ShardSpec {
    int index = 0, count = 1;
};
ShardSpec parse_shard(std::string_view text);

}  // namespace fpv
