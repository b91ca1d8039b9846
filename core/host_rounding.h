// The host FPU in a chosen rounding mode: the native baselines of directed rounding, and the
// fast reference of impls that claim one. fesetround changes the calling thread's mode only,
// so OpenMP workers do not disturb each other; MPFR never reads it.
#pragma once

#include <cfenv>
#include <cstdint>

#include "core/formats.h"

namespace fpv {

constexpr int host_rounding_mode(Rounding r) {
    switch (r) {
        case Rounding::rz: return FE_TOWARDZERO;
        case Rounding::ru: return FE_UPWARD;
        case Rounding::rd: return FE_DOWNWARD;
        case Rounding::rn: break;
    }
    return FE_TONEAREST;
}

// A value the compiler must treat as unknown, read and written here: arithmetic between two of
// these cannot move across the mode changes around them (GCC assumes the default mode without
// -frounding-math and would otherwise fold or hoist it).
inline uint64_t opaque(uint64_t v) {
    asm volatile("" : "+r"(v) : : "memory");
    return v;
}

// Runs eval(words...) with the thread's FPU rounding toward `r`, then restores the mode.
template <class Eval, class... Words>
uint64_t in_host_rounding(Rounding r, Eval eval, Words... words) {
    if (r == Rounding::rn) return eval(words...);
    const int saved = std::fegetround();
    std::fesetround(host_rounding_mode(r));
    const uint64_t result = opaque(eval(opaque(words)...));
    std::fesetround(saved);
    return result;
}

}  // namespace fpv
