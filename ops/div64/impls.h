// The implementations of binary64 division under test: the seed's two integer emulations and
// the native divisions they are measured against.
#pragma once

#include "core/impl_traits.h"
#include "ops/div64/emulated.h"

namespace fpv::div64 {

struct EmuHalley : PortableImpl {
    static constexpr ImplSpec spec{
        .variant = "emu_halley",
        .summary = "integer emulation, one Halley refinement of the rcp.approx seed (the published default)",
        .domain = "all binary64 operands",
        .claim = "correctly rounded (claimed)"};
    FPV_HD static uint64_t run(uint64_t x, uint64_t y) { return emulated_divide<Refinement::halley_once>(x, y); }
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

// The host's own IEEE division (SSE rounds to nearest and keeps subnormals; fpverify never
// changes MXCSR): a baseline that must never fail.
struct HostDivide : HostImpl {
    static constexpr ImplSpec spec{.variant = "host",
                                   .summary = "the host CPU's own IEEE division (baseline)",
                                   .domain = "all binary64 operands",
                                   .claim = "correctly rounded (IEEE 754)"};
    static uint64_t run(uint64_t x, uint64_t y) { return bits_of(double_of(x) / double_of(y)); }
};

struct CudaDivide : DeviceImpl<> {
    static constexpr ImplSpec spec{.variant = "cuda",
                                   .summary = "the GPU's own binary64 division, __ddiv_rn (baseline)",
                                   .domain = "all binary64 operands",
                                   .claim = "correctly rounded (IEEE 754)"};
#if defined(__CUDACC__)
    __device__ static uint64_t run(uint64_t x, uint64_t y) { return bits_of(__ddiv_rn(double_of(x), double_of(y))); }
#endif
};

}  // namespace fpv::div64
