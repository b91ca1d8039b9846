#include "cli/count_parse.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "core/usage_error.h"

namespace fpv {
namespace {

constexpr uint64_t kLimit = uint64_t{1} << 63;

// A count read: a whole number, a whole number past kLimit (well written, too large to hold), or
// something that is no count.
enum class Reading { count, too_large, malformed };

Reading parse_unsigned(std::string_view s, uint64_t& v) {
    if (s.empty()) return Reading::malformed;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (end != s.data() + s.size()) return Reading::malformed;
    if (ec == std::errc::result_out_of_range) return Reading::too_large;
    return ec == std::errc() ? Reading::count : Reading::malformed;
}

// mantissa (digits with an optional fraction) times 10^exponent, if it is a whole number.
Reading scale_decimal(std::string_view mantissa, int exponent, uint64_t& out) {
    const size_t dot = mantissa.find('.');
    std::string digits(mantissa.substr(0, dot));
    if (dot != std::string_view::npos) {
        const std::string_view fraction = mantissa.substr(dot + 1);
        digits += fraction;
        exponent -= static_cast<int>(fraction.size());
    }
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return Reading::malformed;
    while (exponent < 0) {
        if (digits.back() != '0') return Reading::malformed;  // not a whole number
        digits.pop_back();
        ++exponent;
        if (digits.empty()) return Reading::malformed;
    }
    uint64_t v = 0;
    if (const Reading r = parse_unsigned(digits, v); r != Reading::count) return r;
    for (; exponent > 0; --exponent) {
        if (v == 0) break;
        if (v > kLimit / 10) return Reading::too_large;
        v *= 10;
    }
    out = v;
    return Reading::count;
}

Reading read_count(std::string_view text, uint64_t& value) {
    if (text.starts_with("2^")) {
        uint64_t exponent = 0;
        const Reading r = parse_unsigned(text.substr(2), exponent);
        if (r != Reading::count) return r;
        if (exponent >= 63) return Reading::too_large;
        value = uint64_t{1} << exponent;
        return Reading::count;
    }
    if (const size_t e = text.find_first_of("eE"); e != std::string_view::npos) {
        std::string_view exp_text = text.substr(e + 1);
        if (exp_text.starts_with('+')) exp_text.remove_prefix(1);
        int exponent = 0;
        const auto [end, ec] = std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);
        if (exp_text.empty() || end != exp_text.data() + exp_text.size()) return Reading::malformed;
        if (ec == std::errc::result_out_of_range) return exp_text.starts_with('-') ? Reading::malformed : Reading::too_large;
        if (ec != std::errc()) return Reading::malformed;
        if (exponent < -30) return Reading::malformed;  // no whole number is written so
        const Reading r = scale_decimal(text.substr(0, e), std::min(exponent, 30), value);
        // Past 10^30 any count but zero is past 2^63.
        return exponent > 30 && r == Reading::count && value != 0 ? Reading::too_large : r;
    }
    int exponent = 0;
    std::string_view mantissa = text;
    switch (text.back()) {
        case 'k': case 'K': exponent = 3; break;
        case 'M': exponent = 6; break;
        case 'G': exponent = 9; break;
        case 'T': exponent = 12; break;
        default: break;
    }
    if (exponent != 0) mantissa.remove_suffix(1);
    return scale_decimal(mantissa, exponent, value);
}

}  // namespace

uint64_t parse_count(std::string_view text, std::string_view what) {
    const auto fail = [&](const std::string& why) -> uint64_t {
        throw UsageError(std::string(what) + ": '" + std::string(text) + "' " + why);
    };
    if (text.empty()) return fail("is empty");
    uint64_t value = 0;
    const Reading r = read_count(text, value);
    if (r == Reading::malformed) return fail("is not a count (use e.g. 1000, 1e9, 2^32, 100M)");
    if (r == Reading::too_large || value >= kLimit) return fail("is too large (the largest count is 2^63 - 1)");
    if (value == 0) return fail("must be at least 1");
    return value;
}

}  // namespace fpv
