// Which reference judges a campaign. MPFR always; "fast" lets ops with an exact computation
// without MPFR use it instead (the host's IEEE 754 division for div64, conversion for f2d,
// binary32 sqrt, 1/x and x/y; exact integer sums for float-float ops), with MPFR still
// checking a fixed sample of the inputs.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace fpv {

enum class ReferenceMode { mpfr, fast };

constexpr std::string_view reference_mode_name(ReferenceMode m) {
    return m == ReferenceMode::fast ? "fast" : "mpfr";
}

inline std::optional<ReferenceMode> reference_mode_from_name(std::string_view name) {
    if (name == "mpfr") return ReferenceMode::mpfr;
    if (name == "fast") return ReferenceMode::fast;
    return std::nullopt;
}

// The inputs whose fast reference MPFR recomputes: those whose first operand's low ten bits
// are 0x2a5, one in 1024 of every binade and of every exhaustive range of 1024 patterns.
constexpr bool cross_checked(uint64_t a) { return (a & 0x3ffu) == 0x2a5u; }

// The float-float inputs whose fast verdict MPFR recomputes: one in 1024, picked by a hash of
// both words.
constexpr bool cross_checked_pair(uint64_t a, uint64_t b) {
    return ((a * 0x9e3779b97f4a7c15ull ^ b * 0xc2b2ae3d27d4eb4full) >> 54) == 0x2a5u;
}

}  // namespace fpv
