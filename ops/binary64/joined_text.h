// Text joined at compile time: an impl's spec holds string_views, so text built from an op's
// words (ops/binary64/rounded_natives.h, int_emulation.h) needs storage that lives as long as the
// program.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace fpv {

// Parts: a type with `static constexpr std::array<std::string_view, N> parts`.
template <class Parts>
struct JoinedText {
    static constexpr size_t size = [] {
        size_t n = 0;
        for (std::string_view p : Parts::parts) n += p.size();
        return n;
    }();
    static constexpr std::array<char, size> chars = [] {
        std::array<char, size> text{};
        size_t at = 0;
        for (std::string_view p : Parts::parts) {
            for (char c : p) text[at++] = c;
        }
        return text;
    }();
    static constexpr std::string_view view{chars.data(), size};
};

}  // namespace fpv
