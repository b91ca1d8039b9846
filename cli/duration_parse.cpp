#include "cli/duration_parse.h"

#include <charconv>
#include <cmath>
#include <string>

#include "core/usage_error.h"

namespace fpv {

double parse_duration(std::string_view text, std::string_view what) {
    const auto refuse = [&] {
        return UsageError(std::string(what) + ": '" + std::string(text) +
                          "' is not a duration such as 90s, 30m, 8h, 2d or 1h30m");
    };
    double seconds = 0;
    std::string_view rest = text;
    if (rest.empty()) throw refuse();
    while (!rest.empty()) {
        double amount = 0;
        const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), amount);
        if (ec != std::errc() || !std::isfinite(amount) || amount < 0) throw refuse();
        rest.remove_prefix(static_cast<size_t>(end - rest.data()));
        double unit = 1;
        if (!rest.empty()) {
            switch (rest.front()) {
                case 's': unit = 1; break;
                case 'm': unit = 60; break;
                case 'h': unit = 3600; break;
                case 'd': unit = 86400; break;
                default: throw refuse();
            }
            rest.remove_prefix(1);
        } else if (seconds != 0) {
            throw refuse();  // "1h30": thirty what?
        }
        seconds += amount * unit;
    }
    if (!(seconds > 0) || !std::isfinite(seconds)) throw refuse();
    return seconds;
}

ShardSpec parse_shard(std::string_view text) {
    const size_t slash = text.find('/');
    ShardSpec s;
    const auto whole = [](std::string_view part, int& v) {
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        return !part.empty() && ec == std::errc() && end == part.data() + part.size();
    };
    if (slash == std::string_view::npos || !whole(text.substr(0, slash), s.index) ||
        !whole(text.substr(slash + 1), s.count) || s.count < 1 || s.count > 1000000 || s.index < 0 ||
        s.index >= s.count) {
        throw UsageError("--shard: '" + std::string(text) + "' is not K/N with 0 <= K < N <= 1000000");
    }
    return s;
}

}  // namespace fpv
