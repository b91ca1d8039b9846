#include "reports/text_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "model/rate_bound.h"
#include "model/tally.h"
#include "reports/value_format.h"

namespace fpv {

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

std::string grouped(uint64_t n) {
    std::string digits = std::to_string(n), out;
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

std::string terminal_text(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) {
            char escaped[5];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            out += escaped;
        } else {
            out += c;
        }
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
