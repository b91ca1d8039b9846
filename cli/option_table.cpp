#include "cli/option_table.h"

#include <charconv>

namespace fpv {

std::string whole_number_problem(const std::string& text, WholeNumberRange range) {
    int64_t value = 0;
    // from_chars takes no '+' and no spaces, and reports overflow instead of clamping.
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < range.min ||
        value > range.max) {
        return "'" + text + "' is not a whole number from " + std::to_string(range.min) + " to " +
               std::to_string(range.max);
    }
    return {};
}

}  // namespace fpv
