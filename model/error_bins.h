// The bins of error histograms, for the host's tallies and the GPU's alike: floor(log2(error))
// for finite positive errors, with a bin of its own for zero and one for infinity, and the slot
// each bin takes in a flat array of counts.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/portability.h"

namespace fpv {

inline constexpr int kBinZeroError = -100000;
inline constexpr int kBinInfiniteError = 100000;
// Every finite positive binary64 lies in a bin from 2^-1074 to 2^1023.
inline constexpr int kLowestErrorBin = -1075, kHighestErrorBin = 1024;
inline constexpr size_t kErrorSlots = kHighestErrorBin - kLowestErrorBin + 3;

// floor(log2(error)) from the bits (what std::ilogb gives), errors being nonnegative or NaN;
// NaN counts as infinite.
FPV_HD FPV_INLINE int error_bin(double error) {
    const uint64_t magnitude = bits_of(error) & ~(uint64_t{1} << 63);
    if (magnitude == 0) return kBinZeroError;
    const int field = static_cast<int>(magnitude >> 52);
    if (field == 0x7ff) return kBinInfiniteError;
    if (field != 0) return field - 1023;
    return 63 - clz64(magnitude) - 1074;
}

// Whether `bin` is one of the bins above (a value read from a file may be anything).
FPV_HD FPV_INLINE bool is_error_bin(int64_t bin) {
    return bin == kBinZeroError || bin == kBinInfiniteError || (bin >= kLowestErrorBin && bin <= kHighestErrorBin);
}

FPV_HD FPV_INLINE size_t error_slot(int bin) {
    if (bin == kBinZeroError) return 0;
    if (bin == kBinInfiniteError) return kErrorSlots - 1;
    return static_cast<size_t>(bin - kLowestErrorBin + 1);
}

FPV_HD FPV_INLINE int error_bin_of_slot(size_t slot) {
    if (slot == 0) return kBinZeroError;
    if (slot == kErrorSlots - 1) return kBinInfiniteError;
    return static_cast<int>(slot) - 1 + kLowestErrorBin;
}

}  // namespace fpv
