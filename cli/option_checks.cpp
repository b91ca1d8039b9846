#include "cli/option_checks.h"

#include <charconv>
#include <string>

#include "core/usage_error.h"

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

void refuse_empty_values(const CLI::App& command) {
    for (const CLI::Option* option : command.get_options()) {
        const bool takes_values = option->get_type_size_max() > 0;  // not a flag
        if (!takes_values || option->count() == 0 || option->get_name() == "--db") continue;
        for (const std::string& value : option->results()) {
            if (value.empty()) {
                throw UsageError(option->get_name() + ": an empty value (leave the option out for its default)");
            }
        }
    }
}

}  // namespace fpv
