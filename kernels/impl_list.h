// The implementations under test, as X-macro lists so that the host catalogue and the GPU
// kernels are generated from one place. Each entry:
//   X(op, variant, function, "what it is", "valid input domain", "accuracy claim")
// names the impl "op.variant". `function` maps the operands (two 64-bit words, see
// corpus/operands.h) to the result's bits.
#pragma once

#include "kernels/div64_emulated.h"
#include "kernels/div64_native.h"

// Source that compiles for both the host and the device.
#define FPV_PORTABLE_IMPLS(X)                                                                  \
    X(div64, emu_halley, ::fpv::div64::emu_halley,                                             \
      "integer emulation, one Halley refinement of the rcp.approx seed (the published default)", \
      "all binary64 operands", "correctly rounded (claimed)")                                  \
    X(div64, emu_nr, ::fpv::div64::emu_nr,                                                     \
      "integer emulation, two Newton-Raphson refinements of the rcp.approx seed",              \
      "all binary64 operands", "correctly rounded (claimed)")

// Source that only the host can run.
#define FPV_HOST_ONLY_IMPLS(X)                                                                 \
    X(div64, host, ::fpv::div64::host_divide, "the host CPU's own IEEE division (baseline)",   \
      "all binary64 operands", "correctly rounded (IEEE 754)")

// Source that only the GPU can run (kernels/device_impls.cuh); listed here for the catalogue.
#define FPV_DEVICE_ONLY_IMPLS(X)                                                               \
    X(div64, cuda, ::fpv::div64::cuda_divide,                                                  \
      "the GPU's own binary64 division, __ddiv_rn (baseline)", "all binary64 operands",        \
      "correctly rounded (IEEE 754)")
