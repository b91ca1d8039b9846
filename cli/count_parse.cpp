#include "cli/count_parse.h"

#include <charconv>
#include <string>

#include "core/usage_error.h"

namespace fpv {
namespace {

constexpr uint64_t kLimit = uint64_t{1} << 63;

bool parse_unsigned(std::string_view s, uint64_t& v) {
    if (s.empty()) return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size();
}

// mantissa (digits with an optional fraction) times 10^exponent, if it is a whole number.
bool scale_decimal(std::string_view mantissa, int exponent, uint64_t& out) {
    const size_t dot = mantissa.find('.');
    std::string digits(mantissa.substr(0, dot));
    if (dot != std::string_view::npos) {
        const std::string_view fraction = mantissa.substr(dot + 1);
        digits += fraction;
        exponent -= static_cast<int>(fraction.size());
    }
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return false;
    while (exponent < 0) {
        if (digits.back() != '0') return false;  // not a whole number
        digits.pop_back();
        ++exponent;
        if (digits.empty()) return false;
    }
    uint64_t v = 0;
    if (!parse_unsigned(digits, v)) return false;
    for (; exponent > 0; --exponent) {
        if (v > kLimit / 10) return false;
        v *= 10;
    }
    out = v;
    return true;
}

}  // namespace

uint64_t parse_count(std::string_view text, std::string_view what) {
    const auto fail = [&](const std::string& why) -> uint64_t {
        throw UsageError(std::string(what) + ": '" + std::string(text) + "' " + why);
    };
    if (text.empty()) return fail("is empty");
    uint64_t value = 0;
    bool ok = false;
    if (text.starts_with("2^")) {
        uint64_t exponent = 0;
        ok = parse_unsigned(text.substr(2), exponent) && exponent < 63;
        if (ok) value = uint64_t{1} << exponent;
    } else if (const size_t e = text.find_first_of("eE"); e != std::string_view::npos) {
        int exponent = 0;
        std::string_view exp_text = text.substr(e + 1);
        if (exp_text.starts_with('+')) exp_text.remove_prefix(1);
        const auto [end, ec] =
            std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);
        ok = !exp_text.empty() && ec == std::errc() && end == exp_text.data() + exp_text.size() &&
             exponent >= -30 && exponent <= 30 && scale_decimal(text.substr(0, e), exponent, value);
    } else {
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
        ok = scale_decimal(mantissa, exponent, value);
    }
    if (!ok) return fail("is not a count (use e.g. 1000, 1e9, 2^32, 100M)");
    if (value == 0) return fail("must be at least 1");
    if (value >= kLimit) return fail("is too large (the limit is 2^63 - 1)");
    return value;
}

}  // namespace fpv
