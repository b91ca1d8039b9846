// sqrt64.emu, emu_rz, emu_ru, emu_rd: the integer square root seeded by rsqrt.approx.ftz.f64
// (ops/sqrt64/emulated.h), one impl per rounding mode.
#pragma once

#include "ops/binary64/mufu_seeded_impl.h"
#include "ops/sqrt64/emulated.h"

namespace fpv::sqrt64 {

inline constexpr std::string_view kEmuSummary =
    "integer emulation seeded by rsqrt.approx.ftz.f64: two fixed-point Newton steps, rounding by the exact residual";

template <Rounding R>
struct Emu : mufu_seeded::Emulation<R, kEmuSummary> {
    FPV_HD static uint64_t run(uint64_t x) { return emulated_sqrt<R>(x); }
};

using Emulations = binary64_emulation::InEachMode<Emu>;

}  // namespace fpv::sqrt64
