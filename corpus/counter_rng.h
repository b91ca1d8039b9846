// Counter-based random numbers: every draw is a pure function of (key, index, draw number), so
// the GPU and the host produce the same inputs, in any order, with no state to carry.
#pragma once

#include "core/portability.h"

namespace fpv {

// SplitMix64's finaliser: a bijection on 64-bit words with good avalanche.
FPV_HD FPV_INLINE constexpr uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// The stream of draws for one input of one class of one campaign.
class CounterRng {
public:
    FPV_HD CounterRng(uint64_t key, uint64_t index) : base_(mix64(index ^ key)), draw_(0) {}

    FPV_HD uint64_t next() {
        ++draw_;
        return mix64(base_ + draw_ * 0x9e3779b97f4a7c15ull);
    }

    // Uniform in [0, n), n > 0; the bias of the multiply-shift is below 2^-32 for the small
    // ranges used here.
    FPV_HD uint64_t below(uint64_t n) { return umul64hi(next(), n); }

    // Uniform integer in [lo, hi].
    FPV_HD int64_t between(int64_t lo, int64_t hi) {
        return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
    }

    FPV_HD bool coin() { return (next() >> 63) != 0; }

private:
    uint64_t base_;
    uint64_t draw_;
};

// The key of a class within a campaign: the campaign seed and a per-class salt.
FPV_HD FPV_INLINE constexpr uint64_t class_key(uint64_t seed, uint64_t class_salt) {
    return mix64(seed * 0xd1b54a32d192ed03ull + mix64(class_salt));
}

}  // namespace fpv
