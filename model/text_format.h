// Numbers as the reports, summaries and progress lines print them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace fpv {

std::string error_text(double error);    // "0", "1.5", "3.2e+15", "inf"
std::string number_text(double value);   // as an argument is typed, up to 6 digits: "1024", "0.5"
std::string log2_text(double error_u2);  // log2 of a relative error given in u^2: "-46.42"
std::string bin_label(int bin);          // "[2^-1, 2^0)", "0", "inf"
// A count wide enough for sums of 64-bit counts: a campaign's units may plan 2^62 inputs each.
using WideCount = unsigned __int128;
std::string grouped(WideCount n);        // 1,234,567, exactly at any size
std::string markdown_cell(std::string_view text);  // text for a Markdown table cell: "|" escaped
// Text from users and files (campaign names, hosts, paths) as Markdown shows it literally, on
// one line: control characters as \xNN, Markdown's active characters backslash-escaped.
std::string markdown_text(std::string_view text);
// The same as an inline code span: control characters as \xNN, backticks fenced by a longer run.
std::string markdown_code(std::string_view text);
// Text from users for a terminal: control characters (escape sequences, newlines; C1 controls
// such as U+009B, a one-character CSI, as their two UTF-8 bytes) as \xNN.
std::string terminal_text(std::string_view text);
// A message for a terminal, its own line breaks kept and every other control character as above.
std::string terminal_lines(std::string_view text);
// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code points beyond U+10FFFF).
bool is_valid_utf8(std::string_view text);
std::string percent_text(uint64_t part, uint64_t whole);
std::string u2_text(double value);       // a bound or largest error in u^2, "-" when absent
std::string bits32_text(uint32_t bits);  // 0x3f800000 (1)
std::string human_count(double n);       // 1.23M
std::string human_duration(double s);    // 1h02m03s
// With no failure among `inside` inputs, the failure rate that count rules out at 95 %
// ("< 3e-12"); "-" when something failed or nothing was judged.
std::string rate_bound_text(uint64_t inside, bool failed);

}  // namespace fpv
