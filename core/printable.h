// Text from files and users shown in messages: bytes a terminal would act on or mangle (NUL,
// escape sequences, invalid UTF-8) are written as \xNN, so a message shows what the file holds.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace fpv {

// Printable ASCII as it is, a backslash doubled, every other byte as \xNN.
inline std::string printable(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte == '\\') {
            out += "\\\\";
        } else if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            char escaped[5];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            out += escaped;
        }
    }
    return out;
}

}  // namespace fpv
