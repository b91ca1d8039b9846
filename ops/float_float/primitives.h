// Float-float values on binary32 (core/pair32.h) and the arithmetic they are built from: every
// operation rounds to nearest even and is never contracted into an FMA (core/rn_arith.h), so
// that the host and the device compute the same bits.
#pragma once

#include "core/pair32.h"
#include "core/rn_arith.h"

namespace fpv::ff {

using ::fpv::pack;
using ::fpv::Pair;
using ::fpv::single;
using ::fpv::unpack;
using ::fpv::word_of;
using rn::add;
using rn::div;
using rn::fma;
using rn::mul;
using rn::sub;

// |a|, by clearing the sign bit (exact, and the same everywhere).
FPV_HD FPV_INLINE float abs(float a) { return float_of(bits_of(a) & 0x7fffffffu); }

}  // namespace fpv::ff
