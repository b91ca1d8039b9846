// sub64's own emulation, in integers only (ops/sub64/emulated.h: addition of -y), in each
// rounding mode: sub64.emu, emu_rz, emu_ru, emu_rd. A NaN operand comes back quieted, x's
// before y's, as on x86 (y's NaN not negated); inf - inf gives x86's default NaN.
#pragma once

#include "core/impl_traits.h"
#include "core/type_list.h"
#include "ops/sub64/emulated.h"

namespace fpv::sub64 {

inline constexpr std::string_view kNoun = "subtraction";

template <Rounding R>
struct Emu : int_emulation::Emulation<R, kNoun> {
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) { return emulated_subtract<R>(x, y); }
};

using Emulations = binary64_emulation::InEachMode<Emu>;

}  // namespace fpv::sub64
