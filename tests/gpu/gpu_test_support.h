// GPU tests skip, with a visible note, where no GPU is usable; under `make gpu-test`
// (FPV_REQUIRE_GPU=1) a missing GPU is a failure instead.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "verifier/gpu/backend.h"

namespace fpv::testing {

inline bool gpu_usable(std::string& why) {
    std::vector<std::string> names;
    return probe_gpus(why, names);
}

inline int gpu_count() {
    std::string why;
    std::vector<std::string> names;
    return probe_gpus(why, names) ? static_cast<int>(names.size()) : 0;
}

}  // namespace fpv::testing

#define FPV_NEEDS_GPU()                                                                 \
    do {                                                                                \
        std::string why_;                                                               \
        if (!::fpv::testing::gpu_usable(why_)) {                                        \
            if (std::getenv("FPV_REQUIRE_GPU") != nullptr) FAIL() << why_;              \
            GTEST_SKIP() << "GPU test skipped: " << why_ << " (run `make gpu-test` on a " \
                                                            "machine with a GPU)";      \
        }                                                                               \
    } while (0)
