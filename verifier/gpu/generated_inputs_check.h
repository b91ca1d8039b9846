// The GPU generates a class's inputs from (class key, index) with the same code the host runs,
// and the host relies on that: it regenerates the inputs of the results the GPU hands over, and
// `repro` regenerates a failure's. Code whose meaning a compiler may choose (the order in which
// a call's arguments draw from the generator, say) can make the two disagree without either
// being wrong on its own, so the host compares the GPU's inputs with its own where it has them.
#pragma once

#include <stdexcept>
#include <string>

#include "model/input_set.h"
#include "model/value_format.h"
#include "reference/reference_mode.h"

namespace fpv::gpu {

// Compares the GPU's inputs of indices [begin, begin + count) with the host's: those of MPFR's
// sample (exact_sampled), or all of them with `every`. Throws on the first that differs.
inline void check_generated_inputs(const InputSet& set, uint64_t begin, uint64_t count, const Operands* gpu_inputs,
                                   bool every) {
    for (uint64_t i = 0; i < count; ++i) {
        const uint64_t index = begin + i;
        if (!every && !exact_sampled(index)) continue;
        const Operands host = set.input(index);
        const Operands& gpu = gpu_inputs[i];
        if (gpu == host) continue;
        throw std::runtime_error(
            "the GPU generated input #" + std::to_string(index) + " of class '" + set.spec + "' as (" + hex64(gpu.a) + ", " + hex64(gpu.b) + ", " + hex64(gpu.c) + "), the host as (" +
            hex64(host.a) + ", " + hex64(host.b) + ", " + hex64(host.c) +
            "): the class's generator computes differently on the two (a bug in the class or this "
            "build); no result of it can be trusted");
    }
}

}  // namespace fpv::gpu
