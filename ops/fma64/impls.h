// fma64's own emulation, in integers only (ops/fma64/emulated.h), in each rounding mode:
// fma64.emu, emu_rz, emu_ru, emu_rd. A NaN operand comes back quieted, the first of a, b, c,
// as on x86 (0 * inf + NaN too); 0 * inf and inf - inf give x86's default NaN.
#pragma once

#include "core/impl_traits.h"
#include "core/type_list.h"
#include "ops/fma64/emulated.h"

namespace fpv::fma64 {

inline constexpr std::string_view kNoun = "fused multiply-add";

template <Rounding R>
struct Emu : int_emulation::Emulation<R, kNoun> {
    FPV_HD static uint64_t run(uint64_t a, uint64_t b, uint64_t c) { return emulated_fma<R>(a, b, c); }
};

using Emulations = binary64_emulation::InEachMode<Emu>;

}  // namespace fpv::fma64
