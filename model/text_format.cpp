#include "model/text_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "model/rate_bound.h"
#include "model/tally.h"
#include "model/value_format.h"

namespace fpv {

std::string number_text(double value) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", value);
    return b;
}

std::string error_text(double error) {
    if (std::isinf(error)) return "inf";
    char out[32];
    std::snprintf(out, sizeof out, "%.4g", error);
    return out;
}

std::string log2_text(double error_u2) {
    if (error_u2 == 0) return "-inf";
    if (std::isinf(error_u2)) return "inf";
    char out[32];
    std::snprintf(out, sizeof out, "%.2f", std::log2(error_u2) - 48);
    return out;
}

std::string bin_label(int bin) {
    if (bin == kBinZeroError) return "0";
    if (bin == kBinInfiniteError) return "inf";
    return "[2^" + std::to_string(bin) + ", 2^" + std::to_string(bin + 1) + ")";
}

std::string grouped(WideCount n) {
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
        n /= 10;
    } while (n != 0);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string percent_text(uint64_t part, uint64_t whole) {
    if (whole == 0) return "-";
    if (part == 0) return "0 %";
    char out[32];
    const double p = 100.0 * static_cast<double>(part) / static_cast<double>(whole);
    std::snprintf(out, sizeof out, p >= 0.01 ? "%.3g %%" : "%.2e %%", p);
    return out;
}

std::string u2_text(double value) {
    if (value < 0) return "-";
    char out[32];
    std::snprintf(out, sizeof out, "%.4g", value);
    return out;
}

std::string bits32_text(uint32_t bits) {
    char out[16];
    std::snprintf(out, sizeof out, "0x%08x", bits);
    return std::string(out) + " (" + decimal_of_float(bits) + ")";
}

std::string human_count(double n) {
    const char* suffix[] = {"", "K", "M", "G", "T", "P"};
    int i = 0;
    while (n >= 1000 && i < 5) {
        n /= 1000;
        ++i;
    }
    char out[32];
    std::snprintf(out, sizeof out, i == 0 ? "%.0f%s" : "%.2f%s", n, suffix[i]);
    return out;
}

std::string human_duration(double s) {
    if (!std::isfinite(s) || s < 0) return "?";
    const long total = std::lround(s);
    char out[32];
    if (total >= 3600) {
        std::snprintf(out, sizeof out, "%ldh%02ldm%02lds", total / 3600, total / 60 % 60, total % 60);
    } else if (total >= 60) {
        std::snprintf(out, sizeof out, "%ldm%02lds", total / 60, total % 60);
    } else {
        std::snprintf(out, sizeof out, "%lds", total);
    }
    return out;
}

std::string markdown_cell(std::string_view text) {
    std::string cell;
    for (const char c : text) {
        if (c == '|') cell += '\\';
        cell += c;
    }
    return cell;
}

namespace {

void append_escaped(std::string& out, unsigned char byte) {
    char escaped[5];
    std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
    out += escaped;
}

// The length of the well-formed UTF-8 sequence at the start of `text` (RFC 3629's table), or 0.
size_t utf8_sequence_length(std::string_view text) {
    const auto at = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = at(0);
    if (lead < 0x80) return 1;
    size_t length = 0;
    unsigned char low = 0x80, high = 0xbf;  // the second byte's range
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        if (lead == 0xe0) low = 0xa0;   // no overlong forms
        if (lead == 0xed) high = 0x9f;  // no surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        if (lead == 0xf0) low = 0x90;
        if (lead == 0xf4) high = 0x8f;  // nothing beyond U+10FFFF
    } else {
        return 0;
    }
    if (text.size() < length || at(1) < low || at(1) > high) return 0;
    for (size_t i = 2; i < length; ++i) {
        if (at(i) < 0x80 || at(i) > 0xbf) return 0;
    }
    return length;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
    while (!text.empty()) {
        const size_t length = utf8_sequence_length(text);
        if (length == 0) return false;
        text.remove_prefix(length);
    }
    return true;
}

std::string terminal_text(std::string_view text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        if (byte < 0x20 || byte == 0x7f) {
            append_escaped(out, byte);
        } else if (byte == 0xc2 && next >= 0x80 && next <= 0x9f) {
            // U+0080 to U+009F: C1 controls, which some terminals obey as ESC sequences.
            append_escaped(out, byte);
            append_escaped(out, next);
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string terminal_lines(std::string_view text) {
    std::string out;
    for (size_t start = 0; start <= text.size();) {
        const size_t end = std::min(text.find('\n', start), text.size());
        out += terminal_text(text.substr(start, end - start));
        if (end < text.size()) out += '\n';
        start = end + 1;
    }
    return out;
}

std::string markdown_text(std::string_view text) {
    std::string out;
    for (const char c : terminal_text(text)) {
        if (std::string_view("\\`*_[]<>#|!&~").find(c) != std::string_view::npos) out += '\\';
        out += c;
    }
    return out;
}

std::string markdown_code(std::string_view text) {
    const std::string inside = terminal_text(text);
    size_t longest = 0, run = 0;
    for (const char c : inside) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    // A span that starts or ends with a backtick needs a space inside its fence.
    const bool pad = !inside.empty() && (inside.front() == '`' || inside.back() == '`');
    return fence + (pad ? " " : "") + inside + (pad ? " " : "") + fence;
}

std::string rate_bound_text(uint64_t inside, bool failed) {
    if (failed || inside == 0) return "-";
    char text[32];
    std::snprintf(text, sizeof text, "< %.2g", zero_failure_rate_bound(inside));
    return text;
}

}  // namespace fpv
