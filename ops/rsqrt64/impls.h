// rsqrt64.emu, emu_rz, emu_ru, emu_rd: the integer 1/sqrt seeded by rsqrt.approx.ftz.f64
// (ops/rsqrt64/emulated.h), one impl per rounding mode.
#pragma once

#include "ops/binary64/mufu_seeded_impl.h"
#include "ops/rsqrt64/emulated.h"

namespace fpv::rsqrt64 {

inline constexpr std::string_view kEmuSummary =
    "integer emulation seeded by rsqrt.approx.ftz.f64: two fixed-point Newton steps, rounding by the exact "
    "128-bit residual";

template <Rounding R>
struct Emu : mufu_seeded::Emulation<R, kEmuSummary> {
    FPV_HD static uint64_t run(uint64_t x) { return emulated_rsqrt<R>(x); }
};

using Emulations = binary64_emulation::InEachMode<Emu>;

}  // namespace fpv::rsqrt64
