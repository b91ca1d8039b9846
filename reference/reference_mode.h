// Which reference judges a campaign. MPFR always; "fast" lets ops with an exact computation
// without MPFR use it instead (the host's IEEE 754 answer where an op declares one, its trait
// host_ieee: the binary64 ops but rsqrt64, f2d, binary32 sqrt, 1/x and x/y; exact integer sums
// for float-float ops), with MPFR still checking a fixed sample of the inputs; the ops without
// one are judged by MPFR alone. "exact" certifies results by integer residuals that
// run on the GPU as well as on the host (reference/exact_check.h): what a check certifies is
// exact, everything else goes to MPFR, and MPFR re-judges a fixed sample of what was certified.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/portability.h"

namespace fpv {

enum class ReferenceMode { mpfr, fast, exact };

constexpr std::string_view reference_mode_name(ReferenceMode m) {
    return m == ReferenceMode::fast ? "fast" : m == ReferenceMode::exact ? "exact" : "mpfr";
}

inline std::optional<ReferenceMode> reference_mode_from_name(std::string_view name) {
    if (name == "mpfr") return ReferenceMode::mpfr;
    if (name == "fast") return ReferenceMode::fast;
    if (name == "exact") return ReferenceMode::exact;
    return std::nullopt;
}

// The inputs whose fast reference MPFR recomputes: those whose first operand's low ten bits
// are 0x2a5, one in 1024 of every binade and of every exhaustive range of 1024 patterns.
constexpr bool cross_checked(uint64_t a) { return (a & 0x3ffu) == 0x2a5u; }

// The float-float inputs and matrix entries whose fast verdict MPFR recomputes: one in 1024,
// picked by a hash of both words (on the GPU too, which hands these entries to the host).
FPV_HD constexpr bool cross_checked_pair(uint64_t a, uint64_t b) {
    return ((a * 0x9e3779b97f4a7c15ull ^ b * 0xc2b2ae3d27d4eb4full) >> 54) == 0x2a5u;
}

// The certified inputs that MPFR re-judges under the exact reference: one index in 4096, by a
// hash that spreads them over every batch. The GPU sends these to the host with the declined.
inline constexpr uint64_t kExactSampleRate = 4096;
FPV_HD constexpr bool exact_sampled(uint64_t index) { return ((index * 0x9e3779b97f4a7c15ull) >> 52) == 0x2a5u; }

}  // namespace fpv
