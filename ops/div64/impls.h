// The implementations of binary64 division under test: the seed's two integer emulations and
// the native divisions they are measured against.
#pragma once

#include "core/impl_traits.h"
#include "ops/div64/emulated.h"
#include "ops/binary64/rounded_natives.h"

namespace fpv::div64 {

struct EmuHalley : PortableImpl {
    static constexpr ImplSpec spec{
        .variant = "emu_halley",
        .summary = "integer emulation, one Halley refinement of the rcp.approx seed (the published default)",
        .domain = "all binary64 operands",
        .claim = "correctly rounded (claimed)"};
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) { return emulated_divide<Refinement::halley_once>(x, y); }
};

// The published default with its seed's bias corrected (emulated.h, kCorrectedSeedBias): proven
// correctly rounded by `fpverify prove-div64` (docs/div64_proof.md).
struct EmuHalleyFixed : PortableImpl {
    static constexpr ImplSpec spec{
        .variant = "emu_halley_fixed",
        .summary = "integer emulation, one Halley refinement of the rcp.approx seed, the seed's bias corrected",
        .domain = "all binary64 operands",
        .claim = "correctly rounded (proven: docs/div64_proof.md)"};
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) {
        return emulated_divide<Refinement::halley_once, Mutation::none, emulation_detail::kCorrectedSeedBias>(x, y);
    }
};

struct EmuNr : PortableImpl {
    static constexpr ImplSpec spec{
        .variant = "emu_nr",
        .summary = "integer emulation, two Newton-Raphson refinements of the rcp.approx seed",
        .domain = "all binary64 operands",
        .claim = "correctly rounded (claimed)"};
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) {
        return emulated_divide<Refinement::newton_raphson_twice>(x, y);
    }
};

// The native divisions in every rounding mode: the host's IEEE division (SSE keeps subnormals;
// fpverify changes the rounding mode only around the directed baselines) and the GPU's
// __ddiv_r{n,z,u,d}: baselines that must never fail.
struct NativeDivide {
    static constexpr std::string_view domain = "all binary64 operands";
    static constexpr std::array<std::string_view, 4> host_summary = {
        "the host CPU's own IEEE division (baseline)", "the host CPU's own IEEE division under FE_TOWARDZERO (baseline)",
        "the host CPU's own IEEE division under FE_UPWARD (baseline)",
        "the host CPU's own IEEE division under FE_DOWNWARD (baseline)"};
    static constexpr std::array<std::string_view, 4> cuda_summary = {
        "the GPU's own binary64 division, __ddiv_rn (baseline)", "the GPU's own binary64 division, __ddiv_rz (baseline)",
        "the GPU's own binary64 division, __ddiv_ru (baseline)", "the GPU's own binary64 division, __ddiv_rd (baseline)"};
    static double host(double x, double y) { return x / y; }
#if defined(__CUDACC__)
    template <Rounding R>
    __device__ static double device(double x, double y) { return FPV_CUDA_ROUNDED(R, __ddiv, x, y); }
#endif
};

}  // namespace fpv::div64
