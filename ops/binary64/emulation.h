// What every emulation of a binary64 op in this tree shares, the integer-only ones
// (ops/binary64/int_emulation.h) and the MUFU-seeded ones (ops/binary64/mufu_seeded.h): the constants
// that core/binary64.h does not name, and how the four rounding modes' impls are named and listed.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "core/binary64.h"
#include "core/formats.h"
#include "core/type_list.h"

namespace fpv::binary64_emulation {

inline constexpr uint64_t kQuietBit = 0x0008000000000000ull;
// What x86 returns for an invalid operation (inf - inf, 0 * inf, sqrt of a negative number).
inline constexpr uint64_t kDefaultNan = 0xfff8000000000000ull;

// How each op's four emulations name themselves (ops/<op>/impls.h): "<op>.emu" rounds to
// nearest, "<op>.emu_rz", "emu_ru" and "emu_rd" round the directed ways.
inline constexpr std::array<std::string_view, 4> kVariants = {"emu", "emu_rz", "emu_ru", "emu_rd"};

constexpr size_t mode_index(Rounding r) { return static_cast<size_t>(r); }

// An op's emulation in each rounding mode, in the order of kVariants.
template <template <Rounding> class Emu>
using InEachMode = TypeList<Emu<Rounding::rn>, Emu<Rounding::rz>, Emu<Rounding::ru>, Emu<Rounding::rd>>;

}  // namespace fpv::binary64_emulation
