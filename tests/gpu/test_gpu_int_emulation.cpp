// The integer emulations of add64, sub64, mul64 and fma64 (ops/binary64/int_emulation.h) run in
// the GPU kernels from the same source as on the host: in every rounding mode, correctly rounded
// on every class and their op's TestFloat file there too, with x86's NaN rule kept.
#include "tests/gpu/gpu_emulation_campaigns.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/test_support.h"

namespace fpv {
namespace {

TEST(GpuIntEmulation, EveryModeOfEveryOpIsCorrectlyRoundedOnTheGpuAndKeepsItsNanRule) {
    FPV_NEEDS_GPU();
    const std::string testfloat = "all,testfloat:" + testing::vectors_dir() + "/";
    testing::expect_clean_gpu_emulation_campaigns(
        {{"add64", testfloat + "f64_add.level1.txt.gz", "4000000", "fast"},
         {"sub64", testfloat + "f64_sub.level1.txt.gz", "4000000", "fast"},
         {"mul64", testfloat + "f64_mul.level1.txt.gz", "4000000", "fast"},
         {"fma64", testfloat + "f64_mulAdd.level1.first150k.txt.gz", "4000000", "fast"}});
}

}  // namespace
}  // namespace fpv
