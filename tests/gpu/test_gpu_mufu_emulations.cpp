// The MUFU-seeded emulations of sqrt64, rcp64 and rsqrt64 (ops/binary64/mufu_seeded.h) run in the GPU
// kernels from the same source as on the host, seeded there by the instructions themselves
// rather than their host models: in every rounding mode, correctly rounded on every class (and
// sqrt's TestFloat file) there too, with x86's NaN rule kept.
#include "tests/gpu/gpu_emulation_campaigns.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

TEST(GpuMufuEmulation, EveryModeOfEveryOpIsCorrectlyRoundedOnTheGpuAndKeepsItsNanRule) {
    FPV_NEEDS_GPU();
    testing::expect_clean_gpu_emulation_campaigns(
        {{"sqrt64", "all,testfloat:" + testing::vectors_dir() + "/f64_sqrt.level1.txt", "4000000", "fast"},
         {"rcp64", "all", "4000000", "fast"},
         {"rsqrt64", "all", "300000", "mpfr"}});  // no fast reference: MPFR judges every input
}

}  // namespace
}  // namespace fpv
