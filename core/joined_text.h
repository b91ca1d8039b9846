// Text joined at compile time: an impl's spec holds string_views, so text built from an op's
// words (ops/binary64/rounded_natives.h, int_emulation.h) or from a count (gemm64's
// cublas_emu_fixed55, gemmul8_accu20) needs storage that lives as long as the program.
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

// The parts of `kPrefix` followed by a number of two digits, for JoinedText.
template <const std::string_view& kPrefix, int kNumber>
struct TwoDigitSuffix {
    static_assert(kNumber >= 0 && kNumber < 100);
    static constexpr char digits[2] = {static_cast<char>('0' + kNumber / 10), static_cast<char>('0' + kNumber % 10)};
    static constexpr std::array<std::string_view, 2> parts{kPrefix, std::string_view(digits, 2)};
};

}  // namespace fpv
