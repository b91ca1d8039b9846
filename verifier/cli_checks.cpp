#include "verifier/cli_checks.h"

#include <charconv>
#include <string>

namespace fpv {

CLI::Validator whole_number_in(int64_t min, int64_t max) {
    const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    return CLI::Validator(
        [min, max, range](std::string& text) -> std::string {
            int64_t value = 0;
            // from_chars takes no '+' and no spaces, and reports overflow instead of clamping.
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < min ||
                value > max) {
                return "'" + text + "' is not " + range;
            }
            return {};
        },
        "INT in [" + std::to_string(min) + ", " + std::to_string(max) + "]");
}

}  // namespace fpv
