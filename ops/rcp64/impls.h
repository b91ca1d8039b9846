// rcp64.emu, emu_rz, emu_ru, emu_rd: the integer reciprocal seeded by rcp.approx.ftz.f64
// (ops/rcp64/emulated.h), one impl per rounding mode.
#pragma once

#include "ops/binary64/mufu_seeded_impl.h"
#include "ops/rcp64/emulated.h"

namespace fpv::rcp64 {

inline constexpr std::string_view kEmuSummary =
    "integer emulation seeded by rcp.approx.ftz.f64: two fixed-point Newton steps, rounding by the exact "
    "residual, gradual underflow";

template <Rounding R>
struct Emu : mufu_seeded::Emulation<R, kEmuSummary> {
    FPV_HD static uint64_t run(uint64_t x) { return emulated_reciprocal<R>(x); }
};

using Emulations = binary64_emulation::InEachMode<Emu>;

}  // namespace fpv::rcp64
