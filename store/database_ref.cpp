#include "store/database_ref.h"

#include <filesystem>

#include "core/printable.h"
#include "core/usage_error.h"
#include "store/database_file.h"

namespace fpv {

DatabaseRef parse_database_ref(const std::string& argument, std::string_view what) {
    DatabaseRef ref{argument, 0};
    // The error_code forms: a name the system refuses (a component over 255 bytes) is no database
    // there, a usage error, not a filesystem_error (exit status 3).
    std::error_code ec;
    const size_t colon = argument.rfind(':');
    if (colon != std::string::npos && colon + 1 < argument.size() &&
        argument.find_first_not_of("0123456789", colon + 1) == std::string::npos &&
        !std::filesystem::exists(argument, ec)) {
        ref.path = argument.substr(0, colon);
        const std::string digits = argument.substr(colon + 1);
        if (digits.size() > 18 || std::stoll(digits) == 0) {
            throw UsageError(std::string(what) + ": '" + printable(argument) + "': not a campaign id");
        }
        ref.campaign = std::stoll(digits);
    }
    require_existing_database_file(ref.path, what);
    return ref;
}

}  // namespace fpv
