// How much of the detail a tally keeps: the rest is counted, not kept.
#pragma once

#include <cstddef>

namespace fpv {

struct TallyLimits {
    size_t worst_kept = 16;      // largest errors kept, with their inputs
    size_t failures_kept = 1000; // failures kept as a sample, lowest input indices first
    size_t runs_kept = 10000;    // exhaustive sweeps: maximal runs of wrong inputs described exactly
};

}  // namespace fpv
