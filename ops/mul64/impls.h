// mul64's own emulation, in integers only (ops/mul64/emulated.h), in each rounding mode:
// mul64.emu, emu_rz, emu_ru, emu_rd. A NaN operand comes back quieted, x's before y's, as on
// x86; 0 * inf gives x86's default NaN.
#pragma once

#include "core/impl_traits.h"
#include "core/type_list.h"
#include "ops/mul64/emulated.h"

namespace fpv::mul64 {

inline constexpr std::string_view kNoun = "multiplication";

template <Rounding R>
struct Emu : int_emulation::Emulation<R, kNoun> {
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) { return emulated_multiply<R>(x, y); }
};

using Emulations = binary64_emulation::InEachMode<Emu>;

}  // namespace fpv::mul64
