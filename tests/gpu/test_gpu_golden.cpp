// Behaviour kept across the change that made ops types (issue 10), on the GPU: CUDA's own
// binary32 functions, the float-float FTZ builds, the GPU's division and the emulation on every
// class of their ops under both references give the tallies, field for field, that the
// fpverify of commit 4ca242f gave on an H100 (tests/golden/campaigns.sh).
#include <gtest/gtest.h>

#include "tests/golden_support.h"
#include "tests/gpu/gpu_test_support.h"

namespace fpv {
namespace {

TEST(GpuGolden, EveryGpuCampaignGivesTheTalliesOfTheFpverifyBeforeOpsWereTypes) {
    FPV_NEEDS_GPU();
    EXPECT_EQ(testing::expect_golden_campaigns("gpu"), 8u);
}

}  // namespace
}  // namespace fpv
