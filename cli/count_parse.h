// Counts as people write them: 1000, 1e9, 2^32, 100M, 1.5G.
#pragma once

#include <cstdint>
#include <string_view>

namespace fpv {

// Parses a positive whole count below 2^63. Accepts plain integers, <mantissa>e<exponent>,
// 2^<exponent>, and the suffixes K, M, G, T (powers of ten). Throws UsageError naming `what`.
uint64_t parse_count(std::string_view text, std::string_view what);

}  // namespace fpv
