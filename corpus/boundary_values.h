// The boundary values of each binary format that the `specials` classes cross with each other.
#pragma once

#include "core/formats.h"

namespace fpv {

FPV_TABLE(uint64_t, boundary64,
    0x0000000000000000ull, 0x8000000000000000ull,  // +-0
    0x0000000000000001ull, 0x8000000000000001ull,  // +-least subnormal 2^-1074
    0x0000000000000002ull, 0x8000000000000002ull,  // +-2^-1073
    0x0008000000000000ull, 0x8008000000000000ull,  // +-2^-1023, a mid-range subnormal
    0x000fffffffffffffull, 0x800fffffffffffffull,  // +-largest subnormal
    0x0010000000000000ull, 0x8010000000000000ull,  // +-least normal 2^-1022
    0x0010000000000001ull, 0x8010000000000001ull,  // +-its successor
    0x001fffffffffffffull, 0x801fffffffffffffull,  // +-top of the least normal binade
    0x3ca0000000000000ull, 0xbca0000000000000ull,  // +-2^-53
    0x3fe0000000000000ull, 0xbfe0000000000000ull,  // +-0.5
    0x3fefffffffffffffull, 0xbfefffffffffffffull,  // +-predecessor of 1
    0x3ff0000000000000ull, 0xbff0000000000000ull,  // +-1
    0x3ff0000000000001ull, 0xbff0000000000001ull,  // +-successor of 1
    0x3ff8000000000000ull, 0xbff8000000000000ull,  // +-1.5
    0x4000000000000000ull, 0xc000000000000000ull,  // +-2
    0x4008000000000000ull, 0xc008000000000000ull,  // +-3
    0x4340000000000000ull, 0xc340000000000000ull,  // +-2^53
    0x7fe0000000000000ull, 0xffe0000000000000ull,  // +-2^1023
    0x7feffffffffffffeull, 0xffeffffffffffffeull,  // +-predecessor of the largest finite
    0x7fefffffffffffffull, 0xffefffffffffffffull,  // +-largest finite
    0x7ff0000000000000ull, 0xfff0000000000000ull,  // +-infinity
    0x7ff8000000000000ull, 0xfff8000000000000ull,  // +-quiet NaN
    0x7ff8000000000123ull, 0x7fffffffffffffffull,  // quiet NaNs with payloads
    0x7ff0000000000001ull, 0xfff4000000000000ull)  // signalling NaNs with payloads

// Signed zeros, subnormal extremes, the least normal, 1 and neighbours, the largest finite,
// infinities, NaNs with payloads, and the edges of the seed's f2d domains.
FPV_TABLE(uint32_t, boundary32, 0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu,
          0x807fffffu, 0x00800000u, 0x80800000u, 0x00800001u, 0x3f800000u, 0xbf800000u,
          0x3f7fffffu, 0x3f800001u, 0x40000000u, 0x3f000000u, 0x7f000000u, 0x7f7fffffu,
          0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7fa00000u,
          0x7fc00123u, 0x38000000u, 0x47ffffffu, 0x48000000u, 0x3effffffu, 0x41000000u, 0x1f800000u,
          0x5f800000u, 0x20000000u)

FPV_HD constexpr unsigned boundary_count(Format f) {
    return f == Format::binary64 ? boundary64_size : boundary32_size;
}

FPV_HD FPV_INLINE uint64_t boundary_value(Format f, unsigned i) {
    return f == Format::binary64 ? boundary64(i) : boundary32(i);
}

}  // namespace fpv
